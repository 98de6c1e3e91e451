import { createRealtimeClient, realtimeUrl, type RealtimeStatus } from '@clinic/client/realtime-client';
import { type Notification } from '@clinic/contract';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, queryKeys } from '../api/client.ts';
import { i18n } from '../i18n/i18n.ts';
import { tokenStore } from '../session/token-store.ts';
import { formatDateTime } from '../visits/visits.ts';
import { isCallMessage } from './realtime.ts';
import { createRealtimeHub, type RealtimeChannel } from './realtime-channel.ts';

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

/**
 * The socket of the signed-in patient: a toast per notification, the visits fetched again when a
 * visit changes or its call opens or closes, and the channel that video calls signal through.
 */
export function useRealtime(): { status: RealtimeStatus; channel: RealtimeChannel } {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<RealtimeStatus>('connecting');
  const [hub] = useState(createRealtimeHub);

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
    let wasOffline = false;
    const connection = createRealtimeClient({
      url: realtimeUrl(window.location),
      createSocket: (url) => new WebSocket(url),
      readTokens: () => tokenStore.read(),
      refreshTokens: (usedRefreshToken) => api.refreshTokens(usedRefreshToken),
      onMessage: (message) => {
        if (message.type === 'notification') show(message.notification);
        if (!isCallMessage(message)) return;
        if (message.type === 'meeting') void queryClient.invalidateQueries({ queryKey: queryKeys.visits });
        hub.dispatch(message);
      },
      onStatus: (next) => {
        // Back after a drop: what changed meanwhile (a call opened) was not heard.
        if (next === 'ready' && wasOffline) void queryClient.invalidateQueries({ queryKey: ['patient'] });
        wasOffline = next === 'waiting' || (wasOffline && next === 'connecting');
        setStatus(next);
      },
      onSessionExpired: () => {
        tokenStore.clear();
        queryClient.clear();
      },
    });
    const onOnline = (): void => connection.reconnectNow();
    window.addEventListener('online', onOnline);
    hub.attach(connection);
    connection.start();
    return () => {
      window.removeEventListener('online', onOnline);
      hub.attach(undefined);
      connection.stop();
    };
  }, [queryClient, hub]);

  return { status, channel: hub };
}
