import { Button, Group, Stack, Switch, Text } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from './banners.ts';
import { readConsent, saveConsent } from './cookie-consent.ts';

/** My page "cookie settings": the three groups of SPEC 9; essential cookies are always on. */
export function CookieSettings(): ReactElement {
  const { t } = useTranslation();
  const [initial] = useState(readConsent);
  const [performance, setPerformance] = useState(initial?.performance ?? false);
  const [functional, setFunctional] = useState(initial?.functional ?? false);

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('notices.cookies.body')}
      </Text>
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
      <Group>
        <Button
          variant="default"
          onClick={() => {
            saveConsent({ performance, functional });
            showSuccess(t('options.cookiesSaved'));
          }}
        >
          {t('notices.cookies.save')}
        </Button>
      </Group>
    </Stack>
  );
}
