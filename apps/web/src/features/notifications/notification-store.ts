import { anyNotification, type AnyNotification } from '@clinic/contract';
import { create } from 'zustand';
import { logProblem } from '../../shared/log/log-problem.ts';
import { useAuthStore } from '../../shared/session/auth-store.ts';
import {
  addNotification,
  clearNotifications,
  listNotifications,
  markAllRead,
  markRead,
  openNotificationDb,
  timeOf,
  type NotificationDb,
  type NotificationItem,
} from './notification-db.ts';
import { notificationRules } from './notification-rules.ts';

interface NotificationState {
  items: NotificationItem[];
  /** Reads the browser database again (another tab or the service worker changed it). */
  reload: () => Promise<void>;
  /** Keeps a notification that arrived here; answers whether it was new. */
  receive: (notification: AnyNotification) => Promise<boolean>;
  markRead: (keys: readonly string[]) => Promise<void>;
  markAllRead: () => Promise<void>;
  clear: () => Promise<void>;
}

let dbPromise: Promise<NotificationDb | null> | null = null;

/** The database, or null when the browser has none (the list then lives in this page only). */
function database(): Promise<NotificationDb | null> {
  dbPromise ??= (typeof indexedDB === 'undefined' ? Promise.resolve(null) : openNotificationDb()).catch(
    (error: unknown) => {
      logProblem('notifications: the browser database cannot be opened', error);
      return null;
    },
  );
  return dbPromise;
}

let channel: BroadcastChannel | null = null;

function announceChange(): void {
  try {
    channel?.postMessage({ type: 'changed' });
  } catch (error) {
    logProblem('notifications: cannot tell the other tabs', error);
  }
}

async function withDb(task: (db: NotificationDb) => Promise<void>, fallback: () => void): Promise<void> {
  const db = await database();
  if (!db) {
    fallback();
    return;
  }
  try {
    await task(db);
  } catch (error) {
    logProblem('notifications: the browser database failed', error);
    fallback();
  }
}

export const useNotificationStore = create<NotificationState>()((set, get) => ({
  items: [],
  reload: async () => {
    const db = await database();
    if (!db) return;
    try {
      set({ items: await listNotifications(db) });
    } catch (error) {
      logProblem('notifications: cannot read the browser database', error);
    }
  },
  receive: async (notification) => {
    let isNew = false;
    await withDb(
      async (db) => {
        isNew = await addNotification(db, notification);
        set({ items: await listNotifications(db) });
      },
      () => {
        if (get().items.some((item) => item.key === notification.key)) return;
        isNew = true;
        const item: NotificationItem = {
          key: notification.key,
          data: notification,
          time: timeOf(notification),
          read: false,
        };
        set({
          items: [item, ...get().items].sort((a, b) => b.time - a.time).slice(0, notificationRules.maxStored),
        });
      },
    );
    if (isNew) announceChange();
    return isNew;
  },
  markRead: async (keys) => {
    if (!get().items.some((item) => keys.includes(item.key) && !item.read)) return;
    await withDb(
      async (db) => {
        await markRead(db, keys);
        set({ items: await listNotifications(db) });
      },
      () => set({ items: get().items.map((item) => (keys.includes(item.key) ? { ...item, read: true } : item)) }),
    );
    announceChange();
  },
  markAllRead: async () => {
    if (get().items.every((item) => item.read)) return;
    await withDb(
      async (db) => {
        await markAllRead(db);
        set({ items: await listNotifications(db) });
      },
      () => set({ items: get().items.map((item) => ({ ...item, read: true })) }),
    );
    announceChange();
  },
  clear: async () => {
    await withDb(
      async (db) => {
        await clearNotifications(db);
        set({ items: [] });
      },
      () => set({ items: [] }),
    );
    announceChange();
  },
}));

export function unreadCount(items: readonly NotificationItem[]): number {
  return items.filter((item) => !item.read).length;
}

let listening = false;

/**
 * Follows changes made by other tabs and the service worker (which passes on what a push brought,
 * for `onPushed`), and forgets the list when the session ends, so the next clinician on this
 * browser never sees it. Runs once per page.
 */
export function followNotificationChanges(onPushed: (notification: AnyNotification) => void): void {
  if (listening) return;
  listening = true;
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(notificationRules.channelName);
    channel.onmessage = (event: MessageEvent) => {
      void useNotificationStore.getState().reload();
      const pushed = anyNotification.safeParse((event.data as { notification?: unknown } | null)?.notification);
      if (pushed.success && useAuthStore.getState().isAuth) onPushed(pushed.data);
    };
  }
  useAuthStore.subscribe((state, previous) => {
    if (previous.isAuth && !state.isAuth) void useNotificationStore.getState().clear();
  });
}
