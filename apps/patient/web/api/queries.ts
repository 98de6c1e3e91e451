import { QueryClient } from '@tanstack/react-query';
import { browserQueryStorage, persistedMaxAgeMs, queryPersistence } from '../pwa/query-persistence.ts';
import { tokenStore } from '../session/token-store.ts';

/**
 * Cached replies show at once, offline too (`offlineFirst`: one try, then waiting for the connection);
 * they are kept as long as the persisted copy (signed-in.tsx), which holds only what is in the cache.
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
