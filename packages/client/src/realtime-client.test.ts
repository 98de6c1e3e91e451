import { PushType, type ServerMessage } from '@clinic/contract';
import { describe, expect, it, vi } from 'vitest';
import { createRealtimeClient, realtimeUrl, type RealtimeClientOptions, type SocketLike } from './realtime-client.ts';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closedWith: number | undefined;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string): void {
    this.sent.push(data);
  }
  close(code?: number): void {
    this.closedWith = code;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(data: unknown): void {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) } as MessageEvent);
  }
  serverClose(code: number): void {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
}

function harness(overrides: Partial<RealtimeClientOptions> = {}) {
  const sockets: FakeSocket[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const messages: ServerMessage[] = [];
  const tokens = { accessToken: 'access-1' as string | null, refreshToken: 'refresh-1' as string | null };
  const refreshTokens = vi.fn((): Promise<'refreshed' | 'refused' | 'failed'> => {
    tokens.accessToken = 'access-2';
    return Promise.resolve('refreshed');
  });
  const onSessionExpired = vi.fn();
  const client = createRealtimeClient({
    url: 'ws://clinic.test/api/realtime',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    readTokens: () => ({ ...tokens }),
    refreshTokens,
    onSessionExpired,
    onMessage: (message) => messages.push(message),
    random: () => 0,
    setTimer: (run, ms) => timers.push({ run, ms }),
    clearTimer: () => undefined,
    ...overrides,
  });
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { client, sockets, timers, messages, tokens, refreshTokens, onSessionExpired, flush };
}

const notification = {
  key: 'k1',
  pushType: PushType.bookedByPatient,
  seqSchedule: 1,
  seqMedicalRelation: 2,
  patientName: 'Ada',
  managerName: 'Grace',
  scheduleExpectStartDatetime: '2026-12-01T09:00:00.000Z',
  time: '2026-11-22T10:00:00.000Z',
};

describe('realtime client', () => {
  it('builds the socket address of the page', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'clinic.example' })).toBe('wss://clinic.example/api/realtime');
    expect(realtimeUrl({ protocol: 'http:', host: '127.0.0.1:3000' })).toBe('ws://127.0.0.1:3000/api/realtime');
  });

  it('sends the access token in the first message, never in the URL, and passes valid messages on', () => {
    const { client, sockets, messages } = harness();
    client.start();
    const socket = sockets[0];
    expect(socket?.url).toBe('ws://clinic.test/api/realtime');
    socket?.open();
    expect(socket?.sent).toEqual([JSON.stringify({ type: 'auth', accessToken: 'access-1' })]);
    socket?.receive({ type: 'ready' });
    socket?.receive({ type: 'notification', notification });
    socket?.receive({ type: 'notification', notification: { ...notification, pushType: 42 } });
    socket?.receive('not json');
    expect(messages).toEqual([{ type: 'ready' }, { type: 'notification', notification }]);
    expect(client.status()).toBe('ready');
  });

  it('reconnects with growing delays after a dropped connection', () => {
    const { client, sockets, timers } = harness({ backoffMs: [100, 200] });
    client.start();
    sockets[0]?.serverClose(1006);
    expect(timers.map((timer) => timer.ms)).toEqual([100]);
    timers[0]?.run();
    sockets[1]?.serverClose(1006);
    timers[1]?.run();
    sockets[2]?.serverClose(1006);
    expect(timers.map((timer) => timer.ms)).toEqual([100, 200, 200]);
    expect(client.status()).toBe('waiting');
  });

  it('refreshes the tokens on 4401 and authenticates again with the new access token', async () => {
    const { client, sockets, timers, refreshTokens, flush } = harness();
    client.start();
    sockets[0]?.open();
    sockets[0]?.serverClose(4401);
    await flush();
    expect(refreshTokens).toHaveBeenCalledWith('refresh-1');
    timers[0]?.run();
    sockets[1]?.open();
    expect(sockets[1]?.sent).toEqual([JSON.stringify({ type: 'auth', accessToken: 'access-2' })]);
  });

  it('ends the session when the refresh is refused', async () => {
    const { client, sockets, timers, onSessionExpired, flush } = harness({
      refreshTokens: () => Promise.resolve('refused'),
    });
    client.start();
    sockets[0]?.serverClose(4401);
    await flush();
    expect(onSessionExpired).toHaveBeenCalledOnce();
    expect(timers).toEqual([]);
    expect(client.status()).toBe('stopped');
  });

  it('does not retry after 4400, and stop closes the socket without reconnecting', () => {
    const first = harness();
    first.client.start();
    first.sockets[0]?.serverClose(4400);
    expect(first.timers).toEqual([]);

    const second = harness();
    second.client.start();
    second.client.stop();
    expect(second.sockets[0]?.closedWith).toBe(1000);
    expect(second.timers).toEqual([]);
  });

  it('does not connect without an access token', () => {
    const { client, sockets, tokens } = harness();
    tokens.accessToken = null;
    client.start();
    expect(sockets).toEqual([]);
  });
});

describe('realtime client sending', () => {
  const signal = {
    type: 'signal',
    meetingId: '00000000-0000-4000-8000-000000000001',
    attendeeId: '00000000-0000-4000-8000-000000000002',
    data: { kind: 'bye' },
  } as const;

  it('keeps messages until the server is ready, then sends them in order after the auth', () => {
    const { client, sockets } = harness();
    client.start();
    expect(client.send(signal)).toBe(false);
    const socket = sockets[0];
    socket?.open();
    expect(socket?.sent).toEqual([JSON.stringify({ type: 'auth', accessToken: 'access-1' })]);
    socket?.receive({ type: 'ready' });
    expect(socket?.sent.slice(1)).toEqual([JSON.stringify(signal)]);
    expect(client.send(signal)).toBe(true);
    expect(socket?.sent).toHaveLength(3);
  });

  it('keeps a message sent while the connection is down for the next one', () => {
    const { client, sockets, timers } = harness();
    client.start();
    sockets[0]?.open();
    sockets[0]?.receive({ type: 'ready' });
    sockets[0]?.serverClose(1006);
    expect(client.send(signal)).toBe(false);
    timers[0]?.run();
    const next = sockets[1];
    next?.open();
    next?.receive({ type: 'ready' });
    expect(next?.sent.slice(1)).toEqual([JSON.stringify(signal)]);
  });

  it('drops the oldest waiting messages past the limit and sends nothing once stopped', () => {
    const { client, sockets } = harness({ maxQueued: 2 });
    client.start();
    client.send({ ...signal, data: { kind: 'hello', sessionId: 'a' } });
    client.send({ ...signal, data: { kind: 'hello', sessionId: 'b' } });
    client.send({ ...signal, data: { kind: 'hello', sessionId: 'c' } });
    sockets[0]?.open();
    sockets[0]?.receive({ type: 'ready' });
    expect(
      sockets[0]?.sent.slice(1).map((text) => (JSON.parse(text) as { data: { sessionId: string } }).data.sessionId),
    ).toEqual(['b', 'c']);
    client.stop();
    expect(client.send(signal)).toBe(false);
  });
});
