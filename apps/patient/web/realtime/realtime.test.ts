import type { Notification } from '@clinic/contract';
import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  connectRealtime,
  parseServerMessage,
  realtimeUrl,
  type CallMessage,
  type WebSocketLike,
} from './realtime.ts';

const notification: Notification = {
  key: 'n-1',
  pushType: 1,
  seqSchedule: 7,
  seqMedicalRelation: 3,
  patientName: 'Min-jun Chan',
  managerName: 'Grace Hopper',
  scheduleExpectStartDatetime: '2026-11-23T00:00:00Z',
  time: '2026-11-22T10:00:00Z',
};

class FakeSocket implements WebSocketLike {
  readyState = 0;
  sent: string[] = [];
  closedWith: number | undefined;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  send(data: string): void {
    this.sent.push(data);
  }
  close(code?: number): void {
    this.closedWith = code;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(value: unknown): void {
    this.onmessage?.({ data: JSON.stringify(value) });
  }
  drop(code: number): void {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

function harness(options: { token?: string | null; refresh?: () => Promise<boolean> } = {}) {
  const sockets: FakeSocket[] = [];
  const timers: { task: () => void; ms: number }[] = [];
  const received: Notification[] = [];
  const calls: CallMessage[] = [];
  const statuses: string[] = [];
  let unauthorized = 0;
  const connection = connectRealtime({
    url: 'ws://localhost/api/realtime',
    accessToken: () => (options.token === undefined ? 'access-1' : options.token),
    refresh: options.refresh ?? (() => Promise.resolve(true)),
    onNotification: (entry) => received.push(entry),
    onCallMessage: (message) => calls.push(message),
    onStatus: (status) => statuses.push(status),
    onUnauthorized: () => (unauthorized += 1),
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    setTimer: (task, ms) => timers.push({ task, ms }),
    clearTimer: () => undefined,
    random: () => 0,
  });
  return { connection, sockets, timers, received, calls, statuses, unauthorized: () => unauthorized };
}

describe('server messages', () => {
  it('reads ready and notification messages and ignores anything else', () => {
    expect(parseServerMessage('{"type":"ready"}')).toEqual({ type: 'ready' });
    expect(parseServerMessage(JSON.stringify({ type: 'notification', notification }))).toEqual({
      type: 'notification',
      notification,
    });
    expect(parseServerMessage('{"type":"notification"}')).toBeUndefined();
    expect(parseServerMessage('not json')).toBeUndefined();
    expect(parseServerMessage(new ArrayBuffer(2))).toBeUndefined();
  });

  it('builds the socket address of the page', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'clinic.example' })).toBe('wss://clinic.example/api/realtime');
    expect(realtimeUrl({ protocol: 'http:', host: '127.0.0.1:3000' })).toBe('ws://127.0.0.1:3000/api/realtime');
  });

  it('backs off from one second to at most thirty', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map((attempt) => backoffDelay(attempt, () => 0))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect(backoffDelay(0, () => 1)).toBe(1200);
  });
});

describe('the realtime connection', () => {
  it('authenticates with the first message, passes notifications on and reconnects with backoff', () => {
    const { sockets, timers, received, statuses, connection } = harness();
    const first = sockets[0]!;
    first.open();
    expect(JSON.parse(first.sent[0]!)).toEqual({ type: 'auth', accessToken: 'access-1' });
    first.receive({ type: 'ready' });
    first.receive({ type: 'notification', notification });
    expect(received).toEqual([notification]);
    expect(statuses).toEqual(['connecting', 'live']);

    first.drop(1006);
    expect(timers.map((timer) => timer.ms)).toEqual([1000]);
    timers[0]!.task();
    sockets[1]!.drop(1006);
    expect(timers.map((timer) => timer.ms)).toEqual([1000, 2000]);
    timers[1]!.task();
    // A successful start resets the backoff.
    sockets[2]!.open();
    sockets[2]!.receive({ type: 'ready' });
    sockets[2]!.drop(1001);
    expect(timers.at(-1)?.ms).toBe(1000);

    connection.close();
    timers.at(-1)!.task();
    expect(sockets).toHaveLength(3);
  });

  it('refreshes the tokens after a 4401 and gives up the session when that is refused', async () => {
    const refreshed = harness({ refresh: () => Promise.resolve(true) });
    refreshed.sockets[0]!.drop(4401);
    await Promise.resolve();
    await Promise.resolve();
    expect(refreshed.timers).toHaveLength(1);

    const refused = harness({ refresh: () => Promise.resolve(false) });
    refused.sockets[0]!.drop(4401);
    await Promise.resolve();
    await Promise.resolve();
    expect(refused.unauthorized()).toBe(1);
    expect(refused.timers).toHaveLength(0);
  });

  it('does not retry after a 4400 and does not connect without a token', () => {
    const bad = harness();
    bad.sockets[0]!.drop(4400);
    expect(bad.timers).toHaveLength(0);
    const none = harness({ token: null });
    expect(none.sockets).toHaveLength(0);
  });

  it('closes the socket when stopped', () => {
    const { sockets, connection, timers } = harness();
    connection.close();
    expect(sockets[0]!.closedWith).toBe(1000);
    sockets[0]!.drop(1000);
    expect(timers).toHaveLength(0);
  });

  it('passes call messages on and sends signals once the socket is live, keeping them across a drop', () => {
    const { sockets, timers, calls, received, connection } = harness();
    const meetingId = '3f2c1a4e-8b7d-4c6e-9f0a-1b2c3d4e5f60';
    const attendeeId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
    const hello = { type: 'signal', meetingId, attendeeId, data: { kind: 'hello', sessionId: 's-1' } } as const;
    const first = sockets[0]!;
    first.open();
    // Not authenticated yet: the signal waits.
    connection.send(hello);
    expect(first.sent).toHaveLength(1);
    first.receive({ type: 'ready' });
    expect(first.sent.slice(1).map((data) => JSON.parse(data) as unknown)).toEqual([hello]);

    const opened = { type: 'meeting', meetingId, seqSchedule: 7, state: 'opened' };
    const offer = {
      type: 'signal',
      meetingId,
      fromAttendeeId: 'a-1',
      toAttendeeId: attendeeId,
      data: { kind: 'offer', sdp: 'v=0' },
    };
    const refused = { type: 'refused', meetingId, failedCode: 'CM0403' };
    first.receive(opened);
    first.receive(offer);
    first.receive(refused);
    expect(calls).toEqual([opened, offer, refused]);
    expect(received).toEqual([]);

    first.drop(1006);
    connection.send({ type: 'signal', meetingId, attendeeId, data: { kind: 'bye' } });
    timers[0]!.task();
    const second = sockets[1]!;
    second.open();
    second.receive({ type: 'ready' });
    expect(second.sent.slice(1).map((data) => JSON.parse(data) as unknown)).toEqual([
      { type: 'signal', meetingId, attendeeId, data: { kind: 'bye' } },
    ]);

    connection.close();
    connection.send(hello);
    expect(second.sent).toHaveLength(2);
  });
});
