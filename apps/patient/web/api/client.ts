import type { Endpoint, ReplyOf, RequestOf } from '@clinic/contract';
import type { CallOptions, HttpClient } from '@clinic/client/http-client';

let sessionExpiredHandler: (() => void) | undefined;

/** Who ends the session after a 401 that a refresh could not cure (the signed-in app). */
export function onSessionExpired(handler: () => void): void {
  sessionExpiredHandler = handler;
}

let httpClient: Promise<HttpClient> | undefined;

/**
 * The HTTP client, with the contract's error and token checks (zod), loads with the signed-in app's
 * first screen or the login's first attempt, never with the first page.
 */
export function loadHttpClient(): Promise<HttpClient> {
  httpClient ??= import('./http-client.ts').then(
    ({ createPatientHttpClient }) => createPatientHttpClient(() => sessionExpiredHandler?.()),
    (error: unknown) => {
      // A chunk that failed to load is tried again by the next call.
      httpClient = undefined;
      throw error;
    },
  );
  return httpClient;
}

/** The server's API under /api; see @clinic/client/http-client for the session handling. */
export const api = {
  async callApi<E extends Endpoint>(endpoint: E, body: RequestOf<E>, options?: CallOptions): Promise<ReplyOf<E>> {
    return (await loadHttpClient()).callApi(endpoint, body, options);
  },
  async uploadFile<E extends Endpoint>(
    endpoint: E,
    fields: RequestOf<E>,
    file: Blob,
    fileName: string,
    options?: CallOptions,
  ): Promise<ReplyOf<E>> {
    return (await loadHttpClient()).uploadFile(endpoint, fields, file, fileName, options);
  },
  async fetchFile(path: string, options?: CallOptions): Promise<Blob> {
    return (await loadHttpClient()).fetchFile(path, options);
  },
  async refreshTokens(usedRefreshToken: string | null): Promise<'refreshed' | 'refused' | 'failed'> {
    return (await loadHttpClient()).refreshTokens(usedRefreshToken);
  },
};
