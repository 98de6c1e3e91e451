import { languages, type Language } from '@clinic/contract';
import { Badge, Box, Button, Container, Group, NativeSelect, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../i18n/i18n.ts';
import { isLanguage, languageNames } from '../i18n/language.ts';
import { InstallHint } from '../pwa/install-hint.tsx';
import { PushSwitch } from '../pwa/push-switch.tsx';
import type { RealtimeStatus } from '@clinic/client/realtime-client';

export function AppHeader({ status, onSignOut }: { status?: RealtimeStatus; onSignOut?: () => void }): ReactElement {
  const { t } = useTranslation();
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
        {onSignOut && <PushSwitch />}
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
