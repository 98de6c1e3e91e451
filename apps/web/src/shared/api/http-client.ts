import { FailedCode, errorReply, type Endpoint, type ReplyOf, type RequestOf, tokenPair } from '@clinic/contract';
import { ApiError, errorKindOfStatus } from './api-error.ts';

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface StoredTokens {
  accessToken: string | null;
  refreshToken: string | null;
}

export interface TokenStore {
  read(): StoredTokens;
  save(tokens: { accessToken?: string; refreshToken?: string }): void;
}

export type LockRunner = <T>(name: string, task: () => Promise<T>) => Promise<T>;

export interface HttpClientOptions {
  fetch: FetchLike;
  tokens: TokenStore;
  language: () => string;
  timeZone: () => string;
  /** Serialises the token refresh across tabs (navigator.locks); without it, only within this client. */
  withLock?: LockRunner;
  /** Shows the banner of a failed call (400, 5xx, timeout, network). */
  onError?: (error: ApiError) => void;
  /** Ends the session after a 401 that a refresh could not cure. */
  onSessionExpired?: (error: ApiError) => void;
  timeoutMs: number;
  baseUrl?: string;
}

export interface CallOptions {
  /** No banner and no session handling: the caller deals with every failure. */
  silent?: boolean;
  signal?: AbortSignal;
}

export interface HttpClient {
  callApi<E extends Endpoint>(endpoint: E, body: RequestOf<E>, options?: CallOptions): Promise<ReplyOf<E>>;
}

export const refreshTokenPath = '/user/refreshToken';
export const tokenRefreshLockName = 'token-refresh';
export const accessTokenHeader = 'x-access-token';
export const refreshTokenHeader = 'x-refresh-token';

interface RawReply {
  status: number;
  body: unknown;
}

const runWithoutLock: LockRunner = (_name, task) => task();

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const baseUrl = options.baseUrl ?? '/api';
  const withLock = options.withLock ?? runWithoutLock;
  let refreshInFlight: Promise<boolean> | null = null;

  function headersFor(tokens: StoredTokens, withAccessToken: boolean): Record<string, string> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
      'accept-language': options.language(),
      'x-time-zone': options.timeZone(),
    };
    if (withAccessToken && tokens.accessToken) headers.authorization = `Bearer ${tokens.accessToken}`;
    if (tokens.refreshToken) headers[refreshTokenHeader] = tokens.refreshToken;
    return headers;
  }

  function keepTokensOf(response: Response): void {
    const accessToken = response.headers.get(accessTokenHeader) ?? undefined;
    const refreshToken = response.headers.get(refreshTokenHeader) ?? undefined;
    if (accessToken || refreshToken) options.tokens.save({ accessToken, refreshToken });
  }

  async function send(
    method: string,
    path: string,
    payload: unknown,
    headers: Record<string, string>,
    signal: AbortSignal | undefined,
  ): Promise<RawReply> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeoutMs);
    const abortFromCaller = (): void => controller.abort();
    if (signal?.aborted) controller.abort();
    signal?.addEventListener('abort', abortFromCaller);
    try {
      const response = await options.fetch(`${baseUrl}${path}`, {
        method,
        headers,
        body: method === 'GET' ? undefined : JSON.stringify(payload ?? {}),
        signal: controller.signal,
        credentials: 'same-origin',
      });
      keepTokensOf(response);
      const body = parseJson(await response.text());
      return { status: response.status, body };
    } catch (error) {
      if (timedOut) throw new ApiError('timeout', 0);
      if (signal?.aborted) throw error;
      throw new ApiError('network', 0, undefined, [], error instanceof Error ? error.message : '');
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abortFromCaller);
    }
  }

  /** One refresh; true when fresh tokens are in the store (ours or another tab's). */
  async function refresh(usedRefreshToken: string | null): Promise<boolean> {
    const current = options.tokens.read();
    if (!current.refreshToken) return false;
    // Another request or tab already rotated the token this request was sent with.
    if (current.refreshToken !== usedRefreshToken) return true;
    const reply = await send('POST', refreshTokenPath, {}, headersFor(current, false), undefined);
    if (reply.status !== 200) return false;
    const body = reply.body as { token?: unknown } | undefined;
    const token = tokenPair.safeParse(body?.token);
    if (token.success) options.tokens.save(token.data);
    return options.tokens.read().refreshToken !== current.refreshToken;
  }

  function refreshOnce(usedRefreshToken: string | null): Promise<boolean> {
    refreshInFlight ??= withLock(tokenRefreshLockName, () => refresh(usedRefreshToken)).finally(() => {
      refreshInFlight = null;
    });
    return refreshInFlight;
  }

  function failureOf(reply: RawReply): ApiError {
    const parsed = errorReply.safeParse(reply.body);
    const failedCode = parsed.success ? parsed.data.failedCode : undefined;
    const fields = parsed.success ? (parsed.data.fields ?? []) : [];
    const message = parsed.success ? parsed.data.message : '';
    return new ApiError(errorKindOfStatus(reply.status), reply.status, failedCode, fields, message);
  }

  function isExpiredAccessToken(reply: RawReply): boolean {
    if (reply.status !== 401) return false;
    const parsed = errorReply.safeParse(reply.body);
    return parsed.success && parsed.data.failedCode === FailedCode.TokenExpired;
  }

  async function callApi<E extends Endpoint>(
    endpoint: E,
    body: RequestOf<E>,
    callOptions: CallOptions = {},
  ): Promise<ReplyOf<E>> {
    const request = endpoint.request.safeParse(body);
    const payload: unknown = request.success ? request.data : body;
    const withAccessToken = endpoint.access !== 'public';

    const attempt = async (): Promise<{ reply: RawReply; sent: StoredTokens }> => {
      const sent = options.tokens.read();
      const reply = await send(
        endpoint.method,
        endpoint.path,
        payload,
        headersFor(sent, withAccessToken),
        callOptions.signal,
      );
      return { reply, sent };
    };

    const report = (error: ApiError): ApiError => {
      if (callOptions.silent) return error;
      if (error.kind === 'sessionExpired') options.onSessionExpired?.(error);
      else options.onError?.(error);
      return error;
    };

    let reply: RawReply;
    try {
      let first = await attempt();
      if (withAccessToken && isExpiredAccessToken(first.reply) && (await refreshOnce(first.sent.refreshToken))) {
        first = await attempt();
      }
      reply = first.reply;
    } catch (error) {
      if (error instanceof ApiError) throw report(error);
      throw error;
    }

    if (reply.status < 200 || reply.status >= 300) {
      const failure = failureOf(reply);
      // A public endpoint does not depend on the session, so its 401 is no reason to end one.
      if (!withAccessToken && failure.kind === 'sessionExpired') {
        throw report(new ApiError('server', failure.status, failure.failedCode, failure.fields, failure.message));
      }
      throw report(failure);
    }

    const parsed = endpoint.reply.safeParse(reply.body);
    if (!parsed.success) {
      throw report(
        new ApiError('server', reply.status, FailedCode.ServerError, [], 'The reply does not match the contract.'),
      );
    }
    return parsed.data as ReplyOf<E>;
  }

  return { callApi };
}
