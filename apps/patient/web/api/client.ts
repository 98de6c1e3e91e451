import { createHttpClient } from '@clinic/client/http-client';
import { browserTimeZone } from '@clinic/client/time-zone';
import { client } from '@clinic/contract';
import { QueryClient } from '@tanstack/react-query';
import { currentLanguage } from '../i18n/i18n.ts';
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

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: true, staleTime: 10_000 },
    mutations: { retry: false },
  },
});

export const queryKeys = {
  visits: ['patient', 'visits'] as const,
  clinicians: ['patient', 'clinicians'] as const,
  slots: (seqMedicalRelation: number, duration: string, startDate: string, endDate: string) =>
    ['patient', 'slots', seqMedicalRelation, duration, startDate, endDate] as const,
  photo: (path: string) => ['patient', 'photo', path] as const,
};
