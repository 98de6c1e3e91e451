import { Alert, Button, Divider, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountSecurity } from '../../features/account-security/components/account-security.tsx';
import { ChangePasswordForm } from '../../features/account/components/change-password-form.tsx';
import { DeleteAccount } from '../../features/account/components/delete-account.tsx';
import { useManagerInfo } from '../../features/account/api/get-manager-info.ts';
import { updateLanguageRequest } from '../../features/account/api/update-language.ts';
import { ProfileForm } from '../../features/account/components/profile-form.tsx';
import { Passkeys } from '../../features/account/components/passkeys.tsx';
import { TwoStepVerification } from '../../features/account/components/two-step-verification.tsx';
import { useLogout } from '../../features/auth/api/logout.ts';
import { FhirClients } from '../../features/fhir-clients/components/fhir-clients.tsx';
import { templatesSectionId } from '../../features/messages/api/templates.ts';
import { AwaySettings } from '../../features/messages/components/away-settings.tsx';
import { TemplateManager } from '../../features/messages/components/template-manager.tsx';
import { AlertThresholds } from '../../features/monitoring/components/alert-thresholds.tsx';
import { PaymentPlanSection } from '../../features/payments/components/payment-plan-section.tsx';
import { CookieSettings } from '../../shared/notices/cookie-settings.tsx';
import { LanguageSelect } from '../../shared/ui/language-select.tsx';
import { SectionLinks, SectionSelect } from '../../shared/ui/section-navigation.tsx';
import { UnitSelect } from '../../shared/ui/unit-select.tsx';
import { useDocumentTitle } from '../../shared/ui/use-document-title.ts';
import { NotificationSettings } from '../notification-settings.tsx';
import { SettingsSection as Section } from '../../shared/ui/settings-section.tsx';

function Profile(): ReactElement {
  const { t } = useTranslation();
  const info = useManagerInfo();
  if (info.isError) return <Alert color="red">{t('home.profileError')}</Alert>;
  if (!info.data) return <Skeleton height={200} role="status" aria-label={t('common.loading')} />;
  // A fresh form when the saved profile changes.
  return <ProfileForm key={info.dataUpdatedAt} manager={info.data} />;
}

/** My page (`/options`): units, profile, payment and plan, two-step verification, account, connected systems, language, notifications, cookies. */
export function Component(): ReactElement {
  const { t } = useTranslation();
  const logout = useLogout();
  useDocumentTitle(t('options.title'));
  const sections = [
    { id: 'options-units', title: t('options.unitsTitle') },
    { id: 'options-profile', title: t('profile.formTitle') },
    { id: 'options-monitoring', title: t('monitoring.settings.title') },
    { id: templatesSectionId, title: t('messaging.templates.title') },
    { id: 'options-message-away', title: t('messaging.away.title') },
    { id: 'options-payment', title: t('payments.sectionTitle') },
    { id: 'options-second-factor', title: t('secondFactor.myPage.title') },
    { id: 'options-account', title: t('account.title') },
    { id: 'options-sessions', title: t('accountSecurity.sessions.title') },
    { id: 'options-logins', title: t('accountSecurity.logins.title') },
    { id: 'options-fhir-clients', title: t('fhirClients.title') },
    { id: 'options-language', title: t('options.languageTitle') },
    { id: 'options-notifications', title: t('options.notifications.title') },
    { id: 'options-cookies', title: t('notices.cookies.title') },
  ];

  return (
    <Group align="flex-start" gap="xl" wrap="nowrap">
      <Stack gap="lg" maw={720} flex={1} miw={0}>
        <Title order={2}>{t('options.title')}</Title>
        <SectionSelect sections={sections} label={t('options.goToSection')} />

        <Section id="options-units" title={t('options.unitsTitle')}>
          <Stack gap="xs" maw={320}>
            <UnitSelect />
            <Text size="xs" c="dimmed">
              {t('options.unitsHint')}
            </Text>
          </Stack>
        </Section>

        <Section id="options-profile" title={t('profile.formTitle')}>
          <Profile />
        </Section>

        <Section id="options-monitoring" title={t('monitoring.settings.title')}>
          <AlertThresholds />
        </Section>

        <Section id={templatesSectionId} title={t('messaging.templates.title')}>
          <TemplateManager />
        </Section>

        <Section id="options-message-away" title={t('messaging.away.title')}>
          <AwaySettings />
        </Section>

        <Section id="options-payment" title={t('payments.sectionTitle')}>
          <PaymentPlanSection />
        </Section>

        <Section id="options-second-factor" title={t('secondFactor.myPage.title')}>
          <Stack gap="xl">
            <TwoStepVerification />
            <Passkeys />
          </Stack>
        </Section>

        <Section id="options-account" title={t('account.title')}>
          <Stack gap="lg">
            <Stack gap="xs" align="flex-start">
              <Title order={4}>{t('account.logout.title')}</Title>
              <Text size="sm" c="dimmed">
                {t('account.logout.intro')}
              </Text>
              <Button
                variant="default"
                loading={logout.isPending}
                onClick={() => logout.mutate({ notice: 'loggedOut' })}
              >
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

        <AccountSecurity />

        <Section id="options-fhir-clients" title={t('fhirClients.title')}>
          <FhirClients />
        </Section>

        <Section id="options-language" title={t('options.languageTitle')}>
          <Stack gap="xs" maw={320}>
            <LanguageSelect
              label={t('options.languageLabel')}
              onChanged={(language) => void updateLanguageRequest(language)}
            />
            <Text size="xs" c="dimmed">
              {t('options.languageHint')}
            </Text>
          </Stack>
        </Section>

        <Section id="options-notifications" title={t('options.notifications.title')}>
          <NotificationSettings />
        </Section>

        <Section id="options-cookies" title={t('notices.cookies.title')}>
          <CookieSettings />
        </Section>
      </Stack>
      <SectionLinks sections={sections} label={t('options.sectionsLabel')} />
    </Group>
  );
}
