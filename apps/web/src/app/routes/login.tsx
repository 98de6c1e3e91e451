import { Anchor, Stack, Text } from '@mantine/core';
import { Suspense, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { VerifyEmailNotice } from '../../features/auth/components/verify-email-notice.tsx';
import { lazyWithQueries } from '../../shared/api/lazy-with-queries.tsx';
import { FlashNotice } from '../../shared/notices/flash-notice.tsx';
import { useDocumentTitle } from '../../shared/ui/use-document-title.ts';
import { useOpenedOnce } from '../../shared/ui/use-opened-once.ts';

// The inquiry form and its checks load when a provider first opens it, not with the login page.
const ProviderInquiryModal = lazyWithQueries(
  async () => (await import('../../features/inquiries/components/provider-inquiry-modal.tsx')).ProviderInquiryModal,
);

/** `/login`, also the landing of verification links (`#verify=`) and of ended sessions. */
export function Component(): ReactElement {
  const { t } = useTranslation();
  const [inquiring, setInquiring] = useState(false);
  const inquiryMounted = useOpenedOnce(inquiring);
  useDocumentTitle(t('login.title'));
  return (
    <Stack gap="md">
      <FlashNotice />
      <VerifyEmailNotice />
      <LoginForm />
      <Text size="sm" ta="center" c="dimmed">
        {t('login.inquiryIntro')}{' '}
        <Anchor component="button" type="button" size="sm" onClick={() => setInquiring(true)}>
          {t('login.providerInquiry')}
        </Anchor>
      </Text>
      {inquiryMounted && (
        <Suspense fallback={null}>
          <ProviderInquiryModal opened={inquiring} onClose={() => setInquiring(false)} />
        </Suspense>
      )}
    </Stack>
  );
}
