import type { LoginUser, TokenPair } from '@clinic/contract';
import { create } from 'zustand';
import { readItem, removeItem, storageKeys, writeItem, type StorageKey } from '../storage/local-storage.ts';

/** Client auth state of SPEC 3, mirrored in local storage so every tab shares it. */
export interface AuthState {
  seqUser: number | null;
  seqManager: number | null;
  userId: string;
  userName: string;
  userEmail: string;
  accessToken: string | null;
  isAuth: boolean;
}

export interface AuthActions {
  /** Keeps the tokens and the user of a successful login. */
  setSession(token: TokenPair, user: LoginUser): void;
  /** Keeps rotated tokens (refresh, reply headers). */
  saveTokens(tokens: { accessToken?: string; refreshToken?: string }): void;
  /** Forgets the session: tokens, user and activity time. */
  clearSession(): void;
  /** Re-reads local storage, e.g. after another tab changed it. */
  syncFromStorage(): void;
}

const sessionKeys: readonly StorageKey[] = [
  storageKeys.accessToken,
  storageKeys.refreshToken,
  storageKeys.userEmail,
  storageKeys.userName,
  storageKeys.userId,
  storageKeys.seqUser,
  storageKeys.seqManager,
  storageKeys.time,
];

function readNumber(key: StorageKey): number | null {
  const value = readItem(key);
  if (value === null || value === '' || value === 'null') return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

export function readAuthState(): AuthState {
  const accessToken = readItem(storageKeys.accessToken) || null;
  return {
    seqUser: readNumber(storageKeys.seqUser),
    seqManager: readNumber(storageKeys.seqManager),
    userId: readItem(storageKeys.userId) ?? '',
    userName: readItem(storageKeys.userName) ?? '',
    userEmail: readItem(storageKeys.userEmail) ?? '',
    accessToken,
    isAuth: accessToken !== null,
  };
}

export function hasAccessToken(): boolean {
  return Boolean(readItem(storageKeys.accessToken));
}

export const useAuthStore = create<AuthState & AuthActions>()((set) => ({
  ...readAuthState(),
  setSession: (token, user) => {
    writeItem(storageKeys.accessToken, token.accessToken);
    writeItem(storageKeys.refreshToken, token.refreshToken);
    writeItem(storageKeys.seqUser, String(user.seqUser));
    // A patient app member has no clinician profile: never keep the text "null".
    if (user.seqManager === null) removeItem(storageKeys.seqManager);
    else writeItem(storageKeys.seqManager, String(user.seqManager));
    writeItem(storageKeys.userId, user.userId);
    writeItem(storageKeys.userEmail, user.userEmail);
    writeItem(storageKeys.userName, user.userName);
    writeItem(storageKeys.time, String(Date.now()));
    set(readAuthState());
  },
  saveTokens: ({ accessToken, refreshToken }) => {
    if (accessToken) writeItem(storageKeys.accessToken, accessToken);
    if (refreshToken) writeItem(storageKeys.refreshToken, refreshToken);
    set(readAuthState());
  },
  clearSession: () => {
    for (const key of sessionKeys) removeItem(key);
    set(readAuthState());
  },
  syncFromStorage: () => set(readAuthState()),
}));

/** Non-React access for the HTTP client and timers. */
export const authActions = {
  setSession: (token: TokenPair, user: LoginUser): void => useAuthStore.getState().setSession(token, user),
  saveTokens: (tokens: { accessToken?: string; refreshToken?: string }): void =>
    useAuthStore.getState().saveTokens(tokens),
  clearSession: (): void => useAuthStore.getState().clearSession(),
  syncFromStorage: (): void => useAuthStore.getState().syncFromStorage(),
};
