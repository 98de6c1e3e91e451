import { client } from '@clinic/contract';
import { Alert, Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
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
    <Paper
      component="section"
      aria-label={t('notices.cookies.title')}
      shadow="xl"
      withBorder
      p="md"
      pos="fixed"
      bottom={16}
      right={16}
      w={360}
      maw="calc(100vw - 32px)"
      style={{ zIndex: 250 }}
    >
      <Stack gap="xs">
        <Text fw={600}>{t('notices.cookies.title')}</Text>
        <Text size="xs">{t('notices.cookies.body')}</Text>
        <Stack gap={6}>
          <Switch size="xs" checked disabled label={t('notices.cookies.essential')} />
          <Switch
            size="xs"
            checked={performance}
            onChange={(event) => setPerformance(event.currentTarget.checked)}
            label={t('notices.cookies.performance')}
          />
          <Switch
            size="xs"
            checked={functional}
            onChange={(event) => setFunctional(event.currentTarget.checked)}
            label={t('notices.cookies.functional')}
          />
        </Stack>
        <Group justify="flex-end" gap="xs">
          <Button size="xs" variant="default" onClick={() => save({ performance, functional })}>
            {t('notices.cookies.save')}
          </Button>
          <Button size="xs" onClick={() => save({ performance: true, functional: true })}>
            {t('notices.cookies.acceptAll')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** SPEC 1 notices: non-Chrome browser, narrow window, and the cookie choice. */
export function SiteNoticeBanners(): ReactElement {
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
