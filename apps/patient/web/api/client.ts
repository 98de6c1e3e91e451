import { createHttpClient } from '@clinic/client/http-client';
import { browserTimeZone } from '@clinic/client/time-zone';
import { client } from '@clinic/contract';
import { QueryClient } from '@tanstack/react-query';
import { currentLanguage } from '../i18n/i18n.ts';
import { browserQueryStorage, persistedMaxAgeMs, queryPersistence } from '../pwa/query-persistence.ts';
import { tokenStore } from '../session/token-store.ts';

let sessionExpiredHandler: (() => void) | undefined;

/** Who ends the session after a 401 that a refresh could not cure (the app shell). */
export function onSessionExpired(handler: () => void): void {
  sessionExpiredHandler = handler;
}

export const api = createHttpClient({
  fetch: (url, init) => fetch(url, init),
  tokens: tokenStore,
  language: currentLanguage,
  timeZone: browserTimeZone,
  onSessionExpired: () => sessionExpiredHandler?.(),
  timeoutMs: client.apiTimeoutMs,
});

/**
 * Cached replies show at once, offline too (`offlineFirst`: one try, then waiting for the connection);
 * they are kept as long as the persisted copy (app.tsx), which holds only what is in the cache.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: 1,
      refetchOnWindowFocus: true,
      staleTime: 10_000,
      gcTime: persistedMaxAgeMs,
      networkMode: 'offlineFirst',
    },
    mutations: { retry: false },
  },
});

/** The patient's queries kept in this browser (IndexedDB) while signed in, so the app opens offline. */
export const queryCache = queryPersistence(browserQueryStorage(), () => tokenStore.read().accessToken !== null);

export const queryKeys = {
  visits: ['patient', 'visits'] as const,
  clinicians: ['patient', 'clinicians'] as const,
  slots: (seqMedicalRelation: number, duration: string, startDate: string, endDate: string) =>
    ['patient', 'slots', seqMedicalRelation, duration, startDate, endDate] as const,
  photo: (path: string) => ['patient', 'photo', path] as const,
};
