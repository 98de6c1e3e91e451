import { Alert, Avatar, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { matchLanguage } from '@clinic/contract';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useManagerInfo } from '../api/get-manager-info.ts';

function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

function Fact({ label, children }: { label: string; children: ReactNode }): ReactElement {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

/**
 * A language of the profile's list in the reader's language: our four by their own names, any
 * other tag through the browser's language names, and free text as it was written.
 */
function languageName(entry: string, readerLanguage: string, ownName: (tag: string) => string | undefined): string {
  const ours = matchLanguage(entry);
  if (ours && ours.toLowerCase() === entry.trim().toLowerCase()) return ownName(ours) ?? entry;
  try {
    const names = new Intl.DisplayNames([readerLanguage], { type: 'language', fallback: 'none' });
    return names.of(entry.trim()) ?? entry;
  } catch {
    return entry;
  }
}

function languageList(entries: readonly string[], readerLanguage: string, ownName: (tag: string) => string): string {
  const names = entries.map((entry) => languageName(entry, readerLanguage, ownName));
  try {
    return new Intl.ListFormat([readerLanguage], { type: 'conjunction' }).format(names);
  } catch {
    return names.join(', ');
  }
}

/** The clinician's profile from getManagerInfo, as shown on the home screen. */
export function ProfileSummary(): ReactElement {
  const { t, i18n } = useTranslation();
  const info = useManagerInfo();

  if (info.isPending) {
    return (
      <Card withBorder padding="lg" aria-busy="true" aria-label={t('common.loading')}>
        <Stack>
          <Skeleton height={48} circle />
          <Skeleton height={14} width="40%" />
          <Skeleton height={14} width="70%" />
        </Stack>
      </Card>
    );
  }

  if (info.isError) {
    return (
      <Alert color="red" title={t('home.profileError')}>
        <Button variant="light" size="xs" mt="xs" onClick={() => void info.refetch()}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  }

  const manager = info.data;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="profile-title">
      <Group gap="md" mb="md">
        <Avatar size="lg" radius="xl" color="teal" src={manager.managerImageUrl ?? undefined} alt={manager.managerName}>
          {initialsOf(manager.managerName)}
        </Avatar>
        <div>
          <Title order={3} id="profile-title">
            {manager.managerName}
          </Title>
          <Text size="sm" c="dimmed">
            {t(`titles.${manager.title}`)}
          </Text>
        </div>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Fact label={t('profile.userId')}>{manager.userId}</Fact>
        <Fact label={t('profile.email')}>{manager.userEmail}</Fact>
        <Fact label={t('profile.npi')}>{manager.npiNumber}</Fact>
        <Fact label={t('profile.title')}>{t(`titles.${manager.title}`)}</Fact>
        {manager.managerSpecialty && <Fact label={t('profile.specialty')}>{manager.managerSpecialty}</Fact>}
        {manager.managerYearsOfExperience !== null && (
          <Fact label={t('profile.experience')}>{manager.managerYearsOfExperience}</Fact>
        )}
        {manager.managerLanguageList.length > 0 && (
          <Fact label={t('profile.languages')}>
            {languageList(manager.managerLanguageList, i18n.language, (tag) =>
              t(`language.names.${matchLanguage(tag) ?? 'en'}`),
            )}
          </Fact>
        )}
      </SimpleGrid>
    </Card>
  );
}
