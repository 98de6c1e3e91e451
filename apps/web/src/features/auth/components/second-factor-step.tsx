import { useContractForm } from '@clinic/client/contract-form';
import { completeLogin, FailedCode, type SecondStep } from '@clinic/contract';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { useCompleteLogin } from '../api/complete-login.ts';
import { passkeySecondStep } from '../api/passkey-login.ts';
import { PasskeyButton } from './passkey-button.tsx';

const initialValues = { code: '' };

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
  const login = useCompleteLogin();
  const hasApp = secondStep.methods.includes('totp');
  const hasRecoveryCodes = secondStep.methods.includes('recovery_code');
  // With passkeys alone, recovery codes are the only codes.
  const [method, setMethod] = useState<'totp' | 'recovery_code'>(hasApp ? 'totp' : 'recovery_code');
  // The code is checked as the complete-login request of the method chosen; other failures of the
  // call have the HTTP client's banner.
  const form = useContractForm({
    initialValues,
    schema: completeLogin.request,
    toRequest: ({ code }) => ({ challenge: secondStep.challenge, method, code }),
    send: (request) => login.mutateAsync(request),
    onReply: (reply, form) => {
      if (reply.isSuccess) void onLoggedIn();
      else if (reply.failedCode === FailedCode.LoginStepExpired) onRestart(reply.failedCode);
      else form.setFailure(reply.failedCode);
    },
  });
  const { values, errors, failure, setValue, setFailure, reset } = form;

  const switchMethod = (): void => {
    setMethod(method === 'totp' ? 'recovery_code' : 'totp');
    reset();
    setFailure(undefined);
  };

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
      {failure && (
        <Alert color="red" role="alert">
          {message(failure)}
        </Alert>
      )}
      {hasCodes && (
        <form noValidate onSubmit={form.onSubmit} aria-labelledby="second-step-title">
          <Stack gap="md">
            <TextInput
              key={method}
              label={method === 'totp' ? t('secondFactor.code') : t('secondFactor.recoveryCode')}
              inputMode={method === 'totp' ? 'numeric' : 'text'}
              autoComplete="one-time-code"
              value={values.code}
              onChange={(event) => {
                setValue('code', event.currentTarget.value);
                setFailure(undefined);
              }}
              error={message(errors.code)}
            />
            <Button type="submit" size="md" loading={login.isPending}>
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
