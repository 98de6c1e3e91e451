import { useContractForm } from '@clinic/client/contract-form';
import { FailedCode, changePasswordRequest } from '@clinic/contract';
import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '../../../shared/forms/new-password-fields.tsx';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { showSuccess } from '../../../shared/notices/banners.ts';
import { useChangePassword } from '../api/change-password.ts';

const initialValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change password: current, new and confirmation, with the contract's rules. */
export function ChangePasswordForm(): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const change = useChangePassword();
  const form = useContractForm({
    initialValues,
    schema: changePasswordRequest,
    toRequest: (values) => ({ currentPassword: values.currentPassword, newPassword: values.newPassword }),
    validate: (values, errors) =>
      !('newPassword' in errors) && values.confirmPassword !== values.newPassword
        ? { ...errors, confirmPassword: 'validation.password_mismatch' }
        : errors,
    send: change.mutateAsync,
    onReply: (reply, form) => {
      if (reply.isSuccess) {
        form.reset();
        showSuccess(t('account.changePassword.done'));
        return;
      }
      form.setFailure(reply.failedCode);
      if (reply.failedCode === FailedCode.WrongPassword) form.setErrors({ currentPassword: reply.failedCode });
    },
  });
  const { values, errors, failure } = form;

  return (
    <form noValidate onSubmit={form.onSubmit} aria-label={t('account.changePassword.title')}>
      <Stack gap="sm" maw={420}>
        {failure && failure !== FailedCode.WrongPassword && (
          <Alert color="red" role="alert">
            {message(failure)}
          </Alert>
        )}
        <PasswordInput
          label={t('account.changePassword.current')}
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={(event) => form.setValue('currentPassword', event.currentTarget.value)}
          error={message(errors.currentPassword)}
        />
        <NewPasswordFields
          labels={{
            newPassword: t('account.changePassword.new'),
            confirmPassword: t('account.changePassword.confirm'),
          }}
          values={values}
          errors={errors}
          onChange={form.setValue}
        />
        <Group>
          <Button type="submit" loading={change.isPending}>
            {t('account.changePassword.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
