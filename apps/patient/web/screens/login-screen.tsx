import { login } from '@clinic/contract';
import { Alert, Button, Container, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../api/error-text.ts';
import { useLogin } from '../api/visits.ts';
import { currentLanguage, messageText } from '../i18n/i18n.ts';

type Field = 'userEmail' | 'userPassword';

export function LoginScreen(): ReactElement {
  const { t } = useTranslation();
  const [values, setValues] = useState({ userEmail: '', userPassword: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<{ code: string } | { error: unknown }>();
  const loginMutation = useLogin();

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setFailure(undefined);
    const parsed = login.request.safeParse({ ...values, userType: 'patient' });
    if (!parsed.success) {
      const errors: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'userEmail' || field === 'userPassword') && !errors[field]) errors[field] = issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    try {
      const reply = await loginMutation.mutateAsync({
        userEmail: parsed.data.userEmail,
        userPassword: parsed.data.userPassword,
      });
      if (!reply.isSuccess) setFailure({ code: reply.failedCode });
    } catch (error) {
      setFailure({ error });
    }
  };

  const failureText = (): string => {
    if (!failure) return '';
    if ('code' in failure) return messageText(failure.code);
    const text = errorTextOf(failure.error, currentLanguage());
    return text.text ?? t(text.key);
  };

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
          {failure && (
            <Alert color="red" role="alert">
              {failureText()}
            </Alert>
          )}
          <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="login-title">
            <Stack gap="md">
              <TextInput
                label={t('login.email')}
                type="email"
                autoComplete="username"
                inputMode="email"
                value={values.userEmail}
                onChange={(event) => {
                  const userEmail = event.currentTarget.value;
                  setValues((current) => ({ ...current, userEmail }));
                }}
                error={fieldErrors.userEmail && messageText(fieldErrors.userEmail)}
              />
              <PasswordInput
                label={t('login.password')}
                autoComplete="current-password"
                value={values.userPassword}
                onChange={(event) => {
                  const userPassword = event.currentTarget.value;
                  setValues((current) => ({ ...current, userPassword }));
                }}
                error={fieldErrors.userPassword && messageText(fieldErrors.userPassword)}
              />
              <Button type="submit" size="md" loading={loginMutation.isPending}>
                {t('login.submit')}
              </Button>
            </Stack>
          </form>
        </Stack>
      </Paper>
    </Container>
  );
}
