import { FailedCode, errorReply, tokenPair, type Endpoint, type ReplyOf, type RequestOf } from '@clinic/contract';
import type { StoredTokens, TokenStore } from '../session/token-store.ts';

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** A call that did not reach a usable reply: an HTTP error, a timeout or no network. */
export class ApiError extends Error {
  constructor(
    readonly kind: 'http' | 'timeout' | 'network' | 'contract',
    readonly status: number,
    readonly failedCode: string | undefined,
    message = '',
  ) {
    super(message || `${kind} ${status}`);
    this.name = 'ApiError';
  }
}

export interface HttpClientOptions {
  fetch: FetchLike;
  tokens: TokenStore;
  language: () => string;
  timeZone: () => string;
  /** A 401 that a refresh could not cure: the session is over. */
  onSessionExpired?: () => void;
  timeoutMs?: number;
  baseUrl?: string;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export interface HttpClient {
  /** Business failures come back as the reply (`isSuccess: false`); HTTP failures throw ApiError. */
  callApi<E extends Endpoint>(endpoint: E, body: RequestOf<E>, options?: CallOptions): Promise<ReplyOf<E>>;
  /** A multipart endpoint with one `file`. */
  uploadFile<E extends Endpoint>(endpoint: E, file: Blob, fileName: string, options?: CallOptions): Promise<ReplyOf<E>>;
  /** The bytes behind a served path such as `/api/storage/file/<id>`, fetched with the session. */
  fetchFile(path: string, options?: CallOptions): Promise<Blob>;
  /** Gets fresh tokens with the refresh token; false when the server refused (the session is over). */
  refresh(): Promise<boolean>;
}

export const accessTokenHeader = 'x-access-token';
export const refreshTokenHeader = 'x-refresh-token';
const refreshPath = '/user/refreshToken';

type Payload = { kind: 'json'; value: unknown } | { kind: 'form'; value: FormData } | { kind: 'none' };

interface RawReply {
  status: number;
  body: unknown;
  blob?: Blob;
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function failureOfBody(status: number, body: unknown): ApiError {
  const parsed = errorReply.safeParse(body);
  const fallback = status >= 500 ? FailedCode.ServerError : undefined;
  return new ApiError(
    'http',
    status,
    parsed.success ? parsed.data.failedCode : fallback,
    parsed.success ? parsed.data.message : '',
  );
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const baseUrl = options.baseUrl ?? '/api';
  const timeoutMs = options.timeoutMs ?? 60_000;
  let refreshInFlight: Promise<boolean> | null = null;

  function headersFor(tokens: StoredTokens, withAccess: boolean, json: boolean): Record<string, string> {
    const headers: Record<string, string> = {
      accept: json ? 'application/json' : '*/*',
      'accept-language': options.language(),
      'x-time-zone': options.timeZone(),
    };
    if (json) headers['content-type'] = 'application/json';
    if (withAccess && tokens.accessToken) headers.authorization = `Bearer ${tokens.accessToken}`;
    if (tokens.refreshToken) headers[refreshTokenHeader] = tokens.refreshToken;
    return headers;
  }

  async function send(
    method: string,
    url: string,
    payload: Payload,
    headers: Record<string, string>,
    signal?: AbortSignal,
    asBlob = false,
  ): Promise<RawReply> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const abort = (): void => controller.abort();
    if (signal?.aborted) controller.abort();
    signal?.addEventListener('abort', abort);
    try {
      const body =
        payload.kind === 'json'
          ? JSON.stringify(payload.value ?? {})
          : payload.kind === 'form'
            ? payload.value
            : undefined;
      const response = await options.fetch(url, {
        method,
        headers,
        body: method === 'GET' ? undefined : body,
        signal: controller.signal,
        credentials: 'same-origin',
      });
      const accessToken = response.headers.get(accessTokenHeader) ?? undefined;
      const refreshToken = response.headers.get(refreshTokenHeader) ?? undefined;
      if (accessToken || refreshToken) options.tokens.save({ accessToken, refreshToken });
      if (asBlob && response.ok) return { status: response.status, body: undefined, blob: await response.blob() };
      return { status: response.status, body: parseJson(await response.text()) };
    } catch (error) {
      if (timedOut) throw new ApiError('timeout', 0, undefined);
      if (signal?.aborted) throw error;
      throw new ApiError('network', 0, undefined, error instanceof Error ? error.message : '');
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
    }
  }

  async function refreshNow(usedRefreshToken: string | null): Promise<boolean> {
    const current = options.tokens.read();
    if (!current.refreshToken) return false;
    // Another request already rotated the token this one was sent with.
    if (usedRefreshToken !== null && current.refreshToken !== usedRefreshToken) return true;
    const reply = await send(
      'POST',
      `${baseUrl}${refreshPath}`,
      { kind: 'json', value: {} },
      headersFor(current, false, true),
    );
    if (reply.status === 401) return false;
    if (reply.status !== 200) throw failureOfBody(reply.status, reply.body);
    const token = tokenPair.safeParse((reply.body as { token?: unknown } | undefined)?.token);
    if (token.success) options.tokens.save(token.data);
    return options.tokens.read().refreshToken !== current.refreshToken;
  }

  function refreshOnce(usedRefreshToken: string | null): Promise<boolean> {
    refreshInFlight ??= refreshNow(usedRefreshToken).finally(() => {
      refreshInFlight = null;
    });
    return refreshInFlight;
  }

  function isExpiredAccessToken(reply: RawReply): boolean {
    if (reply.status !== 401) return false;
    const parsed = errorReply.safeParse(reply.body);
    return parsed.success && parsed.data.failedCode === FailedCode.TokenExpired;
  }

  async function execute(
    method: string,
    url: string,
    payload: Payload,
    access: Endpoint['access'],
    callOptions: CallOptions,
    asBlob = false,
  ): Promise<RawReply> {
    const withAccess = access !== 'public';
    const json = payload.kind === 'json';
    const attempt = async (): Promise<{ reply: RawReply; sent: StoredTokens }> => {
      const sent = options.tokens.read();
      const reply = await send(method, url, payload, headersFor(sent, withAccess, json), callOptions.signal, asBlob);
      return { reply, sent };
    };
    let { reply, sent } = await attempt();
    if (withAccess && isExpiredAccessToken(reply)) {
      if (await refreshOnce(sent.refreshToken)) ({ reply, sent } = await attempt());
    }
    if (reply.status < 200 || reply.status >= 300) {
      const failure = failureOfBody(reply.status, reply.body);
      if (withAccess && reply.status === 401) options.onSessionExpired?.();
      throw failure;
    }
    return reply;
  }

  function parseReply<E extends Endpoint>(endpoint: E, reply: RawReply): ReplyOf<E> {
    const parsed = endpoint.reply.safeParse(reply.body);
    if (!parsed.success) throw new ApiError('contract', reply.status, FailedCode.ServerError);
    return parsed.data as ReplyOf<E>;
  }

  return {
    async callApi(endpoint, body, callOptions = {}) {
      const request = endpoint.request.safeParse(body);
      const value: unknown = request.success ? request.data : body;
      const reply = await execute(
        endpoint.method,
        `${baseUrl}${endpoint.path}`,
        { kind: 'json', value },
        endpoint.access,
        callOptions,
      );
      return parseReply(endpoint, reply);
    },
    async uploadFile(endpoint, file, fileName, callOptions = {}) {
      const form = new FormData();
      form.append('file', file, fileName);
      const reply = await execute(
        endpoint.method,
        `${baseUrl}${endpoint.path}`,
        { kind: 'form', value: form },
        endpoint.access,
        callOptions,
      );
      return parseReply(endpoint, reply);
    },
    async fetchFile(path, callOptions = {}) {
      const reply = await execute('GET', path, { kind: 'none' }, 'patient', callOptions, true);
      return reply.blob ?? new Blob([]);
    },
    refresh: () => refreshOnce(null),
  };
}
