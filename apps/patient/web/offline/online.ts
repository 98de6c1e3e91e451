import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser says it has a network connection (false means surely none; true, perhaps one). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine);
}

/** What of a query tells whether its data is only what was kept: TanStack Query's result. */
export interface QueryFreshness {
  data: unknown;
  dataUpdatedAt: number;
  failureCount: number;
  isRefetchError: boolean;
  fetchStatus: 'fetching' | 'paused' | 'idle';
}

/**
 * Whether a query shows data kept from before rather than the server's answer now: it has data,
 * and the last fetch failed, waits for the network, or the browser is offline.
 */
export function isKeptData(query: QueryFreshness, online: boolean): boolean {
  if (query.data === undefined || query.dataUpdatedAt === 0) return false;
  return !online || query.isRefetchError || query.failureCount > 0 || query.fetchStatus === 'paused';
}
