import { useContractForm } from '@clinic/client/contract-form';
import { FailedCode, completePasswordReset } from '@clinic/contract';
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { NewPasswordFields } from '../../../shared/forms/new-password-fields.tsx';
import { withLangQuery } from '../../../shared/i18n/language.ts';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { useCompletePasswordReset } from '../api/complete-password-reset.ts';

const initialValues = { newPassword: '', confirmPassword: '' };

/** The screen of a mailed reset link: a new password, confirmed. */
export interface ResetPasswordFormProps {
  token: string;
  /** The link has been used (successfully or not) and cannot be used again. */
  onSettled: () => void;
  /** The clinician asks for a new link. */
  onRestart: () => void;
}

export function ResetPasswordForm({ token, onSettled, onRestart }: ResetPasswordFormProps): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const location = useLocation();
  const complete = useCompletePasswordReset();
  const [done, setDone] = useState(false);
  const form = useContractForm({
    initialValues,
    schema: completePasswordReset.request,
    toRequest: (values) => ({ token, newPassword: values.newPassword }),
    validate: (values, errors) => {
      if (errors.newPassword) return { newPassword: errors.newPassword };
      if (values.confirmPassword !== values.newPassword) return { confirmPassword: 'validation.password_mismatch' };
      // A malformed link cannot work: it counts as used, and the form offers a new one.
      if (errors.token) onSettled();
      return errors;
    },
    send: complete.mutateAsync,
    onReply: (reply, form) => {
      if (reply.isSuccess) setDone(true);
      else form.setFailure(reply.failedCode);
      onSettled();
    },
  });
  const { values, errors } = form;
  const failure = form.failure ?? (errors.token ? FailedCode.LinkInvalid : undefined);

  const loginLink = withLangQuery(paths.login, location.search);

  if (done) {
    return (
      <Stack gap="md">
        <Title order={2}>{t('resetPassword.doneTitle')}</Title>
        <Alert color="teal" role="status">
          {t('resetPassword.done')}
        </Alert>
        <Button component={Link} to={loginLink}>
          {t('resetPassword.goToLogin')}
        </Button>
      </Stack>
    );
  }

  return (
    <form noValidate onSubmit={form.onSubmit} aria-labelledby="reset-title">
      <Stack gap="md">
        <div>
          <Title order={2} id="reset-title">
            {t('resetPassword.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('resetPassword.intro')}
          </Text>
        </div>
        {failure && (
          <Alert color="red" role="alert">
            <Stack gap="xs">
              <Text size="sm">{message(failure)}</Text>
              <Anchor component="button" type="button" size="sm" onClick={onRestart}>
                {t('resetPassword.requestNew')}
              </Anchor>
            </Stack>
          </Alert>
        )}
        <NewPasswordFields
          labels={{ newPassword: t('resetPassword.newPassword'), confirmPassword: t('resetPassword.confirmPassword') }}
          values={values}
          errors={errors}
          onChange={form.setValue}
        />
        <Button type="submit" loading={complete.isPending}>
          {t('resetPassword.submit')}
        </Button>
        <Anchor component={Link} to={loginLink} size="sm" ta="center">
          {t('common.backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
}
