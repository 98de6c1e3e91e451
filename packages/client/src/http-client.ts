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
  /** Called whenever a request leaves for the server (the keep-alive counts from the last one). */
  onRequestSent?: () => void;
  timeoutMs: number;
  baseUrl?: string;
  /**
   * Checks each reply against its contract (the default). Without it a reply is taken as it is:
   * the server's tests check every reply against the contract, which converts nothing on reading.
   */
  checkReplies?: boolean;
}

export interface CallOptions {
  /** No banner and no session handling: the caller deals with every failure. */
  silent?: boolean;
  signal?: AbortSignal;
  /** Sent even if the page is going away (a call closed as its window closes). */
  keepalive?: boolean;
}

export interface HttpClient {
  callApi<E extends Endpoint>(endpoint: E, body: RequestOf<E>, options?: CallOptions): Promise<ReplyOf<E>>;
  /** A multipart endpoint: its text fields first, then the file (the server reads them in this order). */
  uploadFile<E extends Endpoint>(
    endpoint: E,
    fields: RequestOf<E>,
    file: Blob,
    fileName: string,
    options?: CallOptions,
  ): Promise<ReplyOf<E>>;
  /** The bytes behind a served path such as `/api/storage/file/<id>`, fetched with the session. */
  fetchFile(path: string, options?: CallOptions): Promise<Blob>;
  /**
   * Refreshes the tokens (single-flight, shared with the calls) after another channel, such as the
   * WebSocket, found the access token sent with `usedRefreshToken` no longer valid.
   */
  refreshTokens(usedRefreshToken: string | null): Promise<'refreshed' | 'refused' | 'failed'>;
}

export const refreshTokenPath = '/user/refreshToken';
export const tokenRefreshLockName = 'token-refresh';
export const accessTokenHeader = 'x-access-token';
export const refreshTokenHeader = 'x-refresh-token';

interface RawReply {
  status: number;
  body: unknown;
  /** The raw bytes, for file downloads that succeeded. */
  blob?: Blob;
}

type Payload = { kind: 'json'; value: unknown } | { kind: 'form'; value: FormData } | { kind: 'none' };

/** How a refresh ended: fresh tokens, refused by the server (401: the session is over), or not reached. */
type RefreshOutcome = { kind: 'refreshed' } | { kind: 'refused' } | { kind: 'failed'; error: ApiError };

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
  const checkReplies = options.checkReplies ?? true;
  let refreshInFlight: Promise<RefreshOutcome> | null = null;

  function headersFor(tokens: StoredTokens, withAccessToken: boolean, json = true): Record<string, string> {
    const headers: Record<string, string> = {
      accept: json ? 'application/json' : '*/*',
      'accept-language': options.language(),
      'x-time-zone': options.timeZone(),
    };
    if (json) headers['content-type'] = 'application/json';
    if (withAccessToken && tokens.accessToken) headers.authorization = `Bearer ${tokens.accessToken}`;
    if (tokens.refreshToken) headers[refreshTokenHeader] = tokens.refreshToken;
    return headers;
  }

  function keepTokensOf(response: Response): void {
    const accessToken = response.headers.get(accessTokenHeader) ?? undefined;
    const refreshToken = response.headers.get(refreshTokenHeader) ?? undefined;
    if (accessToken || refreshToken) options.tokens.save({ accessToken, refreshToken });
  }

  function bodyOf(payload: Payload): BodyInit | undefined {
    if (payload.kind === 'json') return JSON.stringify(payload.value ?? {});
    if (payload.kind === 'form') return payload.value;
    return undefined;
  }

  async function send(
    method: string,
    url: string,
    payload: Payload,
    headers: Record<string, string>,
    { signal, keepalive }: Pick<CallOptions, 'signal' | 'keepalive'>,
    asBlob = false,
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
      options.onRequestSent?.();
      const response = await options.fetch(url, {
        method,
        headers,
        body: method === 'GET' ? undefined : bodyOf(payload),
        signal: controller.signal,
        credentials: 'same-origin',
        keepalive: keepalive ?? false,
      });
      keepTokensOf(response);
      if (asBlob && response.ok) return { status: response.status, body: undefined, blob: await response.blob() };
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

  /**
   * One refresh. Only the server's 401 means the session is over; a 5xx, a 429, a timeout or no
   * network leaves the session as it is, so the clinician can try again.
   */
  async function refresh(usedRefreshToken: string | null): Promise<RefreshOutcome> {
    const current = options.tokens.read();
    if (!current.refreshToken) return { kind: 'refused' };
    // Another request or tab already rotated the token this request was sent with.
    if (current.refreshToken !== usedRefreshToken) return { kind: 'refreshed' };
    let reply: RawReply;
    try {
      reply = await send(
        'POST',
        `${baseUrl}${refreshTokenPath}`,
        { kind: 'json', value: {} },
        headersFor(current, false),
        {},
      );
    } catch (error) {
      if (error instanceof ApiError) return { kind: 'failed', error };
      throw error;
    }
    if (reply.status === 401) return { kind: 'refused' };
    if (reply.status !== 200) {
      const failure = failureOf(reply);
      const kind = failure.kind === 'badRequest' ? 'server' : failure.kind;
      return { kind: 'failed', error: new ApiError(kind, failure.status, failure.failedCode, [], failure.message) };
    }
    const body = reply.body as { token?: unknown } | undefined;
    const token = tokenPair.safeParse(body?.token);
    if (token.success) options.tokens.save(token.data);
    return options.tokens.read().refreshToken !== current.refreshToken ? { kind: 'refreshed' } : { kind: 'refused' };
  }

  function refreshOnce(usedRefreshToken: string | null): Promise<RefreshOutcome> {
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

  /** Sends a request with the session, refreshing an expired access token once, and reports failures. */
  async function execute(
    method: string,
    url: string,
    payload: Payload,
    access: Endpoint['access'],
    callOptions: CallOptions,
    asBlob = false,
  ): Promise<RawReply> {
    const withAccessToken = access !== 'public';
    const json = payload.kind !== 'form' && !asBlob;

    const attempt = async (): Promise<{ reply: RawReply; sent: StoredTokens }> => {
      const sent = options.tokens.read();
      const reply = await send(method, url, payload, headersFor(sent, withAccessToken, json), callOptions, asBlob);
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
      if (withAccessToken && isExpiredAccessToken(first.reply)) {
        const outcome = await refreshOnce(first.sent.refreshToken);
        if (outcome.kind === 'failed') throw outcome.error;
        if (outcome.kind === 'refreshed') first = await attempt();
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
    return reply;
  }

  function parseReply<E extends Endpoint>(endpoint: E, reply: RawReply, callOptions: CallOptions): ReplyOf<E> {
    const parsed = checkReplies
      ? endpoint.reply.safeParse(reply.body)
      : { success: typeof reply.body === 'object' && reply.body !== null, data: reply.body };
    if (!parsed.success) {
      const error = new ApiError(
        'server',
        reply.status,
        FailedCode.ServerError,
        [],
        'The reply does not match the contract.',
      );
      if (!callOptions.silent) options.onError?.(error);
      throw error;
    }
    return parsed.data as ReplyOf<E>;
  }

  async function callApi<E extends Endpoint>(
    endpoint: E,
    body: RequestOf<E>,
    callOptions: CallOptions = {},
  ): Promise<ReplyOf<E>> {
    const request = endpoint.request.safeParse(body);
    const payload: unknown = request.success ? request.data : body;
    const reply = await execute(
      endpoint.method,
      `${baseUrl}${endpoint.path}`,
      { kind: 'json', value: payload },
      endpoint.access,
      callOptions,
    );
    return parseReply(endpoint, reply, callOptions);
  }

  async function uploadFile<E extends Endpoint>(
    endpoint: E,
    fields: RequestOf<E>,
    file: Blob,
    fileName: string,
    callOptions: CallOptions = {},
  ): Promise<ReplyOf<E>> {
    const form = new FormData();
    // Text fields before the file: the server reads the fields that precede the file part.
    for (const [name, value] of Object.entries(fields as Record<string, unknown>)) form.append(name, String(value));
    form.append('file', file, fileName);
    const reply = await execute(
      endpoint.method,
      `${baseUrl}${endpoint.path}`,
      { kind: 'form', value: form },
      endpoint.access,
      callOptions,
    );
    return parseReply(endpoint, reply, callOptions);
  }

  async function fetchFile(path: string, callOptions: CallOptions = {}): Promise<Blob> {
    const reply = await execute('GET', path, { kind: 'none' }, 'manager', callOptions, true);
    return reply.blob ?? new Blob([]);
  }

  async function refreshTokens(usedRefreshToken: string | null): Promise<'refreshed' | 'refused' | 'failed'> {
    const outcome = await refreshOnce(usedRefreshToken);
    return outcome.kind;
  }

  return { callApi, uploadFile, fetchFile, refreshTokens };
}
