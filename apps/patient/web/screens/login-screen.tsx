import { useContractForm } from '@clinic/client/contract-form';
import { Alert, Button, Container, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { loadHttpClient } from '../api/client.ts';
import type * as LoginModule from '../api/login.ts';
import { errorTextOf } from '../api/error-text.ts';
import { currentLanguage, messageText } from '../i18n/i18n.ts';

const initialValues = { userEmail: '', userPassword: '' };

/** The login's request and checks (the HTTP client and zod) load with the first attempt, not with the page. */
async function loadLogin(): Promise<typeof LoginModule> {
  const [login] = await Promise.all([import('../api/login.ts'), loadHttpClient()]);
  return login;
}

export function LoginScreen(): ReactElement {
  const { t } = useTranslation();
  const [submitting, setSubmitting] = useState(false);
  // A call that failed other than by a refusal or field errors (network, server).
  const [callFailure, setCallFailure] = useState<{ error: unknown }>();
  // The patient's login request; a refusal shows its failedCode.
  const form = useContractForm({
    initialValues,
    schema: async () => (await loadLogin()).loginChecks,
    toRequest: (values) => ({ ...values, userType: 'patient' }),
    send: async ({ userEmail, userPassword }) => {
      setSubmitting(true);
      try {
        return await (await loadLogin()).patientLogin({ userEmail, userPassword });
      } finally {
        setSubmitting(false);
      }
    },
    onError: (error) => setCallFailure({ error }),
  });
  const { values, errors, failure, setValue } = form;

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    setCallFailure(undefined);
    form.onSubmit(event);
  };

  const failureText = (): string | undefined => {
    if (failure) return messageText(failure);
    if (!callFailure) return undefined;
    const text = errorTextOf(callFailure.error, currentLanguage());
    return text.text ?? t(text.key);
  };
  const shownFailure = failureText();

  return (
    <Container size="xs" py="xl">
      <Paper withBorder shadow="sm" p="lg">
        <Stack gap="md">
          <div>
            <Title order={2} id="login-title">
              {t('login.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('login.intro')}
            </Text>
          </div>
          {shownFailure && (
            <Alert color="red" role="alert">
              {shownFailure}
            </Alert>
          )}
          {/* The request's chunk is fetched while the patient types. */}
          <form
            noValidate
            onSubmit={submit}
            onFocus={() => void loadLogin().catch(() => undefined)}
            aria-labelledby="login-title"
          >
            <Stack gap="md">
              <TextInput
                label={t('login.email')}
                type="email"
                autoComplete="username"
                inputMode="email"
                value={values.userEmail}
                onChange={(event) => setValue('userEmail', event.currentTarget.value)}
                error={errors.userEmail && messageText(errors.userEmail)}
              />
              <PasswordInput
                label={t('login.password')}
                autoComplete="current-password"
                value={values.userPassword}
                onChange={(event) => setValue('userPassword', event.currentTarget.value)}
                error={errors.userPassword && messageText(errors.userPassword)}
              />
              <Button type="submit" size="md" loading={submitting}>
                {t('login.submit')}
              </Button>
            </Stack>
          </form>
        </Stack>
      </Paper>
    </Container>
  );
}
