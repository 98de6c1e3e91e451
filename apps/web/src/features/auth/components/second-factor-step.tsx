import { FailedCode, recoveryCodeField, totpCodeField, type SecondStep } from '@clinic/contract';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { useCompleteLogin } from '../api/complete-login.ts';
import { passkeySecondStep } from '../api/passkey-login.ts';
import { PasskeyButton } from './passkey-button.tsx';

interface SecondFactorStepProps {
  secondStep: SecondStep;
  onLoggedIn: () => Promise<void>;
  /** Back to the password, with the reason when the challenge ran out. */
  onRestart: (failedCode?: string) => void;
}

/** The login's second step: a passkey, a code of the authenticator app, or one of the recovery codes. */
export function SecondFactorStep({ secondStep, onLoggedIn, onRestart }: SecondFactorStepProps): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const completeLogin = useCompleteLogin();
  const hasApp = secondStep.methods.includes('totp');
  const hasRecoveryCodes = secondStep.methods.includes('recovery_code');
  // With passkeys alone, recovery codes are the only codes.
  const [method, setMethod] = useState<'totp' | 'recovery_code'>(hasApp ? 'totp' : 'recovery_code');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const parsed = (method === 'totp' ? totpCodeField : recoveryCodeField).safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'validation.invalid');
      return;
    }
    try {
      const reply = await completeLogin.mutateAsync({ challenge: secondStep.challenge, method, code: parsed.data });
      if (reply.isSuccess) await onLoggedIn();
      else if (reply.failedCode === FailedCode.LoginStepExpired) onRestart(reply.failedCode);
      else setError(reply.failedCode);
    } catch {
      // The banner of the HTTP client has said what went wrong.
    }
  };

  const switchMethod = (): void => {
    setMethod(method === 'totp' ? 'recovery_code' : 'totp');
    setCode('');
    setError(undefined);
  };

  const isFieldError = error?.startsWith('validation.');
  const hasPasskey = secondStep.methods.includes('passkey');
  const hasCodes = hasApp || hasRecoveryCodes;
  return (
    <Stack gap="md">
      <div>
        <Title order={2} id="second-step-title">
          {t('secondFactor.login.title')}
        </Title>
        {hasCodes && (
          <Text c="dimmed" size="sm">
            {method === 'totp' ? t('secondFactor.login.intro') : t('secondFactor.login.recoveryIntro')}
          </Text>
        )}
        {hasPasskey && (
          <Text c="dimmed" size="sm">
            {t('secondFactor.login.passkeyIntro')}
          </Text>
        )}
      </div>
      {hasPasskey && (
        <PasskeyButton
          label={t('secondFactor.login.usePasskey')}
          variant={hasCodes ? 'default' : 'filled'}
          attempt={() => passkeySecondStep(secondStep.challenge)}
          onLoggedIn={onLoggedIn}
          onExpired={onRestart}
        />
      )}
      {error && !isFieldError && (
        <Alert color="red" role="alert">
          {message(error)}
        </Alert>
      )}
      {hasCodes && (
        <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="second-step-title">
          <Stack gap="md">
            <TextInput
              key={method}
              label={method === 'totp' ? t('secondFactor.code') : t('secondFactor.recoveryCode')}
              inputMode={method === 'totp' ? 'numeric' : 'text'}
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => {
                setCode(event.currentTarget.value);
                setError(undefined);
              }}
              error={isFieldError ? message(error) : undefined}
            />
            <Button type="submit" size="md" loading={completeLogin.isPending}>
              {t('secondFactor.login.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Stack gap="xs" align="center">
        {hasApp && hasRecoveryCodes && (
          <Anchor component="button" type="button" size="sm" onClick={switchMethod}>
            {method === 'totp' ? t('secondFactor.login.useRecoveryCode') : t('secondFactor.login.useApp')}
          </Anchor>
        )}
        <Anchor component="button" type="button" size="sm" onClick={() => onRestart()}>
          {t('secondFactor.login.back')}
        </Anchor>
      </Stack>
    </Stack>
  );
}
