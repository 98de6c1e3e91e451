import { confirmTotpSetup } from '@clinic/contract';
import { Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { RecoveryCodes } from '../../../shared/second-factor/recovery-codes.tsx';
import { TotpEnrolment, type Enrolment } from '../../../shared/second-factor/totp-enrolment.tsx';
import { useAuthStore } from '../../../shared/session/auth-store.ts';
import { LoadFailed } from '../../../shared/ui/load-failed.tsx';
import { PasswordConfirmModal } from '../../../shared/ui/password-confirm-modal.tsx';
import { useBeginTotpSetup } from '../api/begin-totp-setup.ts';
import { useConfirmTotpSetup } from '../api/confirm-totp-setup.ts';
import { useDisableTotp } from '../api/disable-totp.ts';
import { usePasskeys } from '../api/passkeys.ts';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes.ts';
import { useSecondFactorStatus } from '../api/second-factor-status.ts';

/** The changes of the second factor that take the password first. */
type PasswordAction = 'setUp' | 'regenerate' | 'disable';

/** My page, two-step verification: an authenticator app set up, replaced or turned off, and recovery codes. */
export function TwoStepVerification(): ReactElement {
  const { t } = useTranslation();
  const status = useSecondFactorStatus();
  const passkeys = usePasskeys();
  const begin = useBeginTotpSetup();
  const confirm = useConfirmTotpSetup();
  const disable = useDisableTotp();
  const regenerate = useRegenerateRecoveryCodes();
  const email = useAuthStore((state) => state.userEmail);
  const [enrolment, setEnrolment] = useState<Enrolment>();
  const [codes, setCodes] = useState<string[]>();
  const [action, setAction] = useState<PasswordAction>();

  if (status.isError) return <LoadFailed onRetry={() => void status.refetch()} />;
  if (!status.data) return <Skeleton height={80} role="status" aria-label={t('common.loading')} />;
  const { totp, recoveryCodesLeft, required } = status.data;
  const passkey = (passkeys.data?.passkeys.length ?? 0) > 0;
  const factors = totp && passkey ? 'both' : totp ? 'app' : passkey ? 'passkey' : undefined;
  // Recovery codes stand in for any second factor: passkeys alone get them too.
  const passkeysOnly = factors === 'passkey';

  /** Sends the password with the action; answers the failedCode of a refusal. */
  const withPassword = async ({ password }: { password: string }): Promise<string | undefined> => {
    if (action === 'setUp') {
      const reply = await begin.mutateAsync(password);
      if (!reply.isSuccess) return reply.failedCode;
      setCodes(undefined);
      setEnrolment(reply);
    } else if (action === 'regenerate') {
      const reply = await regenerate.mutateAsync(password);
      if (!reply.isSuccess) return reply.failedCode;
      setCodes(reply.recoveryCodes);
    } else {
      const reply = await disable.mutateAsync(password);
      if (!reply.isSuccess) return reply.failedCode;
    }
    setAction(undefined);
    return undefined;
  };

  if (enrolment) {
    return (
      <TotpEnrolment
        enrolment={enrolment}
        confirmation={{
          schema: confirmTotpSetup.request,
          send: ({ code }) => confirm.mutateAsync(code),
          onReply: (reply, form) => {
            if (!reply.isSuccess) return form.setFailure(reply.failedCode);
            setEnrolment(undefined);
            setCodes(reply.recoveryCodes);
          },
        }}
        pending={confirm.isPending}
        actions={
          <Button variant="default" onClick={() => setEnrolment(undefined)}>
            {t('common.cancel')}
          </Button>
        }
      />
    );
  }

  return (
    <Stack gap="md" align="flex-start">
      <Group gap="xs">
        <Badge color={factors ? 'teal' : 'gray'} variant="light">
          {factors ? t('secondFactor.myPage.on') : t('secondFactor.myPage.off')}
        </Badge>
        {factors && (
          <Text size="sm" c="dimmed">
            {t(`secondFactor.myPage.factors.${factors}`)}
          </Text>
        )}
        {required && (
          <Text size="sm" c="dimmed">
            {t('secondFactor.myPage.required')}
          </Text>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {totp ? t('secondFactor.myPage.onIntro', { count: recoveryCodesLeft }) : t('secondFactor.myPage.offIntro')}
      </Text>
      {passkeysOnly && (
        <Text size="sm" c="dimmed">
          {t('secondFactor.myPage.passkeyCodesIntro', { count: recoveryCodesLeft })}
        </Text>
      )}
      {codes && (
        <Stack gap="sm" w="100%">
          <RecoveryCodes codes={codes} email={email} />
          <Button variant="default" onClick={() => setCodes(undefined)}>
            {t('secondFactor.myPage.codesSaved')}
          </Button>
        </Stack>
      )}
      <Group>
        <Button variant={totp ? 'default' : 'filled'} onClick={() => setAction('setUp')}>
          {totp ? t('secondFactor.myPage.replace') : t('secondFactor.myPage.setUp')}
        </Button>
        {(totp || passkeysOnly) && (
          <Button variant="default" onClick={() => setAction('regenerate')}>
            {t('secondFactor.myPage.regenerate')}
          </Button>
        )}
        {totp && !required && (
          <Button color="red" variant="outline" onClick={() => setAction('disable')}>
            {t('secondFactor.myPage.disable')}
          </Button>
        )}
      </Group>
      <PasswordConfirmModal
        opened={action !== undefined}
        title={
          action === 'setUp'
            ? totp
              ? t('secondFactor.myPage.replace')
              : t('secondFactor.myPage.setUpTitle')
            : action === 'regenerate'
              ? t('secondFactor.myPage.regenerateTitle')
              : t('secondFactor.myPage.disableTitle')
        }
        submitLabel={
          action === 'setUp'
            ? t('common.continue')
            : action === 'regenerate'
              ? t('secondFactor.myPage.regenerate')
              : t('secondFactor.myPage.disable')
        }
        danger={action === 'disable'}
        pending={begin.isPending || regenerate.isPending || disable.isPending}
        onSubmit={withPassword}
        onClose={() => setAction(undefined)}
      />
    </Stack>
  );
}
