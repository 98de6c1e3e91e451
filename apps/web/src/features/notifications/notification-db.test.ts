import 'fake-indexeddb/auto';
import { PushType, type Notification } from '@clinic/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addNotification,
  clearNotifications,
  listNotifications,
  markAllRead,
  markRead,
  openNotificationDb,
  type NotificationDb,
} from './notification-db.ts';

function notificationAt(index: number, key = `n-${index}`): Notification {
  return {
    key,
    pushType: PushType.bookedByPatient,
    seqSchedule: index,
    seqMedicalRelation: 7,
    patientName: `Patient ${index}`,
    managerName: 'Grace Hopper',
    scheduleExpectStartDatetime: '2026-12-01T09:00:00.000Z',
    time: new Date(Date.UTC(2026, 10, 1, 0, 0, index)).toISOString(),
  };
}

let db: NotificationDb;

beforeEach(async () => {
  db = await openNotificationDb();
  await clearNotifications(db);
});

afterEach(() => db.close());

describe('notification store', () => {
  it('keeps a new notification unread with its key, data and time', async () => {
    const notification = notificationAt(1);
    expect(await addNotification(db, notification)).toBe(true);
    const [item] = await listNotifications(db);
    expect(item).toEqual({
      key: 'n-1',
      data: notification,
      time: Date.parse(notification.time),
      read: false,
    });
  });

  it('keeps one item when the same key arrives twice, and its read flag stays', async () => {
    await addNotification(db, notificationAt(1));
    await markRead(db, ['n-1']);
    expect(await addNotification(db, notificationAt(1))).toBe(false);
    const items = await listNotifications(db);
    expect(items).toHaveLength(1);
    expect(items[0]?.read).toBe(true);
  });

  it('keeps at most 50, dropping the oldest when the 51st arrives', async () => {
    // Arrive out of order: the cap goes by time, not by arrival.
    for (let index = 50; index >= 1; index--) await addNotification(db, notificationAt(index));
    expect(await listNotifications(db)).toHaveLength(50);
    await addNotification(db, notificationAt(51));
    const keys = (await listNotifications(db)).map((item) => item.key);
    expect(keys).toHaveLength(50);
    expect(keys).not.toContain('n-1');
    expect(keys[0]).toBe('n-51');
    expect(keys.at(-1)).toBe('n-2');
  });

  it('lists newest first and marks some or all read', async () => {
    for (const index of [1, 2, 3]) await addNotification(db, notificationAt(index));
    expect((await listNotifications(db)).map((item) => item.key)).toEqual(['n-3', 'n-2', 'n-1']);
    await markRead(db, ['n-2', 'missing']);
    expect((await listNotifications(db)).map((item) => item.read)).toEqual([false, true, false]);
    await markAllRead(db);
    expect((await listNotifications(db)).every((item) => item.read)).toBe(true);
  });
});
