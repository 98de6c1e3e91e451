import { createHttpClient, type HttpClient } from '@clinic/client/http-client';
import { browserTimeZone } from '@clinic/client/time-zone';
import { client } from '@clinic/contract';
import { currentLanguage } from '../i18n/i18n.ts';
import { tokenStore } from '../session/token-store.ts';

/** The patient's HTTP client: the session's tokens, the page's language and the browser's time zone. */
export function createPatientHttpClient(onSessionExpired: () => void): HttpClient {
  return createHttpClient({
    fetch: (url, init) => fetch(url, init),
    tokens: tokenStore,
    language: currentLanguage,
    timeZone: browserTimeZone,
    onSessionExpired,
    timeoutMs: client.apiTimeoutMs,
    // The server's tests check every reply against the contract, which converts nothing on reading.
    checkReplies: import.meta.env.DEV,
  });
}
