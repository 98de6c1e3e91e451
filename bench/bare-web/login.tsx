import './mantine.ts';
import {
  Anchor,
  Box,
  Button,
  Container,
  Group,
  MantineProvider,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type FormEvent, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';

/** The login screen's layout and form, without the app around it. */
function Login(): ReactElement {
  const [values, setValues] = useState({ login: '', password: '' });
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    setError(values.login ? undefined : 'Enter your e-mail address or ID');
  };
  return (
    <Box mih="100vh" bg="gray.0">
      <Group component="header" justify="space-between" px="lg" py="sm">
        <div>
          <Title order={1} size="h4" c="teal.8">
            Remote Rehab Clinic
          </Title>
          <Text size="xs" c="dimmed">
            Remote rehabilitation care for clinicians
          </Text>
        </div>
      </Group>
      <Container size={460} py="xl" component="main">
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="md">
            <div>
              <Title order={2} id="login-title">
                Log in
              </Title>
              <Text c="dimmed" size="sm">
                Log in with your e-mail address or ID.
              </Text>
            </div>
            <form noValidate onSubmit={submit} aria-labelledby="login-title">
              <Stack gap="md">
                <TextInput
                  label="E-mail address or ID"
                  autoComplete="username"
                  value={values.login}
                  onChange={(event) => setValues({ ...values, login: event.currentTarget.value })}
                  error={error}
                />
                <PasswordInput
                  label="Password"
                  autoComplete="current-password"
                  value={values.password}
                  onChange={(event) => setValues({ ...values, password: event.currentTarget.value })}
                />
                <Button type="submit" size="md">
                  Log in
                </Button>
              </Stack>
            </form>
            <Group justify="center" gap="lg">
              <Anchor href="#id" size="sm">
                Find ID
              </Anchor>
              <Anchor href="#password" size="sm">
                Find password
              </Anchor>
            </Group>
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <MantineProvider>
      <Login />
    </MantineProvider>,
  );
}
