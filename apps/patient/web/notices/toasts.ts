import type * as MantineNotifications from '@mantine/notifications';
import { useSyncExternalStore } from 'react';

type NotificationsModule = typeof MantineNotifications;

let loading: Promise<NotificationsModule> | undefined;
let loaded: NotificationsModule | undefined;
const listeners = new Set<() => void>();

/** Mantine's notifications load with the first toast, not with the first screen. */
function loadNotifications(): Promise<NotificationsModule> {
  loading ??= import('@mantine/notifications').then(
    (module) => {
      loaded = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      // Offline before the chunk was ever fetched: the next toast tries again.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Shows a toast; the first one also brings the toasts' container onto the page (useToasts). */
export function showToast(data: MantineNotifications.NotificationData): void {
  loadNotifications().then(
    ({ notifications }) => notifications.show(data),
    () => undefined,
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Mantine's notifications once a toast has loaded them, for the page to draw their container. */
export function useToasts(): NotificationsModule | undefined {
  return useSyncExternalStore(subscribe, () => loaded);
}
