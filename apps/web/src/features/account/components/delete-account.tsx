import { FailedCode, confirmUserPassword } from '@clinic/contract';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../shared/forms/use-contract-form.ts';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { useConfirmUserPassword } from '../api/confirm-user-password.ts';
import { useDeleteManagerAccount } from '../api/delete-manager-account.ts';

type Step = 'closed' | 'password' | 'confirm';

/** Delete account: the password first, then a yes/no confirmation, then the session ends. */
export function DeleteAccount(): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const [step, setStep] = useState<Step>('closed');
  const confirmPassword = useConfirmUserPassword();
  const deleteAccount = useDeleteManagerAccount();
  const form = useContractForm({
    initialValues: { password: '' },
    schema: confirmUserPassword.request,
    send: (request) => confirmPassword.mutateAsync(request.password),
    onReply: (reply, form) => {
      if (reply.isSuccess) {
        form.reset();
        setStep('confirm');
      } else {
        form.setFailure(reply.failedCode);
      }
    },
  });
  const { failure, setFailure } = form;

  const close = (): void => {
    setStep('closed');
    form.reset();
    setFailure(undefined);
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
        <form noValidate onSubmit={form.onSubmit}>
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
              value={form.values.password}
              onChange={(event) => form.setValue('password', event.currentTarget.value)}
              error={message(form.errors.password) ?? (failure === FailedCode.WrongPassword || undefined)}
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
