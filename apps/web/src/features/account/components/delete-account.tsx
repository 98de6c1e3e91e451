import { FailedCode, currentPasswordField } from '@clinic/contract';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useState, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { useConfirmUserPassword } from '../api/confirm-user-password.ts';
import { useDeleteManagerAccount } from '../api/delete-manager-account.ts';

type Step = 'closed' | 'password' | 'confirm';

/** Delete account: the password first, then a yes/no confirmation, then the session ends. */
export function DeleteAccount(): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const [step, setStep] = useState<Step>('closed');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const confirmPassword = useConfirmUserPassword();
  const deleteAccount = useDeleteManagerAccount();

  const close = (): void => {
    setStep('closed');
    setPassword('');
    setPasswordError(undefined);
    setFailure(undefined);
  };

  const submitPassword = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setFailure(undefined);
    const parsed = currentPasswordField.safeParse(password);
    if (!parsed.success) {
      setPasswordError(parsed.error.issues[0]?.message ?? 'validation.required');
      return;
    }
    try {
      const reply = await confirmPassword.mutateAsync(parsed.data);
      if (reply.isSuccess) {
        setPassword('');
        setFailure(undefined);
        setStep('confirm');
      } else {
        setFailure(reply.failedCode);
      }
    } catch {
      // The banner of the HTTP client has said what went wrong.
    }
  };

  const confirmDeletion = async (): Promise<void> => {
    setFailure(undefined);
    try {
      const reply = await deleteAccount.mutateAsync();
      if (!reply.isSuccess) {
        setFailure(reply.failedCode);
        if (reply.failedCode === FailedCode.PasswordConfirmationRequired) setStep('password');
      }
    } catch {
      // The banner of the HTTP client has said what went wrong.
    }
  };

  return (
    <>
      <Stack gap="xs" align="flex-start">
        <Text size="sm" c="dimmed">
          {t('account.delete.intro')}
        </Text>
        <Button color="red" variant="outline" onClick={() => setStep('password')}>
          {t('account.delete.open')}
        </Button>
      </Stack>

      <Modal opened={step === 'password'} onClose={close} title={t('account.delete.passwordTitle')}>
        <form noValidate onSubmit={(event) => void submitPassword(event)}>
          <Stack gap="md">
            <Text size="sm">{t('account.delete.passwordIntro')}</Text>
            {failure && (
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
                setPasswordError(undefined);
              }}
              error={message(passwordError) ?? (failure === FailedCode.WrongPassword || undefined)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" color="red" loading={confirmPassword.isPending}>
                {t('account.delete.continue')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>

      <Modal opened={step === 'confirm'} onClose={close} title={t('account.delete.confirmTitle')}>
        <Stack gap="md">
          <Text size="sm">{t('account.delete.confirmBody')}</Text>
          {failure && (
            <Alert color="red" role="alert">
              {message(failure)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-autofocus>
              {t('account.delete.no')}
            </Button>
            <Button color="red" loading={deleteAccount.isPending} onClick={() => void confirmDeletion()}>
              {t('account.delete.yes')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
