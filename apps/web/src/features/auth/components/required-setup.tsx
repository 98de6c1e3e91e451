import { completeRequiredSetup, FailedCode, type TokenPair, type LoginUser } from '@clinic/contract';
import { Alert, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { RecoveryCodes } from '../../../shared/second-factor/recovery-codes.tsx';
import { TotpEnrolment } from '../../../shared/second-factor/totp-enrolment.tsx';
import { authActions } from '../../../shared/session/auth-store.ts';
import { useBeginRequiredSetup } from '../api/begin-required-setup.ts';
import { useCompleteRequiredSetup } from '../api/complete-required-setup.ts';

interface RequiredSetupProps {
  challenge: string;
  onLoggedIn: () => Promise<void>;
  onRestart: (failedCode?: string) => void;
}

/** REQUIRE_MFA: after the password, a clinician without a second factor sets one up before any screen. */
export function RequiredSetup({ challenge, onLoggedIn, onRestart }: RequiredSetupProps): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const enrolment = useBeginRequiredSetup(challenge);
  const complete = useCompleteRequiredSetup();
  const [done, setDone] = useState<{ recoveryCodes: string[]; token: TokenPair; user: LoginUser }>();

  const expired = enrolment.data?.isSuccess === false;
  useEffect(() => {
    if (expired) onRestart(FailedCode.LoginStepExpired);
  }, [expired, onRestart]);

  const finish = async (): Promise<void> => {
    if (!done) return;
    // The session starts once the codes have been seen, so that nothing leaves this screen before.
    authActions.setSession(done.token, done.user);
    await onLoggedIn();
  };

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('secondFactor.required.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('secondFactor.required.intro')}
        </Text>
      </div>
      {enrolment.isError && (
        <Alert color="red" role="alert">
          {message(FailedCode.ServerError)}
        </Alert>
      )}
      {done ? (
        <>
          <RecoveryCodes codes={done.recoveryCodes} email={done.user.userEmail} />
          <Button size="md" onClick={() => void finish()}>
            {t('secondFactor.required.continue')}
          </Button>
        </>
      ) : enrolment.data?.isSuccess ? (
        <TotpEnrolment
          enrolment={enrolment.data}
          confirmation={{
            schema: completeRequiredSetup.request,
            toRequest: ({ code }) => ({ challenge, code }),
            send: (request) => complete.mutateAsync(request),
            onReply: (reply, form) => {
              if (reply.isSuccess) return setDone(reply);
              if (reply.failedCode === FailedCode.LoginStepExpired) onRestart(reply.failedCode);
              form.setFailure(reply.failedCode);
            },
          }}
          pending={complete.isPending}
          actions={
            <Button variant="default" onClick={() => onRestart()}>
              {t('common.cancel')}
            </Button>
          }
        />
      ) : (
        <Skeleton height={320} role="status" aria-label={t('common.loading')} />
      )}
    </Stack>
  );
}
