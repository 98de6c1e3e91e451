import { emailField } from '@clinic/contract';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { useResendAuthEmail } from '../api/resend-auth-email.ts';

type Outcome = { kind: 'sent'; email: string } | { kind: 'failed'; code: string } | undefined;

/** Offered with US0001: mails a new verification link; an ID cannot receive mail, so it asks for the address. */
export function ResendVerification({ typedLogin }: { typedLogin: string }): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const resend = useResendAuthEmail();
  const typedEmail = emailField.safeParse(typedLogin);
  const [askEmail, setAskEmail] = useState(false);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome>();

  const send = async (address: string): Promise<void> => {
    const parsed = emailField.safeParse(address);
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message ?? 'validation.invalid');
      return;
    }
    setOutcome(undefined);
    try {
      const reply = await resend.mutateAsync(parsed.data);
      setOutcome(reply.isSuccess ? { kind: 'sent', email: parsed.data } : { kind: 'failed', code: reply.failedCode });
    } catch {
      setOutcome(undefined);
    }
  };

  const onResend = (): void => {
    if (typedEmail.success) void send(typedEmail.data);
    else setAskEmail(true);
  };

  return (
    <Stack gap="xs">
      {!askEmail && (
        <Button variant="light" size="sm" loading={resend.isPending} onClick={onResend}>
          {t('verification.resend')}
        </Button>
      )}
      {askEmail && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void send(email);
          }}
        >
          <Stack gap="xs" align="flex-start">
            <TextInput
              w="100%"
              type="email"
              label={t('verification.emailLabel')}
              description={t('verification.emailHint')}
              value={email}
              onChange={(event) => {
                setEmail(event.currentTarget.value);
                setEmailError(undefined);
              }}
              error={message(emailError)}
            />
            <Button type="submit" size="sm" loading={resend.isPending}>
              {t('verification.send')}
            </Button>
          </Stack>
        </form>
      )}
      {outcome?.kind === 'sent' && (
        <Alert color="teal" role="status">
          {t('verification.resent', { email: outcome.email })}
        </Alert>
      )}
      {outcome?.kind === 'failed' && (
        <Alert color="red" role="alert">
          {message(outcome.code)}
        </Alert>
      )}
    </Stack>
  );
}
