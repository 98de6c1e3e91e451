import {
  Box,
  Button,
  Divider,
  Group,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/dates/date-format.ts';
import { openNotificationPage } from '../hooks/use-notification-feed.ts';
import type { NotificationItem } from '../notification-db.ts';
import { unreadCount, useNotificationStore } from '../notification-store.ts';
import { notificationSentence } from '../notification-text.ts';
import { enablePush, pushPermission, type PushPermission } from '../web-push.ts';

function PushPermissionNote(): ReactElement | null {
  const { t } = useTranslation();
  const [permission, setPermission] = useState<PushPermission>(pushPermission);
  const [asking, setAsking] = useState(false);

  if (permission === 'default') {
    return (
      <Stack gap={4} px="sm" pb="xs">
        <Text size="xs" c="dimmed">
          {t('notifications.enableHint')}
        </Text>
        <Button
          size="xs"
          variant="light"
          loading={asking}
          onClick={() => {
            setAsking(true);
            void enablePush().then((next) => {
              setPermission(next);
              setAsking(false);
            });
          }}
        >
          {t('notifications.enable')}
        </Button>
      </Stack>
    );
  }
  if (permission === 'denied') {
    return (
      <Text size="xs" c="dimmed" px="sm" pb="xs" role="note">
        {t('notifications.blocked')}
      </Text>
    );
  }
  return null;
}

function NotificationRow({
  item,
  onOpen,
}: {
  item: NotificationItem;
  onOpen: (item: NotificationItem) => void;
}): ReactElement {
  const { t, i18n } = useTranslation();
  return (
    <UnstyledButton
      onClick={() => onOpen(item)}
      px="sm"
      py={6}
      w="100%"
      data-testid="notification-item"
      data-read={item.read}
      bg={item.read ? undefined : 'teal.0'}
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Box
          w={8}
          h={8}
          mt={6}
          style={{ flexShrink: 0, borderRadius: '50%' }}
          bg={item.read ? 'transparent' : 'teal.6'}
          aria-hidden
        />
        <Box>
          {!item.read && <VisuallyHidden>{t('notifications.unread')}: </VisuallyHidden>}
          <Text size="sm" fw={item.read ? 400 : 600}>
            {notificationSentence(t, item.data, i18n.language)}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(new Date(item.time).toISOString(), i18n.language)}
          </Text>
        </Box>
      </Group>
    </UnstyledButton>
  );
}

/** The bell's list of SPEC 3 notifications, newest first, around the bell drawn by notification-bell.tsx. */
export function NotificationPopover({
  opened,
  onChange,
  target,
}: {
  opened: boolean;
  onChange: (opened: boolean) => void;
  target: ReactElement;
}): ReactElement {
  const { t } = useTranslation();
  const items = useNotificationStore((state) => state.items);
  const markRead = useNotificationStore((state) => state.markRead);
  const markAllRead = useNotificationStore((state) => state.markAllRead);
  const unread = unreadCount(items);

  const openItem = (item: NotificationItem): void => {
    void markRead([item.key]);
    onChange(false);
    openNotificationPage(item.data);
  };

  return (
    <Popover
      opened={opened}
      onChange={onChange}
      position="bottom-end"
      width={360}
      shadow="md"
      withinPortal
      // The bell inside the target names its own dialog and state; the target is its badge around it.
      withRoles={false}
    >
      <Popover.Target>{target}</Popover.Target>
      <Popover.Dropdown p={0} aria-label={t('notifications.title')} role="dialog">
        <Group justify="space-between" px="sm" py="xs">
          <Text fw={600} size="sm">
            {t('notifications.title')}
          </Text>
          <Button size="compact-xs" variant="subtle" disabled={unread === 0} onClick={() => void markAllRead()}>
            {t('notifications.markAllRead')}
          </Button>
        </Group>
        <PushPermissionNote />
        <Divider />
        {items.length === 0 ? (
          <Text size="sm" c="dimmed" p="sm">
            {t('notifications.empty')}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={420} type="auto">
            <Stack
              gap={2}
              p={4}
              component="ul"
              m={0}
              style={{ listStyle: 'none' }}
              aria-label={t('notifications.title')}
            >
              {items.map((item) => (
                <li key={item.key}>
                  <NotificationRow item={item} onOpen={openItem} />
                </li>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
