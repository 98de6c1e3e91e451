import {
  realtimeCloseCodes,
  realtimePath,
  serverMessage,
  type ClientMessage,
  type ClientSignal,
  type Notification,
  type ServerMessage,
} from '@clinic/contract';

export type RealtimeStatus = 'connecting' | 'live' | 'offline';

/** What the server says about video calls: a call opened or closed, signalling, a refused signal. */
export type CallMessage = Extract<ServerMessage, { type: 'meeting' | 'signal' | 'refused' }>;

/** Signals written while the socket is down wait for it, up to this many. */
const pendingMax = 200;

/** A message from the server, or undefined when it is not one the contract knows. */
export function parseServerMessage(data: unknown): ServerMessage | undefined {
  if (typeof data !== 'string') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return undefined;
  }
  const parsed = serverMessage.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** Waits 1 s, 2 s, 4 s ... up to 30 s between attempts, with up to 20 % jitter so clients spread out. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
  return Math.round(base * (1 + 0.2 * random()));
}

/** ws:// or wss:// of the page's own origin. */
export function realtimeUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${realtimePath}`;
}

export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number): void;
}

export interface RealtimeOptions {
  url: string;
  accessToken: () => string | null;
  /** Gets a fresh access token after the server refused the old one; false ends the session. */
  refresh: () => Promise<boolean>;
  onNotification: (notification: Notification) => void;
  onCallMessage?: (message: CallMessage) => void;
  onStatus?: (status: RealtimeStatus) => void;
  /** The session is over: the refresh was refused. */
  onUnauthorized?: () => void;
  createSocket?: (url: string) => WebSocketLike;
  setTimer?: (task: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  random?: () => number;
}

export interface RealtimeConnection {
  /** Sends now when the socket is live, else once it is again (the oldest are dropped past a limit). */
  send(message: ClientSignal): void;
  close(): void;
}

/**
 * The authenticated WebSocket: the token goes in the first message, never in the URL. Reconnects
 * with backoff; a 4401 close gets fresh tokens first, a 4400 close is not retried.
 */
export function connectRealtime(options: RealtimeOptions): RealtimeConnection {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as WebSocketLike);
  const setTimer = options.setTimer ?? ((task: () => void, ms: number) => setTimeout(task, ms));
  const clearTimer = options.clearTimer ?? ((timer: unknown) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let socket: WebSocketLike | undefined;
  let timer: unknown;
  let attempt = 0;
  let stopped = false;
  let live = false;
  let pending: string[] = [];

  const status = (value: RealtimeStatus): void => options.onStatus?.(value);

  const schedule = (): void => {
    if (stopped) return;
    status('offline');
    timer = setTimer(open, backoffDelay(attempt, options.random));
    attempt += 1;
  };

  function open(): void {
    timer = undefined;
    if (stopped) return;
    const token = options.accessToken();
    if (!token) return;
    status('connecting');
    let current: WebSocketLike;
    try {
      current = createSocket(options.url);
    } catch {
      schedule();
      return;
    }
    socket = current;
    current.onopen = () => {
      const message: ClientMessage = { type: 'auth', accessToken: options.accessToken() ?? token };
      current.send(JSON.stringify(message));
    };
    current.onmessage = (event) => {
      const message = parseServerMessage(event.data);
      if (!message) return;
      if (message.type === 'ready') {
        attempt = 0;
        live = true;
        status('live');
        const waiting = pending;
        pending = [];
        for (const data of waiting) current.send(data);
      } else if (message.type === 'notification') options.onNotification(message.notification);
      // Only the clinicians' app is told of its own changes made elsewhere.
      else if (message.type !== 'schedulesChanged') options.onCallMessage?.(message);
    };
    current.onerror = () => undefined;
    current.onclose = (event) => {
      if (socket !== current) return;
      socket = undefined;
      live = false;
      if (stopped) return;
      if (event.code === realtimeCloseCodes.badMessage) {
        status('offline');
        return;
      }
      if (event.code === realtimeCloseCodes.unauthorized) {
        status('offline');
        options.refresh().then(
          (refreshed) => {
            if (stopped) return;
            if (refreshed) schedule();
            else options.onUnauthorized?.();
          },
          () => schedule(),
        );
        return;
      }
      schedule();
    };
  }

  open();
  return {
    send(message) {
      if (stopped) return;
      const data = JSON.stringify(message);
      if (live && socket) socket.send(data);
      else pending = [...pending, data].slice(-pendingMax);
    },
    close() {
      stopped = true;
      live = false;
      pending = [];
      if (timer !== undefined) clearTimer(timer);
      const current = socket;
      socket = undefined;
      current?.close(1000);
    },
  };
}
