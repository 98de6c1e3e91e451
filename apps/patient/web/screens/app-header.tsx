import { languages, type Language } from '@clinic/contract';
import { Badge, Box, Button, Container, Group, NativeSelect, Text, Title, VisuallyHidden } from '@mantine/core';
import { useLayoutEffect, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../i18n/i18n.ts';
import { isLanguage, languageNames } from '../i18n/language.ts';
import { InstallHint } from '../pwa/install-hint.tsx';
import type { RealtimeStatus } from '@clinic/client/realtime-client';

/** The app's name, the language, and once signed in the sign-out button and what `children` adds (the push switch). */
export function AppHeader({
  status,
  onSignOut,
  children,
}: {
  status?: RealtimeStatus;
  onSignOut?: () => void;
  children?: ReactNode;
}): ReactElement {
  const { t } = useTranslation();
  // The mark drawn with the HTML (index.html) stays until the app draws its first screen, here.
  useLayoutEffect(() => document.getElementById('app-loading')?.remove(), []);
  return (
    <Box component="header" bg="teal.7" c="white" py="sm">
      <Container size="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <div>
            <Title order={1} size="h3">
              {t('app.name')}
            </Title>
            <Text size="xs" c="teal.0">
              {t('app.tagline')}
            </Text>
          </div>
          <Group gap="xs" wrap="nowrap">
            <NativeSelect
              aria-label={t('app.language')}
              size="xs"
              value={currentLanguage()}
              data={languages.map((language: Language) => ({ value: language, label: languageNames[language] }))}
              onChange={(event) => {
                const value = event.currentTarget.value;
                if (isLanguage(value)) void changeLanguage(value);
              }}
            />
            {onSignOut && (
              <Button size="xs" variant="white" color="teal" onClick={onSignOut}>
                {t('app.signOut')}
              </Button>
            )}
          </Group>
        </Group>
        {children}
        <InstallHint />
        {(status === 'waiting' || status === 'stopped') && (
          <Badge mt="xs" color="yellow" variant="light" role="status">
            {t('app.reconnecting')}
          </Badge>
        )}
        {status === 'ready' && <VisuallyHidden role="status">{t('app.live')}</VisuallyHidden>}
      </Container>
    </Box>
  );
}
