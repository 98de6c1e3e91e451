import { Box, Container, Group, Paper, Text, Title } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { LanguageSelect } from '../../shared/ui/language-select.tsx';

/** The login area: product name, language and the current form on a card. */
export function LoginLayout(): ReactElement {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const wide = pathname.startsWith(paths.signUp);

  return (
    <Box mih="100vh" bg="gray.0">
      <Group component="header" justify="space-between" px="lg" py="sm" wrap="nowrap">
        <div>
          <Title order={1} size="h4" c="teal.8">
            {t('app.name')}
          </Title>
          <Text size="xs" c="dimmed">
            {t('app.tagline')}
          </Text>
        </div>
        <LanguageSelect size="xs" />
      </Group>
      <Container size={wide ? 720 : 460} py="xl" component="main">
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
          <Outlet />
        </Paper>
      </Container>
    </Box>
  );
}
