import { useContractForm } from '@clinic/client/contract-form';
import { FailedCode, type SecondStep } from '@clinic/contract';
import { Alert, Anchor, Button, Divider, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { Suspense, useCallback, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { lazyWithQueries } from '../../../shared/api/lazy-with-queries.tsx';
import { withLangQuery } from '../../../shared/i18n/language.ts';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { loadLogin } from '../api/use-login.ts';
import { PasskeyButton } from './passkey-button.tsx';

// Shown only after a login refused as not yet activated.
const ResendVerification = lazyWithQueries(async () => (await import('./resend-verification.tsx')).ResendVerification);

// The second step loads only for a clinician whose login needs one.
const SecondFactorStep = lazyWithQueries(async () => (await import('./second-factor-step.tsx')).SecondFactorStep);
const RequiredSetup = lazyWithQueries(async () => (await import('./required-setup.tsx')).RequiredSetup);

const initialValues = { userEmail: '', userPassword: '' };

/** SPEC 2 login: e-mail address or ID and password, as a clinician (userType manager). */
export function LoginForm(): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const location = useLocation();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  // The login a refusal was for: a clinician not yet activated may have the mail sent again.
  const [typedLogin, setTypedLogin] = useState('');
  const [pending, setPending] = useState<{ failedCode: string; secondStep: SecondStep }>();

  const enter = async (): Promise<void> => {
    await navigate(withLangQuery(paths.home, location.search), { replace: true });
  };
  const form = useContractForm({
    initialValues,
    schema: async () => (await loadLogin()).loginChecks,
    send: async ({ userEmail, userPassword }) => {
      setSubmitting(true);
      try {
        return await (await loadLogin()).loginRequest({ userEmail, userPassword });
      } finally {
        setSubmitting(false);
      }
    },
    onReply: (reply, form, request) => {
      if (reply.isSuccess) {
        void enter();
        return;
      }
      if (reply.secondStep) {
        setPending({ failedCode: reply.failedCode, secondStep: reply.secondStep });
        return;
      }
      setTypedLogin(request.userEmail);
      form.setFailure(reply.failedCode);
    },
  });
  const { values, errors, failure, setValue, setFailure } = form;

  const restart = useCallback(
    (failedCode?: string): void => {
      setPending(undefined);
      setValue('userPassword', '');
      if (failedCode) {
        setTypedLogin(values.userEmail);
        setFailure(failedCode);
      }
    },
    [setValue, setFailure, values.userEmail],
  );

  const search = location.search;

  if (pending) {
    return (
      <Suspense fallback={null}>
        {pending.failedCode === FailedCode.SecondFactorSetupRequired ? (
          <RequiredSetup challenge={pending.secondStep.challenge} onLoggedIn={enter} onRestart={restart} />
        ) : (
          <SecondFactorStep secondStep={pending.secondStep} onLoggedIn={enter} onRestart={restart} />
        )}
      </Suspense>
    );
  }

  return (
    <Stack gap="md">
      <div>
        <Title order={2} id="login-title">
          {t('login.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('login.intro')}
        </Text>
      </div>
      {failure && (
        <Alert color="red" role="alert">
          <Stack gap="xs">
            <Text size="sm">{message(failure)}</Text>
            {failure === FailedCode.NotActivated && (
              <Suspense fallback={null}>
                <ResendVerification typedLogin={typedLogin} />
              </Suspense>
            )}
          </Stack>
        </Alert>
      )}
      <form noValidate onSubmit={form.onSubmit} aria-labelledby="login-title">
        <Stack gap="md">
          <TextInput
            label={t('login.loginId')}
            autoComplete="username"
            value={values.userEmail}
            onChange={(event) => setValue('userEmail', event.currentTarget.value)}
            error={message(errors.userEmail)}
          />
          <PasswordInput
            label={t('login.password')}
            autoComplete="current-password"
            value={values.userPassword}
            onChange={(event) => setValue('userPassword', event.currentTarget.value)}
            error={message(errors.userPassword)}
          />
          <Button type="submit" size="md" loading={submitting}>
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
      <Divider label={t('login.or')} labelPosition="center" />
      <PasskeyButton
        label={t('login.passkey')}
        attempt={async () => (await import('../api/passkey-login.ts')).passkeyLoginRequest()}
        onLoggedIn={enter}
      />
      <Group justify="center" gap="lg">
        <Anchor component={Link} to={withLangQuery(`${paths.findPassword}?tab=id`, search)} size="sm">
          {t('login.findId')}
        </Anchor>
        <Anchor component={Link} to={withLangQuery(`${paths.findPassword}?tab=password`, search)} size="sm">
          {t('login.findPassword')}
        </Anchor>
      </Group>
      <Text size="sm" ta="center">
        {t('login.noAccount')}{' '}
        <Anchor component={Link} to={withLangQuery(paths.signUp, search)}>
          {t('login.signUp')}
        </Anchor>
      </Text>
    </Stack>
  );
}
