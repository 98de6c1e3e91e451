import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { ProfileSummary } from '../../features/account/components/profile-summary.tsx';
import { withLangQuery } from '../../shared/i18n/language.ts';
import { useAuthStore } from '../../shared/session/auth-store.ts';
import { useDocumentTitle } from '../../shared/ui/use-document-title.ts';

/** Home (`/` and `/appointments`): a welcome with the clinician's profile. */
export function Component(): ReactElement {
  const { t } = useTranslation();
  const location = useLocation();
  const userName = useAuthStore((state) => state.userName);
  useDocumentTitle(t('home.documentTitle'));

  return (
    <Stack gap="lg" maw={960}>
      <div>
        <Title order={2}>{userName ? t('home.welcomeNamed', { name: userName }) : t('home.welcome')}</Title>
        <Text c="dimmed">{t('home.intro')}</Text>
      </div>
      <ProfileSummary />
      <Card withBorder padding="lg">
        <Group justify="space-between" align="center">
          <div>
            <Text fw={600}>{t('home.accountTitle')}</Text>
            <Text size="sm" c="dimmed">
              {t('home.accountBody')}
            </Text>
          </div>
          <Button component={Link} to={withLangQuery(paths.options, location.search)} variant="light">
            {t('home.manageAccount')}
          </Button>
        </Group>
      </Card>
    </Stack>
  );
}
