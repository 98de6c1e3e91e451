import { FailedCode } from '@clinic/contract';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { PasswordConfirmModal } from '../../../shared/ui/password-confirm-modal.tsx';
import { useConfirmUserPassword } from '../api/confirm-user-password.ts';
import { useDeleteManagerAccount } from '../api/delete-manager-account.ts';

type Step = 'closed' | 'password' | 'confirm';

/** Delete account: the password first, then a yes/no confirmation, then the session ends. */
export function DeleteAccount(): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const [step, setStep] = useState<Step>('closed');
  const [failure, setFailure] = useState<string>();
  const confirmPassword = useConfirmUserPassword();
  const deleteAccount = useDeleteManagerAccount();

  const close = (): void => {
    setStep('closed');
    setFailure(undefined);
  };

  const checkPassword = async ({ password }: { password: string }): Promise<string | undefined> => {
    const reply = await confirmPassword.mutateAsync(password);
    if (!reply.isSuccess) return reply.failedCode;
    setFailure(undefined);
    setStep('confirm');
    return undefined;
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

      <PasswordConfirmModal
        opened={step === 'password'}
        title={t('account.delete.passwordTitle')}
        intro={t('account.delete.passwordIntro')}
        submitLabel={t('account.delete.continue')}
        danger
        pending={confirmPassword.isPending}
        onSubmit={checkPassword}
        onClose={close}
        openedFor={failure}
      />

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
