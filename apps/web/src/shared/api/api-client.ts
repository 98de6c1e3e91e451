import { client, type Endpoint, type ReplyOf, type RequestOf } from '@clinic/contract';
import { browserTimeZone } from '@clinic/client/time-zone';
import { currentLanguage } from '../i18n/i18n.ts';
import { showErrorBanner } from '../notices/banners.ts';
import { authActions } from '../session/auth-store.ts';
import { expireSession } from '../session/session-expiry.ts';
import { readItem, storageKeys } from '../storage/local-storage.ts';
import type { CallOptions, HttpClient, LockRunner } from '@clinic/client/http-client';

function browserLock(): LockRunner | undefined {
  if (typeof navigator === 'undefined' || !('locks' in navigator) || !navigator.locks) return undefined;
  return (name, task) => navigator.locks.request(name, task);
}

let lastRequestAt = 0;

/** When this tab last sent a request to the server (0 before the first). */
export function lastApiRequestAt(): number {
  return lastRequestAt;
}

let httpClient: Promise<HttpClient> | undefined;

/**
 * The HTTP client, with the contract's error and token checks (zod), loads with the first call rather
 * than with the first page: every screen that calls the server brings its endpoints' schemas anyway.
 */
function loadHttpClient(): Promise<HttpClient> {
  httpClient ??= import('@clinic/client/http-client').then(
    ({ createHttpClient }) =>
      createHttpClient({
        fetch: (url, init) => window.fetch(url, init),
        tokens: {
          read: () => ({
            accessToken: readItem(storageKeys.accessToken),
            refreshToken: readItem(storageKeys.refreshToken),
          }),
          save: (tokens) => authActions.saveTokens(tokens),
        },
        language: currentLanguage,
        timeZone: browserTimeZone,
        withLock: browserLock(),
        onError: showErrorBanner,
        onSessionExpired: (error) => {
          if (expireSession()) showErrorBanner(error);
        },
        onRequestSent: () => {
          lastRequestAt = Date.now();
        },
        timeoutMs: client.apiTimeoutMs,
        // A 10,000-patient list takes 160 ms to check; the server's tests check its replies.
        checkReplies: import.meta.env.DEV,
      }),
    (error: unknown) => {
      // A chunk that failed to load is tried again by the next call.
      httpClient = undefined;
      throw error;
    },
  );
  return httpClient;
}

/** Calls a contract endpoint under /api; see @clinic/client/http-client for the session handling. */
export async function callApi<E extends Endpoint>(
  endpoint: E,
  body: RequestOf<E>,
  options?: CallOptions,
): Promise<ReplyOf<E>> {
  return (await loadHttpClient()).callApi(endpoint, body, options);
}

/** Uploads one file to a multipart endpoint (text fields first, then the file). */
export async function uploadFile<E extends Endpoint>(
  endpoint: E,
  fields: RequestOf<E>,
  file: Blob,
  fileName: string,
  options?: CallOptions,
): Promise<ReplyOf<E>> {
  return (await loadHttpClient()).uploadFile(endpoint, fields, file, fileName, options);
}

/** The bytes of a served file (e.g. an upload's publicPath), fetched with the session's access token. */
export async function fetchFile(path: string, options?: CallOptions): Promise<Blob> {
  return (await loadHttpClient()).fetchFile(path, options);
}

/** Refreshes the session's tokens once for all callers; see HttpClient.refreshTokens. */
export async function refreshTokens(usedRefreshToken: string | null): Promise<'refreshed' | 'refused' | 'failed'> {
  return (await loadHttpClient()).refreshTokens(usedRefreshToken);
}
