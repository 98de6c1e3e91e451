import {
  realtimeCloseCodes,
  realtimePath,
  serverMessage,
  type ClientMessage,
  type ServerMessage,
} from '@clinic/contract';

/** The part of the browser's WebSocket the client uses, so tests can hand in a fake. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type RealtimeStatus = 'connecting' | 'ready' | 'waiting' | 'stopped';

export interface RealtimeClientOptions {
  url: string;
  createSocket: (url: string) => SocketLike;
  /** The tokens to authenticate with; no access token means no connection. */
  readTokens: () => { accessToken: string | null; refreshToken: string | null };
  /** The shared single-flight refresh of the HTTP client. */
  refreshTokens: (usedRefreshToken: string | null) => Promise<'refreshed' | 'refused' | 'failed'>;
  /** The refresh token was refused: the session is over. */
  onSessionExpired: () => void;
  onMessage: (message: ServerMessage) => void;
  onStatus?: (status: RealtimeStatus) => void;
  /** Logs a failure; the client carries on. */
  onProblem?: (problem: string, detail?: unknown) => void;
  /** Delays before the n-th reconnection; the last one repeats. */
  backoffMs?: readonly number[];
  /** How many messages wait for the socket to be ready; 100 unless told. */
  maxQueued?: number;
  random?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export interface RealtimeClient {
  start(): void;
  stop(): void;
  /** Reconnects now if waiting (e.g. the browser came back online). */
  reconnectNow(): void;
  status(): RealtimeStatus;
  /**
   * Sends a message once the socket is authenticated: sent now when ready, else kept (up to
   * `maxQueued`, oldest dropped) and sent in order on the next `ready`. Answers whether it was sent now.
   */
  send(message: ClientMessage): boolean;
}

/** ws:// or wss:// of the page's own origin. */
export function realtimeUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${realtimePath}`;
}

export const defaultBackoffMs: readonly number[] = [1_000, 2_000, 5_000, 10_000, 20_000, 30_000];

const normalClose = 1000;

/**
 * The authenticated WebSocket of the contract: the access token travels in the first message,
 * 4401 refreshes the tokens and reconnects, 4400 gives up, anything else reconnects with backoff.
 */
export function createRealtimeClient(options: RealtimeClientOptions): RealtimeClient {
  const backoff = options.backoffMs ?? defaultBackoffMs;
  const random = options.random ?? Math.random;
  const setTimer = options.setTimer ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer: unknown) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let socket: SocketLike | null = null;
  let timer: unknown;
  let attempt = 0;
  let state: RealtimeStatus = 'stopped';
  let running = false;
  const maxQueued = options.maxQueued ?? 100;
  /** Messages sent while not ready, sent in order once the server says ready. */
  let queue: string[] = [];

  function setStatus(next: RealtimeStatus): void {
    if (state === next) return;
    state = next;
    options.onStatus?.(next);
  }

  function cancelTimer(): void {
    if (timer !== undefined) clearTimer(timer);
    timer = undefined;
  }

  function scheduleReconnect(): void {
    if (!running) return;
    cancelTimer();
    const base = backoff[Math.min(attempt, backoff.length - 1)] ?? 30_000;
    attempt += 1;
    // Up to a quarter more, so many tabs do not come back in step.
    const delay = Math.round(base * (1 + random() / 4));
    setStatus('waiting');
    timer = setTimer(() => {
      timer = undefined;
      connect();
    }, delay);
  }

  function detach(current: SocketLike): void {
    current.onopen = null;
    current.onmessage = null;
    current.onclose = null;
    current.onerror = null;
  }

  function connect(): void {
    if (!running) return;
    const tokens = options.readTokens();
    if (!tokens.accessToken) {
      setStatus('stopped');
      return;
    }
    const accessToken = tokens.accessToken;
    const usedRefreshToken = tokens.refreshToken;
    let current: SocketLike;
    try {
      current = options.createSocket(options.url);
    } catch (error) {
      options.onProblem?.('realtime: cannot open the socket', error);
      scheduleReconnect();
      return;
    }
    socket = current;
    setStatus('connecting');

    current.onopen = () => {
      const auth: ClientMessage = { type: 'auth', accessToken };
      current.send(JSON.stringify(auth));
    };
    current.onmessage = (event) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(event.data));
      } catch {
        options.onProblem?.('realtime: a message that is not JSON');
        return;
      }
      const message = serverMessage.safeParse(parsed);
      if (!message.success) {
        options.onProblem?.('realtime: a message outside the contract', parsed);
        return;
      }
      if (message.data.type === 'ready') {
        attempt = 0;
        setStatus('ready');
        const waiting = queue;
        queue = [];
        for (const text of waiting) current.send(text);
      }
      options.onMessage(message.data);
    };
    current.onerror = () => {
      // A close event follows and decides what happens next.
    };
    current.onclose = (event) => {
      detach(current);
      if (socket === current) socket = null;
      if (!running) return;
      if (event.code === realtimeCloseCodes.badMessage) {
        options.onProblem?.('realtime: the server refused our message; not reconnecting');
        setStatus('stopped');
        return;
      }
      if (event.code === realtimeCloseCodes.unauthorized) {
        setStatus('waiting');
        options.refreshTokens(usedRefreshToken).then(
          (outcome) => {
            if (!running) return;
            if (outcome === 'refused') {
              running = false;
              setStatus('stopped');
              options.onSessionExpired();
              return;
            }
            scheduleReconnect();
          },
          (error: unknown) => {
            options.onProblem?.('realtime: token refresh failed', error);
            scheduleReconnect();
          },
        );
        return;
      }
      scheduleReconnect();
    };
  }

  return {
    start() {
      if (running) return;
      running = true;
      attempt = 0;
      connect();
    },
    stop() {
      running = false;
      queue = [];
      cancelTimer();
      const current = socket;
      socket = null;
      if (current) {
        detach(current);
        try {
          current.close(normalClose, 'logout');
        } catch {
          // Already closed.
        }
      }
      setStatus('stopped');
    },
    reconnectNow() {
      if (!running || state !== 'waiting' || timer === undefined) return;
      cancelTimer();
      connect();
    },
    status: () => state,
    send(message) {
      const text = JSON.stringify(message);
      if (state === 'ready' && socket && socket.readyState === 1) {
        socket.send(text);
        return true;
      }
      if (!running) return false;
      queue.push(text);
      if (queue.length > maxQueued) queue.splice(0, queue.length - maxQueued);
      return false;
    },
  };
}
