import { Stack } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { VerifyEmailNotice } from '../../features/auth/components/verify-email-notice.tsx';
import { FlashNotice } from '../../shared/notices/flash-notice.tsx';
import { useDocumentTitle } from '../../shared/ui/use-document-title.ts';

/** `/login`, also the landing of verification links (`#verify=`) and of ended sessions. */
export function Component(): ReactElement {
  const { t } = useTranslation();
  useDocumentTitle(t('login.title'));
  return (
    <Stack gap="md">
      <FlashNotice />
      <VerifyEmailNotice />
      <LoginForm />
    </Stack>
  );
}
