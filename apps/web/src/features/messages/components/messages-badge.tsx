import { Badge, VisuallyHidden } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnreadMessageCount } from '../api/messages.ts';

/** The menu's count of unread messages; nothing when all are read. */
export function MessagesBadge(): ReactElement | null {
  const { t } = useTranslation();
  const unread = useUnreadMessageCount();
  if (!unread.data) return null;
  return (
    <Badge size="sm" color="red" circle={unread.data < 10} data-testid="messages-badge">
      <span aria-hidden>{unread.data > 99 ? '99+' : unread.data}</span>
      <VisuallyHidden>{t('messaging.unreadCount', { count: unread.data })}</VisuallyHidden>
    </Badge>
  );
}
