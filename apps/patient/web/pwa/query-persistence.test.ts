import { QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { describe, expect, it } from 'vitest';
import {
  cacheBuster,
  persistedCacheKey,
  persistOptions,
  queryPersistence,
  tokenSubject,
  type AsyncStorage,
} from './query-persistence.ts';

function memoryStorage(): AsyncStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => Promise.resolve(map.get(key) ?? null),
    setItem: (key, value) => Promise.resolve(void map.set(key, value)),
    removeItem: (key) => Promise.resolve(void map.delete(key)),
  };
}

/** An access token as the server signs it (the signature is not read here). */
function tokenOf(claims: object): string {
  const part = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.signature`;
}

const patientA = tokenOf({ sub: 17, pat: 5, sid: 'a', exp: 2_000_000_000 });
const patientAAgain = tokenOf({ sub: 17, pat: 5, sid: 'b', exp: 2_000_000_900 });
const patientB = tokenOf({ sub: 18, pat: 6, sid: 'c', exp: 2_000_000_000 });

const visits = [{ seqSchedule: 1, managerName: 'Grace Hopper', scheduleExpectStartDatetime: '2026-11-23T09:00:00Z' }];

function filledClient(): QueryClient {
  const client = new QueryClient();
  client.setQueryData(['patient', 'visits'], visits);
  client.setQueryData(['patient', 'program'], { prescriptions: [] });
  client.setQueryData(['patient', 'photo', '/api/storage/file/1'], new Blob(['jpeg']));
  client.setQueryData(['patient', 'slots', 3, '30', '2026-11-23', '2026-11-29'], [{ start: '09:00' }]);
  client.setQueryData(['elsewhere'], 'not the patient app’s');
  return client;
}

async function saveAs(token: string, storage: AsyncStorage, signedIn = true): Promise<void> {
  const { persister } = queryPersistence(storage, () => signedIn);
  // A new persister's first save is written at once (later ones wait out its throttle).
  await persistQueryClientSave({ queryClient: filledClient(), ...persistOptions(persister, cacheBuster(token)) });
}

async function restoreAs(token: string | null, storage: AsyncStorage, now = Date.now()): Promise<QueryClient> {
  const client = new QueryClient();
  const { persister } = queryPersistence(storage, () => token !== null);
  const realNow = Date.now;
  Date.now = () => now;
  try {
    await persistQueryClientRestore({ queryClient: client, ...persistOptions(persister, cacheBuster(token)) });
  } finally {
    Date.now = realNow;
  }
  return client;
}

describe('the patient’s queries kept offline', () => {
  it('reads whose token it is, and busts for another user, never for a new session of the same one', () => {
    expect(tokenSubject(patientA)).toBe('17');
    expect(cacheBuster(patientA)).toBe(cacheBuster(patientAAgain));
    expect(cacheBuster(patientA)).not.toBe(cacheBuster(patientB));
    expect(cacheBuster(null)).toBe('');
    expect(cacheBuster('not-a-token')).toBe('');
    expect(tokenSubject('a.%%%.c')).toBeUndefined();
  });

  it('keeps only the patient’s JSON replies: no photo, no free slots, nothing of another app', async () => {
    const storage = memoryStorage();
    await saveAs(patientA, storage);
    const stored = JSON.parse(storage.map.get(persistedCacheKey) ?? '{}') as {
      clientState: { queries: { queryKey: unknown[] }[]; mutations: unknown[] };
    };
    expect(stored.clientState.queries.map((query) => query.queryKey)).toEqual([
      ['patient', 'visits'],
      ['patient', 'program'],
    ]);
    expect(stored.clientState.mutations).toEqual([]);
    expect(storage.map.get(persistedCacheKey)).not.toContain('signature');
  });

  it('opens the same patient’s data from the kept copy, also in a new session', async () => {
    const storage = memoryStorage();
    await saveAs(patientA, storage);
    const client = await restoreAs(patientAAgain, storage);
    expect(client.getQueryData(['patient', 'visits'])).toEqual(visits);
    expect(client.getQueryState(['patient', 'visits'])?.dataUpdatedAt).toBeGreaterThan(0);
  });

  it('asks again for what the copy holds, however recently it was saved', async () => {
    const storage = memoryStorage();
    await saveAs(patientA, storage);
    const client = await restoreAs(patientA, storage);
    expect(client.getQueryState(['patient', 'program'])?.isInvalidated).toBe(true);
    expect(
      client
        .getQueryCache()
        .find({ queryKey: ['patient', 'visits'] })
        ?.isStaleByTime(60_000),
    ).toBe(true);
  });

  it('never shows another patient’s copy, and drops it', async () => {
    const storage = memoryStorage();
    await saveAs(patientA, storage);
    const client = await restoreAs(patientB, storage);
    expect(client.getQueryData(['patient', 'visits'])).toBeUndefined();
    expect(storage.map.has(persistedCacheKey)).toBe(false);
  });

  it('drops a copy older than a week', async () => {
    const storage = memoryStorage();
    await saveAs(patientA, storage);
    const client = await restoreAs(patientA, storage, Date.now() + 7 * 86_400_000 + 60_000);
    expect(client.getQueryData(['patient', 'visits'])).toBeUndefined();
    expect(storage.map.has(persistedCacheKey)).toBe(false);
  });

  it('writes nothing while signed out, and forgets the copy on sign-out', async () => {
    const storage = memoryStorage();
    await saveAs(patientA, storage, false);
    expect(storage.map.has(persistedCacheKey)).toBe(false);
    await saveAs(patientA, storage);
    expect(storage.map.has(persistedCacheKey)).toBe(true);
    await queryPersistence(storage, () => false).forget();
    expect(storage.map.has(persistedCacheKey)).toBe(false);
  });
});
