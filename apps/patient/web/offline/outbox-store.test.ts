import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { indexedDbOutboxStore, type OutboxEntry } from './outbox-store.ts';

const entry = (idempotencyKey: string, createdAt: string): OutboxEntry => ({
  idempotencyKey,
  endpoint: '/patientApp/addSymptomReport',
  body: { idempotencyKey, painLevel: 3 },
  createdAt,
});

const store = indexedDbOutboxStore();

afterEach(() => store.clear());

describe('the outbox in IndexedDB', () => {
  it('lists the writes in the order they were made, and survives being opened again', async () => {
    // Made in this order, with clocks that disagree: the order of adding is what counts.
    await store.add(entry('b', '2026-11-27T10:00:00Z'));
    await store.add(entry('a', '2026-11-27T09:00:00Z'));
    await store.add(entry('c', '2026-11-27T11:00:00Z'));
    expect(await indexedDbOutboxStore().list()).toEqual([
      entry('b', '2026-11-27T10:00:00Z'),
      entry('a', '2026-11-27T09:00:00Z'),
      entry('c', '2026-11-27T11:00:00Z'),
    ]);
  });

  it('refuses a second write with the same key', async () => {
    await store.add(entry('a', '2026-11-27T09:00:00Z'));
    await expect(store.add(entry('a', '2026-11-27T09:05:00Z'))).rejects.toThrow();
    expect(await store.list()).toHaveLength(1);
  });

  it('marks a write in its place, removes one, and clears them all', async () => {
    await store.add(entry('a', '2026-11-27T09:00:00Z'));
    await store.add(entry('b', '2026-11-27T09:01:00Z'));
    await store.add(entry('c', '2026-11-27T09:02:00Z'));
    const refused = { ...entry('a', '2026-11-27T09:00:00Z'), refusal: { status: 404, at: '2026-11-27T09:03:00Z' } };
    await store.update(refused);
    // A write already removed is not brought back by a late update.
    await store.update({ ...entry('z', '2026-11-27T09:00:00Z'), refusal: { status: 400, at: '' } });
    await store.remove('b');
    expect(await store.list()).toEqual([refused, entry('c', '2026-11-27T09:02:00Z')]);
    await store.clear();
    expect(await store.list()).toEqual([]);
  });
});
