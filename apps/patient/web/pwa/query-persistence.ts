import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { Query } from '@tanstack/react-query';
import type { PersistedClient, PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { openDB } from 'idb';

/** How long the patient's data stays readable offline after it was last saved. */
export const persistedMaxAgeMs = 7 * 24 * 60 * 60 * 1000;

/** Bumped when what is kept changes shape, so an older copy is never read. */
const cacheVersion = 1;

/** The patient's queries that are not kept: photos are blobs, free slots are only good online. */
const notKept = new Set<unknown>(['photo', 'slots']);

/** Only the patient's JSON replies that arrived: never a blob, a failure, nor another app's data. */
export function keepsQuery(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  const [scope, kind] = query.queryKey;
  return (
    scope === 'patient' && !notKept.has(kind) && query.state.status === 'success' && !(query.state.data instanceof Blob)
  );
}

/** The user an access token was issued to (its `sub`), without checking it: the server does. */
export function tokenSubject(accessToken: string | null): string | undefined {
  const body = accessToken?.split('.')[1];
  if (!body) return undefined;
  try {
    const claims: unknown = JSON.parse(atob(body.replace(/-/g, '+').replace(/_/g, '/')));
    const sub = typeof claims === 'object' && claims !== null && 'sub' in claims ? claims.sub : undefined;
    return typeof sub === 'number' || typeof sub === 'string' ? String(sub) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The kept copy belongs to one patient: restored only for the same user, so a phone that changes
 * hands never shows another patient's data, even if the sign-out could not clear it. Empty while
 * signed out (nothing is kept then).
 */
export function cacheBuster(accessToken: string | null): string {
  const subject = tokenSubject(accessToken);
  return subject === undefined ? '' : `v${cacheVersion}:user:${subject}`;
}

/** Key-value storage with the persister's async interface. */
export interface AsyncStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

export const queryCacheDbName = 'patient-query-cache';
const storeName = 'entries';

/** IndexedDB (database `patient-query-cache`), opened at first use. */
function indexedDbStorage(): AsyncStorage {
  let opened: ReturnType<typeof openDB> | undefined;
  const db = (): ReturnType<typeof openDB> =>
    (opened ??= openDB(queryCacheDbName, 1, {
      upgrade(database) {
        database.createObjectStore(storeName);
      },
    }));
  return {
    async getItem(key) {
      const value: unknown = await (await db()).get(storeName, key);
      return typeof value === 'string' ? value : null;
    },
    async setItem(key, value) {
      await (await db()).put(storeName, value, key);
    },
    async removeItem(key) {
      await (await db()).delete(storeName, key);
    },
  };
}

/** IndexedDB where the browser has it (not in a test without one, nor in some private modes): else nothing is kept. */
export function browserQueryStorage(): AsyncStorage {
  if (typeof indexedDB !== 'undefined') return indexedDbStorage();
  return {
    getItem: () => Promise.resolve(null),
    setItem: () => Promise.resolve(),
    removeItem: () => Promise.resolve(),
  };
}

/** A storage that keeps nothing while `keeps` says no: a save still on its way after a sign-out writes nothing. */
export function guardedStorage(storage: AsyncStorage, keeps: () => boolean): AsyncStorage {
  return {
    getItem: (key) => storage.getItem(key),
    setItem: (key, value) => (keeps() ? storage.setItem(key, value) : Promise.resolve()),
    removeItem: (key) => storage.removeItem(key),
  };
}

/** The kept queries marked as to be asked again. */
function staleCopy(client: PersistedClient | undefined): PersistedClient | undefined {
  if (!client) return undefined;
  const queries = client.clientState.queries.map((query) => ({
    ...query,
    state: { ...query.state, isInvalidated: true },
  }));
  return { ...client, clientState: { ...client.clientState, queries } };
}

/** The single entry the persister writes. */
export const persistedCacheKey = 'patient-queries';

/** Where the patient's queries are kept in this browser, and how; `signedIn` guards every write. */
export function queryPersistence(
  storage: AsyncStorage,
  signedIn: () => boolean,
): {
  persister: PersistQueryClientOptions['persister'];
  forget: () => Promise<void>;
} {
  const persister = createAsyncStoragePersister({
    storage: guardedStorage(storage, signedIn),
    key: persistedCacheKey,
  });
  return {
    // The kept copy shows at once, but it is from an earlier visit however recently saved: every
    // screen asks again when it opens (a reload right after a change would otherwise show the old copy).
    persister: { ...persister, restoreClient: async () => staleCopy(await persister.restoreClient()) },
    forget: () => storage.removeItem(persistedCacheKey),
  };
}

/** The options of the app's query client provider, for the patient the buster names (cacheBuster). */
export function persistOptions(
  persister: PersistQueryClientOptions['persister'],
  buster: string,
): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister,
    maxAge: persistedMaxAgeMs,
    buster,
    dehydrateOptions: { shouldDehydrateQuery: keepsQuery, shouldDehydrateMutation: () => false },
  };
}
