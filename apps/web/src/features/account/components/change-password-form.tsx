import { FailedCode, changePasswordRequest } from '@clinic/contract';
import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useState, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../../shared/forms/issues.ts';
import { NewPasswordFields } from '../../../shared/forms/new-password-fields.tsx';
import { useFormState } from '../../../shared/forms/use-form-state.ts';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { showSuccess } from '../../../shared/notices/banners.ts';
import { useChangePassword } from '../api/change-password.ts';

const initialValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change password: current, new and confirmation, with the contract's rules. */
export function ChangePasswordForm(): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const form = useFormState(initialValues);
  const { values, errors } = form;
  const change = useChangePassword();
  const [failure, setFailure] = useState<string>();

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setFailure(undefined);
    const parsed = changePasswordRequest.safeParse({
      currentPassword: values.currentPassword,
      newPassword: values.newPassword,
    });
    const nextErrors = fieldErrorsOf(parsed);
    if (!('newPassword' in nextErrors) && values.confirmPassword !== values.newPassword) {
      nextErrors.confirmPassword = 'validation.password_mismatch';
    }
    if (!parsed.success || Object.keys(nextErrors).length > 0) {
      form.setErrors(nextErrors);
      return;
    }
    try {
      const reply = await change.mutateAsync(parsed.data);
      if (reply.isSuccess) {
        form.reset();
        showSuccess(t('account.changePassword.done'));
        return;
      }
      setFailure(reply.failedCode);
      if (reply.failedCode === FailedCode.WrongPassword) form.setErrors({ currentPassword: reply.failedCode });
    } catch {
      // The banner of the HTTP client has said what went wrong.
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={t('account.changePassword.title')}>
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
