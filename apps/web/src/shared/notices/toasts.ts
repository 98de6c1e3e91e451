import type * as MantineNotifications from '@mantine/notifications';
import { useSyncExternalStore } from 'react';
import { logProblem } from '../log/log-problem.ts';

type NotificationsModule = typeof MantineNotifications;

let notificationsModule: Promise<NotificationsModule> | undefined;
const listeners = new Set<() => void>();

/** Mantine's notifications load with the first toast, not with the first page. */
function loadNotifications(): Promise<NotificationsModule> {
  if (!notificationsModule) {
    notificationsModule = import('@mantine/notifications');
    for (const listener of listeners) listener();
  }
  return notificationsModule;
}

/** Shows a toast; the first one also mounts the toast container (see useToastsWanted). */
export function showToast(data: MantineNotifications.NotificationData): void {
  loadNotifications().then(
    ({ notifications }) => notifications.show(data),
    (error: unknown) => {
      notificationsModule = undefined;
      logProblem('toast failed to load', error);
    },
  );
}

/** Hides a toast shown by showToast (a toast never shown needs no hiding). */
export function hideToast(id: string): void {
  void notificationsModule?.then(({ notifications }) => notifications.hide(id));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a toast was asked for, so that the container is on the page. */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(subscribe, () => notificationsModule !== undefined);
}
