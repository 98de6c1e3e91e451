import { currentPasswordField, FailedCode } from '@clinic/contract';
import { Alert, Badge, Button, Group, Modal, PasswordInput, Skeleton, Stack, Text } from '@mantine/core';
import { useState, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { RecoveryCodes } from '../../../shared/second-factor/recovery-codes.tsx';
import { TotpEnrolment, type Enrolment } from '../../../shared/second-factor/totp-enrolment.tsx';
import { LoadFailed } from '../../../shared/ui/load-failed.tsx';
import { useBeginTotpSetup } from '../api/begin-totp-setup.ts';
import { useConfirmTotpSetup } from '../api/confirm-totp-setup.ts';
import { useDisableTotp } from '../api/disable-totp.ts';
import { usePasskeys } from '../api/passkeys.ts';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes.ts';
import { useSecondFactorStatus } from '../api/second-factor-status.ts';

type PasswordAction = 'disable' | 'regenerate';

/** The password asked before the second factor is turned off or its recovery codes replaced. */
function PasswordPrompt({
  action,
  onClose,
  onCodes,
}: {
  action: PasswordAction | undefined;
  onClose: () => void;
  onCodes: (codes: string[]) => void;
}): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const disable = useDisableTotp();
  const regenerate = useRegenerateRecoveryCodes();
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string>();

  const close = (): void => {
    setPassword('');
    setFailure(undefined);
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const parsed = currentPasswordField.safeParse(password);
    if (!parsed.success) {
      setFailure(parsed.error.issues[0]?.message ?? 'validation.required');
      return;
    }
    try {
      if (action === 'regenerate') {
        const reply = await regenerate.mutateAsync(parsed.data);
        if (!reply.isSuccess) return setFailure(reply.failedCode);
        onCodes(reply.recoveryCodes);
      } else {
        const reply = await disable.mutateAsync(parsed.data);
        if (!reply.isSuccess) return setFailure(reply.failedCode);
      }
      close();
    } catch {
      // The banner of the HTTP client has said what went wrong.
    }
  };

  return (
    <Modal
      opened={action !== undefined}
      onClose={close}
      title={action === 'regenerate' ? t('secondFactor.myPage.regenerateTitle') : t('secondFactor.myPage.disableTitle')}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <Text size="sm">{t('secondFactor.myPage.passwordIntro')}</Text>
          {failure && failure !== FailedCode.WrongPassword && (
            <Alert color="red" role="alert">
              {message(failure)}
            </Alert>
          )}
          <PasswordInput
            label={t('account.delete.password')}
            autoComplete="current-password"
            data-autofocus
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setFailure(undefined);
            }}
            error={failure === FailedCode.WrongPassword ? message(failure) : undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              color={action === 'disable' ? 'red' : undefined}
              loading={disable.isPending || regenerate.isPending}
            >
              {action === 'regenerate' ? t('secondFactor.myPage.regenerate') : t('secondFactor.myPage.disable')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** My page, two-step verification: an authenticator app set up, replaced or turned off, and recovery codes. */
export function TwoStepVerification(): ReactElement {
  const { t } = useTranslation();
  const status = useSecondFactorStatus();
  const passkeys = usePasskeys();
  const begin = useBeginTotpSetup();
  const confirm = useConfirmTotpSetup();
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

  const start = async (): Promise<void> => {
    setCodes(undefined);
    try {
      setEnrolment(await begin.mutateAsync());
    } catch {
      // The banner of the HTTP client has said what went wrong.
    }
  };

  const confirmCode = async (code: string): Promise<string | undefined> => {
    try {
      const reply = await confirm.mutateAsync(code);
      if (!reply.isSuccess) return reply.failedCode;
      setEnrolment(undefined);
      setCodes(reply.recoveryCodes);
    } catch {
      // The banner of the HTTP client has said what went wrong.
    }
    return undefined;
  };

  if (enrolment) {
    return (
      <TotpEnrolment
        enrolment={enrolment}
        onConfirm={confirmCode}
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
          <RecoveryCodes codes={codes} />
          <Button variant="default" onClick={() => setCodes(undefined)}>
            {t('secondFactor.myPage.codesSaved')}
          </Button>
        </Stack>
      )}
      <Group>
        <Button variant={totp ? 'default' : 'filled'} loading={begin.isPending} onClick={() => void start()}>
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
      <PasswordPrompt action={action} onClose={() => setAction(undefined)} onCodes={setCodes} />
    </Stack>
  );
}
