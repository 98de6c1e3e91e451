/** A minimal Storage, so tests can hand in a Map-backed one. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * The patient's own keys: the clinician app runs on the same origin and keeps `accessToken` and
 * `refreshToken`, so the two sessions never overwrite each other.
 */
export const patientStorageKeys = {
  accessToken: 'patientAccessToken',
  refreshToken: 'patientRefreshToken',
  userName: 'patientUserName',
  lang: 'patientLang',
} as const;

export interface StoredTokens {
  accessToken: string | null;
  refreshToken: string | null;
}

export interface TokenStore {
  read(): StoredTokens;
  save(tokens: { accessToken?: string | undefined; refreshToken?: string | undefined }): void;
  clear(): void;
  /** Called after every change, with the tokens now kept. */
  subscribe(listener: (tokens: StoredTokens) => void): () => void;
}

export function browserStorage(): KeyValueStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

function safely<T>(task: () => T, fallback: T): T {
  try {
    return task();
  } catch {
    return fallback;
  }
}

export function createTokenStore(storage: KeyValueStorage | undefined = browserStorage()): TokenStore {
  const listeners = new Set<(tokens: StoredTokens) => void>();
  const read = (): StoredTokens => ({
    accessToken: safely(() => storage?.getItem(patientStorageKeys.accessToken) ?? null, null),
    refreshToken: safely(() => storage?.getItem(patientStorageKeys.refreshToken) ?? null, null),
  });
  const notify = (): void => {
    const tokens = read();
    for (const listener of listeners) listener(tokens);
  };
  return {
    read,
    save(tokens) {
      safely(() => {
        if (tokens.accessToken) storage?.setItem(patientStorageKeys.accessToken, tokens.accessToken);
        if (tokens.refreshToken) storage?.setItem(patientStorageKeys.refreshToken, tokens.refreshToken);
      }, undefined);
      notify();
    },
    clear() {
      safely(() => {
        storage?.removeItem(patientStorageKeys.accessToken);
        storage?.removeItem(patientStorageKeys.refreshToken);
        storage?.removeItem(patientStorageKeys.userName);
      }, undefined);
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The browser's store of the patient's session. */
export const tokenStore = createTokenStore();
