import { links, resetManagerPw } from '@clinic/contract';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../../shared/forms/issues.ts';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { useResetManagerPw } from '../api/reset-manager-pw.ts';

type Outcome = { kind: 'sent'; email: string } | { kind: 'failed'; code: string } | undefined;

/** Find password: mails a single-use link to set a new password. */
export function FindPasswordForm(): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const reset = useResetManagerPw();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome>();

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setOutcome(undefined);
    const parsed = resetManagerPw.request.safeParse({ userEmail: email });
    if (!parsed.success) {
      setError(fieldErrorsOf(parsed).userEmail);
      return;
    }
    try {
      const reply = await reset.mutateAsync(parsed.data.userEmail);
      setOutcome(
        reply.isSuccess ? { kind: 'sent', email: parsed.data.userEmail } : { kind: 'failed', code: reply.failedCode },
      );
    } catch {
      // The banner of the HTTP client has said what went wrong.
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('findPassword.intro')}
        </Text>
        <TextInput
          type="email"
          label={t('findPassword.email')}
          autoComplete="email"
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setError(undefined);
          }}
          error={message(error)}
        />
        {outcome?.kind === 'sent' && (
          <Alert color="teal" role="status" title={t('findPassword.sentTitle')}>
            {t('findPassword.sent', { email: outcome.email, minutes: links.resetPasswordMinutes })}
          </Alert>
        )}
        {outcome?.kind === 'failed' && (
          <Alert color="red" role="alert">
            {message(outcome.code)}
          </Alert>
        )}
        <Button type="submit" loading={reset.isPending}>
          {t('findPassword.submit')}
        </Button>
      </Stack>
    </form>
  );
}
