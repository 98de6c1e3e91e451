import { Alert, Badge, Group, Stack, Switch, Text } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import {
  enablePush,
  pushPermission,
  registerPush,
  unsubscribePush,
  type PushPermission,
} from '../features/notifications/web-push.ts';
import { readItem, storageKeys, writeItem } from '../shared/storage/local-storage.ts';

const permissionColor: Record<PushPermission, string> = {
  granted: 'teal',
  denied: 'red',
  default: 'gray',
  unsupported: 'gray',
};

/** My page "notifications": the browser's permission (allowed, blocked, not asked) and an on/off switch kept on this device. */
export function NotificationSettings(): ReactElement {
  const { t } = useTranslation();
  const [permission, setPermission] = useState<PushPermission>(pushPermission);
  const [on, setOn] = useState(() => readItem(storageKeys.notifications) !== 'off');

  const toggle = async (next: boolean): Promise<void> => {
    setOn(next);
    writeItem(storageKeys.notifications, next ? 'on' : 'off');
    if (!next) {
      await unsubscribePush();
      return;
    }
    if (permission === 'default') setPermission(await enablePush());
    else if (permission === 'granted') await registerPush();
  };

  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Text size="sm">{t('options.notifications.permission')}</Text>
        <Badge color={permissionColor[permission]} variant="light" data-testid="notification-permission">
          {t(`options.notifications.permissions.${permission}`)}
        </Badge>
      </Group>
      {permission === 'denied' && (
        <Alert color="yellow" py="xs">
          {t('notifications.blocked')}
        </Alert>
      )}
      <Switch
        checked={on}
        onChange={(event) => void toggle(event.currentTarget.checked)}
        label={t('options.notifications.switch')}
        description={t('options.notifications.hint')}
      />
    </Stack>
  );
}
