import { addSymptomReport, type Endpoint } from '@clinic/contract';
import { ApiError } from '@clinic/client/api-error';
import type { LockRunner } from '@clinic/client/http-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOutbox, isFinalRefusal, retryDelaysMs, watchOutbox, type Outbox } from './outbox.ts';
import { memoryOutboxStore, type OutboxStore } from './outbox-store.ts';

type Mode = 'offline' | 'ok' | 'busy' | 'replyLost' | 'refuse';

/** A server that keeps one report per idempotency key, as the real one does, and answers as told. */
function fakeServer(initial: Mode = 'ok') {
  const kept = new Map<string, unknown>();
  /** The keys of the requests that reached the server, in order. */
  const received: string[] = [];
  const modes: Mode[] = [];
  let mode = initial;
  let inFlight = 0;
  let mostInFlight = 0;
  const send = async (_endpoint: Endpoint, body: unknown): Promise<unknown> => {
    const { idempotencyKey } = body as { idempotencyKey: string };
    const now = modes.shift() ?? mode;
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    try {
      // Another task runs while this request is on its way.
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (now === 'offline') throw new ApiError('network', 0);
      received.push(idempotencyKey);
      if (now === 'busy') throw new ApiError('server', 503);
      if (now === 'refuse') throw new ApiError('server', 404, 'CM0404');
      if (!kept.has(idempotencyKey)) kept.set(idempotencyKey, body);
      if (now === 'replyLost') throw new ApiError('timeout', 0);
      return { isSuccess: true };
    } finally {
      inFlight -= 1;
    }
  };
  return {
    kept,
    received,
    send,
    /** The next requests' answers, one each, before the standing mode applies again. */
    next: (...answers: Mode[]) => modes.push(...answers),
    set: (next: Mode) => {
      mode = next;
    },
    mostInFlight: () => mostInFlight,
  };
}

let keys = 0;
function report(painLevel: number) {
  keys += 1;
  return {
    idempotencyKey: `00000000-0000-4000-8000-${String(keys).padStart(12, '0')}`,
    seqMedicalRelation: 7,
    painLevel,
    symptoms: null,
    reportedAt: '2026-11-27T09:00:00.000Z',
  };
}

function outboxWith(
  server: ReturnType<typeof fakeServer>,
  store: OutboxStore = memoryOutboxStore(),
  withLock?: LockRunner,
) {
  const acknowledged: string[][] = [];
  const box = createOutbox({
    store,
    endpoints: [addSymptomReport],
    send: server.send,
    ...(withLock && { withLock }),
    onAcknowledged: (paths) => void acknowledged.push([...paths]),
    now: () => new Date('2026-11-27T09:00:00.000Z'),
  });
  return { box, store, acknowledged };
}

/** Stores writes while the server cannot be reached, and waits for the send each one starts. */
async function queueOffline(box: Outbox, server: ReturnType<typeof fakeServer>, count: number): Promise<string[]> {
  server.set('offline');
  const made: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const body = report(index);
    await box.queueWrite(addSymptomReport, body);
    made.push(body.idempotencyKey);
  }
  await box.flush();
  return made;
}

const keysOf = async (store: OutboxStore): Promise<string[]> =>
  (await store.list()).map((entry) => entry.idempotencyKey);

describe('the outbox', () => {
  it('keeps what is written offline, then sends each write once, in order, after the failures', async () => {
    const server = fakeServer();
    const { box, store, acknowledged } = outboxWith(server);
    const made = await queueOffline(box, server, 3);
    expect(server.received).toEqual([]);
    expect(await keysOf(store)).toEqual(made);

    // Back online: the first is kept but its reply lost, then the server is busy for the second.
    server.set('ok');
    server.next('replyLost', 'ok', 'busy');
    expect(await box.flush()).toEqual({ sent: 0, blocked: true });
    // The third never left before the second: writes arrive in the order they were made.
    expect(await keysOf(store)).toEqual(made);

    expect(await box.flush()).toEqual({ sent: 1, blocked: true });
    expect(await keysOf(store)).toEqual(made.slice(1));

    expect(await box.flush()).toEqual({ sent: 2, blocked: false });
    expect(await keysOf(store)).toEqual([]);
    expect(box.entries()).toEqual([]);

    // The first went twice (its reply was lost) with the same key, so the server kept each once.
    expect(server.received).toEqual([made[0], made[0], made[1], made[1], made[2]]);
    expect([...server.kept.keys()]).toEqual(made);
    expect(acknowledged).toEqual([[addSymptomReport.path], [addSymptomReport.path]]);

    // Nothing is left to send again.
    expect(await box.flush()).toEqual({ sent: 0, blocked: false });
    expect(server.received).toHaveLength(5);
  });

  it('removes a write only once the server acknowledged it', async () => {
    const store = memoryOutboxStore();
    let answer: (reply: unknown) => void = () => undefined;
    let sent = (): void => undefined;
    const started = new Promise<void>((resolve) => {
      sent = resolve;
    });
    const box = createOutbox({
      store,
      endpoints: [addSymptomReport],
      send: () =>
        new Promise((resolve) => {
          answer = resolve;
          sent();
        }),
    });
    const body = report(4);
    await box.queueWrite(addSymptomReport, body);
    await started;
    // On its way: still kept, and shown as waiting.
    expect(await keysOf(store)).toEqual([body.idempotencyKey]);
    expect(box.entries().map((entry) => entry.idempotencyKey)).toEqual([body.idempotencyKey]);
    const entry = (await store.list())[0];
    expect(entry).toEqual({
      idempotencyKey: body.idempotencyKey,
      endpoint: '/patientApp/addSymptomReport',
      body,
      createdAt: expect.any(String) as string,
    });

    answer({ isSuccess: true });
    await expect.poll(() => keysOf(store)).toEqual([]);
    expect(box.entries()).toEqual([]);
  });

  it('keeps a refused write marked, never sends it again, and sends the ones after it', async () => {
    const server = fakeServer();
    const { box, store } = outboxWith(server);
    const made = await queueOffline(box, server, 2);
    server.set('ok');
    server.next('refuse');
    expect(await box.flush()).toEqual({ sent: 1, blocked: false });
    const [refused, ...rest] = await store.list();
    expect(rest).toEqual([]);
    expect(refused).toMatchObject({
      idempotencyKey: made[0],
      refusal: { status: 404, failedCode: 'CM0404', at: '2026-11-27T09:00:00.000Z' },
    });
    expect(box.entries()).toEqual([refused]);

    await box.flush();
    expect(server.received).toEqual([made[0], made[1]]);

    await box.discard(made[0]!);
    expect(await store.list()).toEqual([]);
    expect(box.entries()).toEqual([]);
  });

  it('takes a coded failure as a refusal, and a session to renew or a rate limit as a reason to wait', async () => {
    expect([400, 403, 404, 409, 413, 422].every(isFinalRefusal)).toBe(true);
    expect([0, 401, 408, 429, 500, 502, 503].some(isFinalRefusal)).toBe(false);
    const store = memoryOutboxStore();
    const replies: (() => unknown)[] = [
      () => {
        throw new ApiError('sessionExpired', 401, 'CM0401');
      },
      () => {
        throw new ApiError('server', 429, 'CM0429');
      },
      () => ({ isSuccess: false, failedCode: 'SE0110', message: 'no' }),
    ];
    const box = createOutbox({
      store,
      endpoints: [addSymptomReport],
      send: () => Promise.resolve().then(() => replies.shift()?.()),
    });
    const body = report(1);
    await store.add({ idempotencyKey: body.idempotencyKey, endpoint: addSymptomReport.path, body, createdAt: '' });
    expect(await box.flush()).toEqual({ sent: 0, blocked: true });
    expect(await box.flush()).toEqual({ sent: 0, blocked: true });
    expect(await box.flush()).toEqual({ sent: 0, blocked: false });
    expect((await store.list())[0]?.refusal).toMatchObject({ status: 200, failedCode: 'SE0110' });
  });

  it('drops a write of an endpoint it does not send', async () => {
    const server = fakeServer();
    const store = memoryOutboxStore();
    await store.add({
      idempotencyKey: 'old',
      endpoint: '/patientApp/gone',
      body: {},
      createdAt: '2026-11-01T00:00:00Z',
    });
    const { box } = outboxWith(server, store);
    expect(await box.flush()).toEqual({ sent: 0, blocked: false });
    expect(await store.list()).toEqual([]);
    expect(server.received).toEqual([]);
  });

  it('runs one pass at a time in a page, and a pass asked for during one runs after it', async () => {
    const server = fakeServer();
    const { box, store } = outboxWith(server);
    const made = await queueOffline(box, server, 3);
    server.set('ok');
    const first = box.flush();
    const second = box.flush();
    // A write made while the pass runs is sent by the pass asked for after it.
    const late = report(9);
    await box.queueWrite(addSymptomReport, late);
    await Promise.all([first, second]);
    expect(server.mostInFlight()).toBe(1);
    expect(server.received).toEqual([...made, late.idempotencyKey]);
    expect(await store.list()).toEqual([]);
  });

  it('runs one pass at a time across tabs sharing the lock, so no write is sent twice', async () => {
    const server = fakeServer();
    const store = memoryOutboxStore();
    // navigator.locks: one holder at a time, the others wait their turn.
    let tail = Promise.resolve();
    const withLock: LockRunner = (_name, task) => {
      const turn = tail.then(task);
      tail = turn.then(
        () => undefined,
        () => undefined,
      );
      return turn;
    };
    const tabs = [outboxWith(server, store, withLock).box, outboxWith(server, store, withLock).box];
    const made = await queueOffline(tabs[0]!, server, 4);
    server.set('ok');
    const results = await Promise.all([tabs[0]!.flush(), tabs[1]!.flush(), tabs[0]!.flush(), tabs[1]!.flush()]);
    // The calls of one tab during its pass share it: each tab's passes sent what the other's had not.
    expect(results[0].sent + results[1].sent).toBe(4);
    expect(results[2]).toEqual(results[0]);
    expect(server.mostInFlight()).toBe(1);
    expect(server.received).toEqual(made);
    expect(await store.list()).toEqual([]);
  });

  it('forgets every write when cleared', async () => {
    const server = fakeServer();
    const { box, store } = outboxWith(server);
    await queueOffline(box, server, 2);
    const heard = vi.fn();
    box.subscribe(heard);
    await box.clear();
    expect(await store.list()).toEqual([]);
    expect(box.entries()).toEqual([]);
    expect(heard).toHaveBeenCalled();
    server.set('ok');
    await box.flush();
    expect(server.received).toEqual([]);
  });
});

describe('sending the outbox when it may go through', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function watched(results: { sent: number; blocked: boolean }[]) {
    const flush = vi.fn(() => Promise.resolve(results.shift() ?? { sent: 0, blocked: false }));
    const box = { flush, refresh: () => Promise.resolve() } as unknown as Outbox;
    const window = new EventTarget();
    const document = Object.assign(new EventTarget(), { visibilityState: 'hidden' });
    const serviceWorker = new EventTarget();
    const stop = watchOutbox(box, {
      window: window as unknown as Window,
      document: document as unknown as Document,
      serviceWorker: serviceWorker as unknown as ServiceWorkerContainer,
    });
    return { flush, window, document, serviceWorker, stop };
  }

  it('sends at start, when the connection is back, when the page is shown and when the worker asks', () => {
    const { flush, window, document, serviceWorker, stop } = watched([]);
    expect(flush).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('online'));
    expect(flush).toHaveBeenCalledTimes(2);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(flush).toHaveBeenCalledTimes(2);
    document.visibilityState = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(flush).toHaveBeenCalledTimes(3);
    serviceWorker.dispatchEvent(new MessageEvent('message', { data: { type: 'something-else' } }));
    expect(flush).toHaveBeenCalledTimes(3);
    serviceWorker.dispatchEvent(new MessageEvent('message', { data: { type: 'flush-outbox' } }));
    expect(flush).toHaveBeenCalledTimes(4);

    stop();
    window.dispatchEvent(new Event('online'));
    serviceWorker.dispatchEvent(new MessageEvent('message', { data: { type: 'flush-outbox' } }));
    expect(flush).toHaveBeenCalledTimes(4);
  });

  it('tries again later after a blocked pass, waiting longer each time, until one goes through', async () => {
    vi.useFakeTimers();
    const blocked = { sent: 0, blocked: true };
    const { flush, stop } = watched([blocked, blocked, blocked, { sent: 1, blocked: false }]);
    expect(flush).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(retryDelaysMs.first - 1);
    expect(flush).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(flush).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(retryDelaysMs.first * 2 - 1);
    expect(flush).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(flush).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(retryDelaysMs.first * 4);
    expect(flush).toHaveBeenCalledTimes(4);
    // Through: no more tries until something happens.
    await vi.advanceTimersByTimeAsync(retryDelaysMs.max * 2);
    expect(flush).toHaveBeenCalledTimes(4);
    stop();
  });

  it('stops trying again once stopped', async () => {
    vi.useFakeTimers();
    const { flush, stop } = watched([{ sent: 0, blocked: true }]);
    await vi.advanceTimersByTimeAsync(0);
    stop();
    await vi.advanceTimersByTimeAsync(retryDelaysMs.max * 2);
    expect(flush).toHaveBeenCalledTimes(1);
  });
});
