import { Alert, Loader, Group, Text } from '@mantine/core';
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { verifyEmailRequest } from '../api/verify-email.ts';
import { clearUrlFragment, readLinkToken } from '../link-token.ts';

type Outcome = { kind: 'pending' } | { kind: 'verified' } | { kind: 'failed'; code: string } | { kind: 'error' };

/** Handles `/login#verify=<token>`: clears the fragment, activates the account, says how it went. */
export function VerifyEmailNotice(): ReactElement | null {
  const { t } = useTranslation();
  const message = useMessage();
  const [token] = useState(() => readLinkToken(window.location.hash, 'verify'));
  const [outcome, setOutcome] = useState<Outcome | undefined>(() => (token ? { kind: 'pending' } : undefined));

  useEffect(() => {
    if (!token) return undefined;
    clearUrlFragment();
    let active = true;
    verifyEmailRequest(token).then(
      (reply) => {
        if (active) setOutcome(reply.isSuccess ? { kind: 'verified' } : { kind: 'failed', code: reply.failedCode });
      },
      () => {
        if (active) setOutcome({ kind: 'error' });
      },
    );
    return () => {
      active = false;
    };
  }, [token]);

  if (!outcome) return null;
  switch (outcome.kind) {
    case 'pending':
      return (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{t('verification.checking')}</Text>
        </Group>
      );
    case 'verified':
      return (
        <Alert color="teal" role="status" title={t('verification.verifiedTitle')}>
          {t('verification.verified')}
        </Alert>
      );
    case 'failed':
      return (
        <Alert color="red" role="alert">
          {message(outcome.code)}
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
