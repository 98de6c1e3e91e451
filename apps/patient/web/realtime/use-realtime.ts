import { type Notification } from '@clinic/contract';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../api/client.ts';
import { i18n } from '../i18n/i18n.ts';
import { tokenStore } from '../session/token-store.ts';
import { formatDateTime } from '../visits/visits.ts';
import { connectRealtime, realtimeUrl, type RealtimeStatus } from './realtime.ts';

const notificationKeys = {
  1: 'notifications.1',
  2: 'notifications.2',
  3: 'notifications.3',
  4: 'notifications.4',
  5: 'notifications.5',
  9: 'notifications.9',
  10: 'notifications.10',
} as const;

function notificationKey(pushType: Notification['pushType']): (typeof notificationKeys)[keyof typeof notificationKeys] {
  return notificationKeys[pushType];
}

/** The socket of the signed-in patient: a toast per notification, and the visits fetched again. */
export function useRealtime(): RealtimeStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<RealtimeStatus>('connecting');

  useEffect(() => {
    const show = (notification: Notification): void => {
      const date = formatDateTime(notification.scheduleExpectStartDatetime, i18n.language);
      const values = { clinician: notification.managerName, date };
      const message = i18n.t(notificationKey(notification.pushType), values);
      notifications.show({
        id: notification.key,
        title: i18n.t('notifications.title'),
        message,
        color: notification.pushType === 3 || notification.pushType === 10 ? 'orange' : 'teal',
        autoClose: 8000,
      });
      void queryClient.invalidateQueries({ queryKey: ['patient'] });
    };
    const connection = connectRealtime({
      url: realtimeUrl(window.location),
      accessToken: () => tokenStore.read().accessToken,
      refresh: () => api.refresh(),
      onNotification: show,
      onStatus: setStatus,
      onUnauthorized: () => {
        tokenStore.clear();
        queryClient.clear();
      },
    });
    return () => connection.close();
  }, [queryClient]);

  return status;
}
