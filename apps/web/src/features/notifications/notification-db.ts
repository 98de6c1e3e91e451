import { notificationRules } from './notification-rules.ts';
import type { AnyNotification } from '@clinic/contract';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * SPEC 3 "Notification item": the browser database (version 1) keeps {key, data, time, read}.
 * public/sw.js writes the same database with the same names; change both together.
 */
export const notificationDbName = 'clinic-notifications';
export const notificationDbVersion = 1;
export const notificationStoreName = 'notifications';
export const notificationTimeIndex = 'time';

export interface NotificationItem {
  key: string;
  data: AnyNotification;
  /** When the notification was made (epoch ms), the order of the list and of the cap. */
  time: number;
  read: boolean;
}

interface NotificationSchema extends DBSchema {
  notifications: { key: string; value: NotificationItem; indexes: { time: number } };
}

export type NotificationDb = IDBPDatabase<NotificationSchema>;

export function openNotificationDb(): Promise<NotificationDb> {
  return openDB<NotificationSchema>(notificationDbName, notificationDbVersion, {
    upgrade(db) {
      if (!db.objectStoreNames.contains(notificationStoreName)) {
        const store = db.createObjectStore(notificationStoreName, { keyPath: 'key' });
        store.createIndex(notificationTimeIndex, 'time');
      }
    },
  });
}

/** The instant of a notification: its own time, or now when that is not a date. */
export function timeOf(notification: AnyNotification, now: number = Date.now()): number {
  const parsed = Date.parse(notification.time);
  return Number.isNaN(parsed) ? now : parsed;
}

/**
 * Keeps a notification, unread, and drops the oldest beyond the cap. A key already kept stays as it
 * is (the socket and the push bring the same one). Answers whether it was new.
 */
export async function addNotification(db: NotificationDb, notification: AnyNotification): Promise<boolean> {
  const tx = db.transaction(notificationStoreName, 'readwrite');
  const store = tx.store;
  if (await store.getKey(notification.key)) {
    await tx.done;
    return false;
  }
  await store.put({ key: notification.key, data: notification, time: timeOf(notification), read: false });
  let extra = (await store.count()) - notificationRules.maxStored;
  if (extra > 0) {
    let cursor = await store.index(notificationTimeIndex).openCursor();
    while (cursor && extra > 0) {
      await cursor.delete();
      extra -= 1;
      cursor = await cursor.continue();
    }
  }
  await tx.done;
  return true;
}

/** Every kept notification, newest first. */
export async function listNotifications(db: NotificationDb): Promise<NotificationItem[]> {
  const items = await db.getAllFromIndex(notificationStoreName, notificationTimeIndex);
  return items.reverse();
}

export async function markRead(db: NotificationDb, keys: readonly string[]): Promise<void> {
  const tx = db.transaction(notificationStoreName, 'readwrite');
  for (const key of keys) {
    const item = await tx.store.get(key);
    if (item && !item.read) await tx.store.put({ ...item, read: true });
  }
  await tx.done;
}

export async function markAllRead(db: NotificationDb): Promise<void> {
  const tx = db.transaction(notificationStoreName, 'readwrite');
  let cursor = await tx.store.openCursor();
  while (cursor) {
    if (!cursor.value.read) await cursor.update({ ...cursor.value, read: true });
    cursor = await cursor.continue();
  }
  await tx.done;
}

export async function clearNotifications(db: NotificationDb): Promise<void> {
  await db.clear(notificationStoreName);
}
