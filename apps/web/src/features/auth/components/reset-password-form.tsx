import { FailedCode, linkTokenField, passwordField } from '@clinic/contract';
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { NewPasswordFields } from '../../../shared/forms/new-password-fields.tsx';
import { useFormState } from '../../../shared/forms/use-form-state.ts';
import { withLangQuery } from '../../../shared/i18n/language.ts';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { useCompletePasswordReset } from '../api/complete-password-reset.ts';

const initialValues = { newPassword: '', confirmPassword: '' };

type Outcome = { kind: 'done' } | { kind: 'failed'; code: string } | undefined;

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
  const form = useFormState(initialValues);
  const { values, errors } = form;
  const complete = useCompletePasswordReset();
  const [outcome, setOutcome] = useState<Outcome>();

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setOutcome(undefined);
    const parsed = passwordField.safeParse(values.newPassword);
    if (!parsed.success) {
      form.setErrors({ newPassword: parsed.error.issues[0]?.message ?? 'validation.invalid' });
      return;
    }
    if (values.confirmPassword !== values.newPassword) {
      form.setErrors({ confirmPassword: 'validation.password_mismatch' });
      return;
    }
    if (!linkTokenField.safeParse(token).success) {
      setOutcome({ kind: 'failed', code: FailedCode.LinkInvalid });
      onSettled();
      return;
    }
    try {
      const reply = await complete.mutateAsync({ token, newPassword: parsed.data });
      setOutcome(reply.isSuccess ? { kind: 'done' } : { kind: 'failed', code: reply.failedCode });
      onSettled();
    } catch {
      // The banner of the HTTP client has said what went wrong.
    }
  };

  const loginLink = withLangQuery(paths.login, location.search);

  if (outcome?.kind === 'done') {
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
    <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="reset-title">
      <Stack gap="md">
        <div>
          <Title order={2} id="reset-title">
            {t('resetPassword.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('resetPassword.intro')}
          </Text>
        </div>
        {outcome?.kind === 'failed' && (
          <Alert color="red" role="alert">
            <Stack gap="xs">
              <Text size="sm">{message(outcome.code)}</Text>
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
