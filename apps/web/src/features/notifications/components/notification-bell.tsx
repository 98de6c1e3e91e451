import { ActionIcon, Indicator } from '@mantine/core';
import { useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotificationFeed } from '../hooks/use-notification-feed.ts';
import { unreadCount, useNotificationStore } from '../notification-store.ts';
import type { NotificationPopover as NotificationPopoverComponent } from './notification-popover.tsx';

function BellIcon(): ReactElement {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M13.73 21a2 2 0 0 1-3.46 0" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The header's bell with the unread count. Its list (a popover) loads with the first click, so the
 * signed-in shell is drawn without the popover code.
 */
export function NotificationBell(): ReactElement {
  const { t } = useTranslation();
  const realtimeStatus = useNotificationFeed();
  const [opened, setOpened] = useState(false);
  const [NotificationPopover, setNotificationPopover] = useState<typeof NotificationPopoverComponent | null>(null);
  const loading = useRef(false);
  // The bell is drawn anew inside the popover once it has loaded; it keeps the focus it had.
  const refocus = useRef(false);
  const unread = unreadCount(useNotificationStore((state) => state.items));

  const toggle = (): void => {
    if (NotificationPopover) {
      setOpened((value) => !value);
      return;
    }
    if (loading.current) return;
    loading.current = true;
    refocus.current = document.activeElement instanceof HTMLElement && document.activeElement.dataset.bell === 'true';
    import('./notification-popover.tsx').then(
      (module) => {
        setNotificationPopover(() => module.NotificationPopover);
        setOpened(true);
      },
      () => {
        // A later click tries again.
        loading.current = false;
        refocus.current = false;
      },
    );
  };

  const bell = (
    <Indicator
      label={unread > 99 ? '99+' : unread}
      size={18}
      color="red"
      disabled={unread === 0}
      offset={4}
      data-testid="notification-badge"
      data-realtime={realtimeStatus}
    >
      <ActionIcon
        ref={(node) => {
          if (node && refocus.current) {
            refocus.current = false;
            node.focus();
          }
        }}
        data-bell="true"
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={unread > 0 ? t('notifications.bellUnread', { unread }) : t('notifications.bell')}
        aria-haspopup="dialog"
        aria-expanded={opened}
        onClick={toggle}
      >
        <BellIcon />
      </ActionIcon>
    </Indicator>
  );

  return NotificationPopover ? <NotificationPopover opened={opened} onChange={setOpened} target={bell} /> : bell;
}
