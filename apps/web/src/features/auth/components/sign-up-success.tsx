import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { withLangQuery } from '../../../shared/i18n/language.ts';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { useResendAuthEmail } from '../api/resend-auth-email.ts';

type ResendResult = { kind: 'sent' } | { kind: 'failed'; code: string } | undefined;

export function SignUpSuccess({ email }: { email: string }): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const location = useLocation();
  const resend = useResendAuthEmail();
  const [result, setResult] = useState<ResendResult>();

  const onResend = async (): Promise<void> => {
    setResult(undefined);
    try {
      const reply = await resend.mutateAsync(email);
      setResult(reply.isSuccess ? { kind: 'sent' } : { kind: 'failed', code: reply.failedCode });
    } catch {
      setResult(undefined);
    }
  };

  return (
    <Stack gap="md">
      <Title order={2}>{t('signUp.success.title')}</Title>
      <Alert color="teal" role="status">
        {t('signUp.success.body', { email })}
      </Alert>
      <Text size="sm" c="dimmed">
        {t('signUp.success.hint')}
      </Text>
      {result?.kind === 'sent' && (
        <Alert color="teal" role="status">
          {t('verification.resent', { email })}
        </Alert>
      )}
      {result?.kind === 'failed' && (
        <Alert color="red" role="alert">
          {message(result.code)}
        </Alert>
      )}
      <Button variant="light" loading={resend.isPending} onClick={() => void onResend()}>
        {t('verification.resend')}
      </Button>
      <Anchor component={Link} to={withLangQuery(paths.login, location.search)} ta="center">
        {t('signUp.backToLogin')}
      </Anchor>
    </Stack>
  );
}
