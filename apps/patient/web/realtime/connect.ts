import { createRealtimeClient, realtimeUrl, type RealtimeStatus } from '@clinic/client/realtime-client';
import { type Notification } from '@clinic/contract';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { queryKeys } from '../api/queries.ts';
import { questionnaireKeys } from '../api/questionnaires.ts';
import { i18n } from '../i18n/i18n.ts';
import { applyMessageEvent } from '../messages/message-cache.ts';
import { showToast } from '../notices/toasts.ts';
import { tokenStore } from '../session/token-store.ts';
import { formatDateTime } from '../visits/visits.ts';
import { isCallMessage } from './realtime.ts';
import type { RealtimeHub } from './realtime-channel.ts';

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
 * Opens the signed-in patient's socket: a toast per notification, the visits fetched again when a
 * visit changes or its call opens or closes, new messages into their thread, and the call messages
 * passed on to the hub. Returns the function that closes it.
 */
export function connectRealtime(
  queryClient: QueryClient,
  hub: RealtimeHub,
  onStatus: (status: RealtimeStatus) => void,
): () => void {
  const show = (notification: Notification): void => {
    const date = formatDateTime(notification.scheduleExpectStartDatetime, i18n.language);
    const values = { clinician: notification.managerName, date };
    const message = i18n.t(notificationKey(notification.pushType), values);
    showToast({
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
      if (message.type === 'questionnaireDue') void queryClient.invalidateQueries({ queryKey: questionnaireKeys.list });
      applyMessageEvent(queryClient, message);
      if (!isCallMessage(message)) return;
      if (message.type === 'meeting') void queryClient.invalidateQueries({ queryKey: queryKeys.visits });
      hub.dispatch(message);
    },
    onStatus: (next) => {
      // Back after a drop: what changed meanwhile (a call opened) was not heard.
      if (next === 'ready' && wasOffline) void queryClient.invalidateQueries({ queryKey: ['patient'] });
      wasOffline = next === 'waiting' || (wasOffline && next === 'connecting');
      onStatus(next);
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
}
