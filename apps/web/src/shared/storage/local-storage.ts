/** The local storage keys of SPEC section 3. */
export const storageKeys = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  fcmToken: 'fcmToken',
  lang: 'lang',
  unit: 'unit',
  userEmail: 'userEmail',
  userName: 'userName',
  userId: 'userId',
  seqUser: 'seqUser',
  seqManager: 'seqManager',
  devId: 'devId',
  time: 'time',
  preSetDeviceId: 'preSetDeviceId',
  /** My page "notifications" switch: 'off' keeps this browser from subscribing to pushes. */
  notifications: 'notifications',
  /** The waiting room's sound switch: 'off' keeps this browser from chiming when a patient knocks. */
  waitingRoomSound: 'waitingRoomSound',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

/** A minimal Storage, so tests can hand in a Map-backed one. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function browserStorage(): KeyValueStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function readItem(key: StorageKey, storage: KeyValueStorage | undefined = browserStorage()): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(
  key: StorageKey,
  value: string,
  storage: KeyValueStorage | undefined = browserStorage(),
): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Storage full or blocked: the value lives only for this page.
  }
}

export function removeItem(key: StorageKey, storage: KeyValueStorage | undefined = browserStorage()): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Storage blocked: nothing to remove.
  }
}

/** A Map-backed storage for tests and for browsers that block local storage. */
export function createMemoryStorage(initial: Record<string, string> = {}): KeyValueStorage {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}
