import { Alert, Avatar, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
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

/** The clinician's profile from getManagerInfo, as shown on the home screen. */
export function ProfileSummary(): ReactElement {
  const { t } = useTranslation();
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
        <Fact label={t('profile.title')}>{manager.title}</Fact>
        {manager.managerSpecialty && <Fact label={t('profile.specialty')}>{manager.managerSpecialty}</Fact>}
        {manager.managerYearsOfExperience !== null && (
          <Fact label={t('profile.experience')}>{manager.managerYearsOfExperience}</Fact>
        )}
        {manager.managerLanguageList.length > 0 && (
          <Fact label={t('profile.languages')}>{manager.managerLanguageList.join(', ')}</Fact>
        )}
      </SimpleGrid>
    </Card>
  );
}
