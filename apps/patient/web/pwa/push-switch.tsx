import { Switch } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { PushSwitchSpace } from './push-support.tsx';
import { usePushSwitch } from './use-push.ts';

/** "Notifications on this phone": shown where the browser can have them. */
export function PushSwitch(): ReactElement | null {
  const { t, i18n } = useTranslation();
  const push = usePushSwitch(i18n.language);
  if (push.status === undefined) return <PushSwitchSpace />;
  if (push.status === 'unsupported') return null;
  const problem = push.status === 'blocked' ? t('pwa.pushBlocked') : push.failed ? t('pwa.pushFailed') : undefined;
  return (
    <Switch
      mt="xs"
      size="md"
      color="teal.9"
      label={t('pwa.push')}
      checked={push.status === 'on'}
      disabled={push.busy || push.status === 'blocked'}
      onChange={(event) => push.change(event.currentTarget.checked)}
      description={problem}
      styles={{ label: { color: 'white' }, description: { color: 'var(--mantine-color-teal-0)' } }}
    />
  );
}
