import { Button, Divider, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from '../../features/account/components/change-password-form.tsx';
import { DeleteAccount } from '../../features/account/components/delete-account.tsx';
import { useLogout } from '../../features/auth/api/logout.ts';
import { LanguageSelect } from '../../shared/ui/language-select.tsx';
import { UnitSelect } from '../../shared/ui/unit-select.tsx';
import { useDocumentTitle } from '../../shared/ui/use-document-title.ts';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }): ReactElement {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={id}>
      <Title order={3} id={id} mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** My page (`/options`): units, language and account. */
export function Component(): ReactElement {
  const { t } = useTranslation();
  const logout = useLogout();
  useDocumentTitle(t('options.title'));

  return (
    <Stack gap="lg" maw={720}>
      <Title order={2}>{t('options.title')}</Title>

      <Section id="options-units" title={t('options.unitsTitle')}>
        <Stack gap="xs" maw={320}>
          <UnitSelect />
          <Text size="xs" c="dimmed">
            {t('options.unitsHint')}
          </Text>
        </Stack>
      </Section>

      <Section id="options-language" title={t('options.languageTitle')}>
        <Stack gap="xs" maw={320}>
          <LanguageSelect label={t('options.languageLabel')} />
          <Text size="xs" c="dimmed">
            {t('options.languageHint')}
          </Text>
        </Stack>
      </Section>

      <Section id="options-account" title={t('account.title')}>
        <Stack gap="lg">
          <Stack gap="xs" align="flex-start">
            <Title order={4}>{t('account.logout.title')}</Title>
            <Text size="sm" c="dimmed">
              {t('account.logout.intro')}
            </Text>
            <Button variant="default" loading={logout.isPending} onClick={() => logout.mutate({ notice: 'loggedOut' })}>
              {t('account.logout.button')}
            </Button>
          </Stack>
          <Divider />
          <Stack gap="xs">
            <Title order={4}>{t('account.changePassword.title')}</Title>
            <Text size="sm" c="dimmed">
              {t('account.changePassword.intro')}
            </Text>
            <ChangePasswordForm />
          </Stack>
          <Divider />
          <Stack gap="xs">
            <Title order={4}>{t('account.delete.title')}</Title>
            <DeleteAccount />
          </Stack>
        </Stack>
      </Section>
    </Stack>
  );
}
