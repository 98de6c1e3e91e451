import type { AnyNotification } from '@clinic/contract';
import { useEffect, useState } from 'react';
import { paths } from '../../../config/paths.ts';
import { queryClient } from '../../../shared/api/query-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { withLangQuery } from '../../../shared/i18n/language.ts';
import { navigateTo } from '../../../shared/navigation/navigate.ts';
import { hideToast, showToast } from '../../../shared/notices/toasts.ts';
import type { RealtimeStatus } from '@clinic/client/realtime-client';
import { connectRealtime } from '../../../shared/realtime/realtime-connection.ts';
import { useAuthStore } from '../../../shared/session/auth-store.ts';
import { readItem, storageKeys } from '../../../shared/storage/local-storage.ts';
import { followNotificationChanges, useNotificationStore } from '../notification-store.ts';
import { notificationPath, notificationSentence, workerTexts } from '../notification-text.ts';
import { onWorkerNavigate, registerPush, saveWorkerTexts, unsubscribePush } from '../web-push.ts';

/** SPEC 2: schedule data is refreshed when the current path is home, /appointments or /patientList. */
const refreshingPaths: readonly string[] = [paths.home, paths.appointments, paths.patientList];

/** Opens the page of a notification (notificationPath), in the language shown. */
export function openNotificationPage(notification: AnyNotification): void {
  void navigateTo(withLangQuery(notificationPath(notification), window.location.search));
}

function invalidateScheduleData(): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.schedules });
  void queryClient.invalidateQueries({ queryKey: queryKeys.patientList });
}

function refreshScheduleData(pathname: string): void {
  if (refreshingPaths.includes(pathname.replace(/(.)\/$/, '$1'))) invalidateScheduleData();
}

function showNotificationToast(notification: AnyNotification): void {
  showToast({
    id: `notification-${notification.key}`,
    color: 'teal',
    title: i18n.t('notifications.toastTitle'),
    message: notificationSentence(i18n.t, notification, i18n.language),
    autoClose: 8_000,
    withCloseButton: true,
    style: { cursor: 'pointer' },
    'data-testid': 'notification-toast',
    onClick: () => {
      void useNotificationStore.getState().markRead([notification.key]);
      hideToast(`notification-${notification.key}`);
      openNotificationPage(notification);
    },
  });
}

/** Keys this page has already shown: the socket and the service worker may both bring one. */
const shownKeys = new Set<string>();

/** A notification that arrived in the foreground: kept, shown once, and the screen's data refreshed. */
export async function receiveForeground(notification: AnyNotification): Promise<void> {
  await useNotificationStore.getState().receive(notification);
  if (shownKeys.has(notification.key)) return;
  shownKeys.add(notification.key);
  showNotificationToast(notification);
  // A new alert refreshes home's worklist wherever it is shown, a new report the patient's reports.
  if ('alertKind' in notification) void queryClient.invalidateQueries({ queryKey: queryKeys.monitoringAlerts });
  else if ('seqSymptomReport' in notification)
    void queryClient.invalidateQueries({ queryKey: queryKeys.symptomReports(notification.seqMedicalRelation) });
  else refreshScheduleData(window.location.pathname);
}

/**
 * While logged in: the list from the browser database, the socket, the push subscription and the
 * service worker's sentences. Logging out closes the socket and drops the subscription.
 */
export function useNotificationFeed(): RealtimeStatus {
  const isAuth = useAuthStore((state) => state.isAuth);
  const [status, setStatus] = useState<RealtimeStatus>('stopped');

  useEffect(() => {
    if (!isAuth) return undefined;
    followNotificationChanges((notification) => void receiveForeground(notification));
    void useNotificationStore.getState().reload();
    let connectedBefore = false;
    const disconnect = connectRealtime(
      (message) => {
        if (message.type === 'notification' || message.type === 'alert' || message.type === 'symptomReport')
          void receiveForeground(message.notification);
        // This clinician changed their visits in another tab or window.
        if (message.type === 'schedulesChanged') invalidateScheduleData();
        // A message or a change in a thread: the open thread reads it (and so marks it read), the inbox and badge count.
        if (message.type === 'message' || message.type === 'messageChanged') {
          for (const queryKey of [
            queryKeys.messageThread(message.seqMedicalRelation),
            queryKeys.messageThreads,
            queryKeys.unreadMessages,
          ])
            void queryClient.invalidateQueries({ queryKey });
        }
      },
      (next) => {
        setStatus(next);
        // Changes made while the socket was down were never told: read the visits again.
        if (next === 'ready' && connectedBefore) {
          invalidateScheduleData();
          void queryClient.invalidateQueries({ queryKey: queryKeys.messages });
        }
        if (next === 'ready') connectedBefore = true;
      },
    );
    if (readItem(storageKeys.notifications) !== 'off') void registerPush();
    const stopNavigate = onWorkerNavigate((path) => void navigateTo(withLangQuery(path, window.location.search)));
    return () => {
      disconnect();
      stopNavigate();
      if (!useAuthStore.getState().isAuth) void unsubscribePush();
    };
  }, [isAuth]);

  useEffect(() => {
    if (!isAuth) return undefined;
    const save = (): void => void saveWorkerTexts(workerTexts(i18n.t, i18n.language));
    save();
    i18n.on('languageChanged', save);
    return () => i18n.off('languageChanged', save);
  }, [isAuth]);

  return status;
}
