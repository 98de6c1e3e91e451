import { Alert, Group, Loader, Text } from '@mantine/core';
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { forgetLinkToken, useLinkToken, type CapturedLink } from '../link-token.ts';

type Outcome = { kind: 'verified' } | { kind: 'failed'; code: string } | { kind: 'error' };

/** Handles `/login#verify=<token>` (the fragment is taken out of the address bar at start): activates the account. */
export function VerifyEmailNotice(): ReactElement | null {
  const { t } = useTranslation();
  const message = useMessage();
  const link = useLinkToken('verify');
  const [active, setActive] = useState<CapturedLink | undefined>(link);
  const [outcome, setOutcome] = useState<{ id: number; value: Outcome }>();
  if (link && link.id !== active?.id) setActive(link);

  useEffect(() => {
    if (!active) return undefined;
    let current = true;
    const settle = (value: Outcome): void => {
      forgetLinkToken('verify', active.id);
      if (current) setOutcome({ id: active.id, value });
    };
    // The request and its checks load only when a verification link was opened.
    import('../api/verify-email.ts')
      .then(({ verifyEmailRequest }) => verifyEmailRequest(active.token))
      .then(
        (reply) => settle(reply.isSuccess ? { kind: 'verified' } : { kind: 'failed', code: reply.failedCode }),
        () => settle({ kind: 'error' }),
      );
    return () => {
      current = false;
    };
  }, [active]);

  if (!active) return null;
  const result = outcome?.id === active.id ? outcome.value : undefined;
  if (!result) {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm">{t('verification.checking')}</Text>
      </Group>
    );
  }
  switch (result.kind) {
    case 'verified':
      return (
        <Alert color="teal" role="status" title={t('verification.verifiedTitle')}>
          {t('verification.verified')}
        </Alert>
      );
    case 'failed':
      return (
        <Alert color="red" role="alert">
          {message(result.code)}
        </Alert>
      );
    case 'error':
      return (
        <Alert color="red" role="alert">
          {t('verification.failed')}
        </Alert>
      );
  }
}
