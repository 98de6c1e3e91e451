import { client } from '@clinic/contract';
import { Alert, Box, Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { currentBrowser } from './browser.ts';
import { readConsent, saveConsent } from './cookie-consent.ts';
import { dismiss, isDismissed } from './dismissal.ts';

function BrowserNotice(): ReactElement | null {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState(() => currentBrowser() === 'chrome' || isDismissed('browser'));
  if (hidden) return null;
  return (
    <Alert
      color="yellow"
      title={t('notices.browser.title')}
      withCloseButton
      closeButtonLabel={t('notices.dismiss')}
      onClose={() => {
        dismiss('browser');
        setHidden(true);
      }}
    >
      {t('notices.browser.body')}
    </Alert>
  );
}

function WidthNotice(): ReactElement | null {
  const { t } = useTranslation();
  const narrow = useMediaQuery(`(max-width: ${client.recommendedWidth - 0.02}px)`, false, {
    getInitialValueInEffect: false,
  });
  const [dismissed, setDismissed] = useState(() => isDismissed('width'));
  if (!narrow || dismissed) return null;
  return (
    <Alert
      color="blue"
      title={t('notices.width.title')}
      withCloseButton
      closeButtonLabel={t('notices.dismiss')}
      onClose={() => {
        dismiss('width');
        setDismissed(true);
      }}
    >
      {t('notices.width.body', { width: client.recommendedWidth })}
    </Alert>
  );
}

function CookieConsentBanner(): ReactElement | null {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(() => readConsent() !== undefined);
  const [performance, setPerformance] = useState(false);
  const [functional, setFunctional] = useState(false);
  if (chosen) return null;

  const save = (choice: { performance: boolean; functional: boolean }): void => {
    saveConsent(choice);
    setChosen(true);
  };

  return (
    <>
      <Box h={200} aria-hidden />
      <Paper
        component="section"
        aria-label={t('notices.cookies.title')}
        shadow="lg"
        withBorder
        p="md"
        radius={0}
        pos="fixed"
        bottom={0}
        left={0}
        right={0}
        style={{ zIndex: 250 }}
      >
        <Stack gap="xs" maw={960} mx="auto">
          <Text fw={600}>{t('notices.cookies.title')}</Text>
          <Text size="sm">{t('notices.cookies.body')}</Text>
          <Group gap="lg">
            <Switch checked disabled label={t('notices.cookies.essential')} />
            <Switch
              checked={performance}
              onChange={(event) => setPerformance(event.currentTarget.checked)}
              label={t('notices.cookies.performance')}
            />
            <Switch
              checked={functional}
              onChange={(event) => setFunctional(event.currentTarget.checked)}
              label={t('notices.cookies.functional')}
            />
          </Group>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => save({ performance, functional })}>
              {t('notices.cookies.save')}
            </Button>
            <Button onClick={() => save({ performance: true, functional: true })}>
              {t('notices.cookies.acceptAll')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </>
  );
}

/** SPEC 1 notices: non-Chrome browser, narrow window, and the cookie choice. */
export function SiteNotices(): ReactElement {
  return (
    <>
      <Stack gap="xs" pos="fixed" top={72} right={16} w={380} maw="calc(100vw - 32px)" style={{ zIndex: 260 }}>
        <BrowserNotice />
        <WidthNotice />
      </Stack>
      <CookieConsentBanner />
    </>
  );
}
