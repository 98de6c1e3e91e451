import {
  addQuestionnaireResponse,
  addSymptomReport,
  sendMyMessage,
  type Endpoint,
  type RequestOf,
} from '@clinic/contract';
import { isApiError } from '@clinic/client/api-error';
import type { LockRunner } from '@clinic/client/http-client';
import type { QueryKey } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { queryClient } from '../api/queries.ts';
import { programKeys } from '../api/program.ts';
import { questionnaireKeys } from '../api/questionnaires.ts';
import { messageKeys } from '../messages/message-keys.ts';
import { outboxFlushMessage, outboxSyncTag } from '../pwa/worker-messages.ts';
import { indexedDbOutboxStore, memoryOutboxStore, type OutboxEntry, type OutboxStore } from './outbox-store.ts';

/**
 * The outbox: writes the patient makes are kept on the device first and sent from there, oldest
 * first, so that one made without a connection reaches the server later. Each carries the
 * idempotency key chosen when it was made; the server keeps one write per key, so a write sent
 * twice (its reply lost, the page closed mid-send) is kept once.
 *
 * An entry leaves the outbox only when the server acknowledged it (2xx). A refusal for good (a 4xx
 * other than 401, 408 and 429, or a coded failure) is kept on the device marked as not sent, shown
 * to the patient as "could not be sent" with the reason, and never sent again; the patient removes
 * it. Anything else (no network, a timeout, a 5xx, a 429, a session that needs signing in again)
 * stops the pass with the entry kept, to be sent again on the next one; the entries after it wait,
 * so writes arrive in the order they were made.
 */

/** How a pass over the outbox ended. */
export interface FlushResult {
  /** Entries the server acknowledged in this pass. */
  sent: number;
  /** A write could not be sent for now (offline, server busy): the pass stopped, the rest waits. */
  blocked: boolean;
}

export interface OutboxOptions {
  store: OutboxStore;
  /** The endpoints whose writes may be queued, found again by their path when sent. */
  endpoints: readonly Endpoint[];
  /** Sends one write with the session; throws the client's ApiError when no 2xx reply came. */
  send: (endpoint: Endpoint, body: unknown) => Promise<unknown>;
  /** Holds a named lock across the browser's tabs (navigator.locks); without it, only within this page. */
  withLock?: LockRunner;
  /** After a pass in which writes were acknowledged: the paths of their endpoints. */
  onAcknowledged?: (endpoints: ReadonlySet<string>) => Promise<void> | void;
  /** After a write was stored (asks the service worker to send the outbox when the connection is back). */
  onQueued?: () => void;
  now?: () => Date;
}

export interface Outbox {
  /** Stores a write, then tries to send the outbox at once. Resolves when it is stored. */
  queueWrite: (endpoint: Endpoint, body: { idempotencyKey: string }) => Promise<OutboxEntry>;
  /** Sends what waits, one pass at a time across the tabs; a call during a pass runs one more after it. */
  flush: () => Promise<FlushResult>;
  /** Forgets every write not sent yet (signing out). */
  clear: () => Promise<void>;
  /** Removes one write, such as one the server refused. */
  discard: (idempotencyKey: string) => Promise<void>;
  /** The entries as last read, oldest first. */
  entries: () => readonly OutboxEntry[];
  /** Reads the entries again from the store and tells the listeners. */
  refresh: () => Promise<void>;
  subscribe: (listener: () => void) => () => void;
}

const outboxLockName = 'patient-outbox-flush';

const runWithoutLock: LockRunner = (_name, task) => task();

/** Whether a failed send is refused for good: sending the same request again cannot change the answer. */
export function isFinalRefusal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429;
}

function codedFailureOf(reply: unknown): string | undefined {
  if (typeof reply !== 'object' || reply === null || !('isSuccess' in reply) || reply.isSuccess !== false) {
    return undefined;
  }
  return 'failedCode' in reply && typeof reply.failedCode === 'string' ? reply.failedCode : '';
}

type Outcome = { kind: 'acknowledged' } | { kind: 'refused'; status: number; failedCode?: string } | { kind: 'later' };

export function createOutbox(options: OutboxOptions): Outbox {
  const { store, send } = options;
  const withLock = options.withLock ?? runWithoutLock;
  const now = options.now ?? ((): Date => new Date());
  const byPath = new Map(options.endpoints.map((endpoint) => [endpoint.path, endpoint]));
  const listeners = new Set<() => void>();
  let snapshot: readonly OutboxEntry[] = [];
  let running: Promise<FlushResult> | null = null;
  let again = false;

  async function refresh(): Promise<void> {
    snapshot = await store.list();
    for (const listener of [...listeners]) listener();
  }

  async function attempt(endpoint: Endpoint, entry: OutboxEntry): Promise<Outcome> {
    try {
      const reply = await send(endpoint, entry.body);
      const failedCode = codedFailureOf(reply);
      return failedCode === undefined ? { kind: 'acknowledged' } : { kind: 'refused', status: 200, failedCode };
    } catch (error) {
      if (!isApiError(error)) return { kind: 'later' };
      // A 2xx whose reply the contract does not read: the server has the write all the same.
      if (error.status >= 200 && error.status < 300) return { kind: 'acknowledged' };
      if (isFinalRefusal(error.status)) {
        return { kind: 'refused', status: error.status, ...(error.failedCode && { failedCode: error.failedCode }) };
      }
      return { kind: 'later' };
    }
  }

  /** One pass, holding the lock: each entry is read from the store just before it is sent. */
  async function pass(): Promise<FlushResult> {
    let sent = 0;
    const acknowledged = new Set<string>();
    try {
      for (;;) {
        const entry = (await store.list()).find((kept) => kept.refusal === undefined);
        if (!entry) return { sent, blocked: false };
        const endpoint = byPath.get(entry.endpoint);
        // A write of an endpoint this version of the app no longer sends cannot be sent by it.
        if (!endpoint) {
          await store.remove(entry.idempotencyKey);
          continue;
        }
        const outcome = await attempt(endpoint, entry);
        if (outcome.kind === 'later') return { sent, blocked: true };
        if (outcome.kind === 'refused') {
          const { status, failedCode } = outcome;
          await store.update({
            ...entry,
            refusal: { status, ...(failedCode && { failedCode }), at: now().toISOString() },
          });
          continue;
        }
        await store.remove(entry.idempotencyKey);
        acknowledged.add(entry.endpoint);
        sent += 1;
      }
    } finally {
      if (acknowledged.size > 0) await options.onAcknowledged?.(acknowledged);
      await refresh();
    }
  }

  function flush(): Promise<FlushResult> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      let result: FlushResult;
      do {
        again = false;
        result = await withLock(outboxLockName, pass);
        total += result.sent;
      } while (again && !result.blocked);
      return { sent: total, blocked: result.blocked };
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    async queueWrite(endpoint, body) {
      const entry: OutboxEntry = {
        idempotencyKey: body.idempotencyKey,
        endpoint: endpoint.path,
        body,
        createdAt: now().toISOString(),
      };
      await store.add(entry);
      await refresh();
      options.onQueued?.();
      flush().catch(() => undefined);
      return entry;
    },
    flush,
    async clear() {
      await store.clear();
      await refresh();
    },
    async discard(idempotencyKey) {
      await store.remove(idempotencyKey);
      await refresh();
    },
    entries: () => snapshot,
    refresh,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** The writes this app queues, and the queries each changes once the server has it. */
const queuedEndpoints: readonly { endpoint: Endpoint; changes: readonly QueryKey[] }[] = [
  { endpoint: addSymptomReport, changes: [programKeys.symptomReports] },
  { endpoint: addQuestionnaireResponse, changes: [questionnaireKeys.list, ['patient', 'questionnaire']] },
  { endpoint: sendMyMessage, changes: [messageKeys.all] },
];

/** An endpoint whose writes go through the outbox: its request carries the idempotency key. */
export type QueuedEndpoint = typeof addSymptomReport | typeof addQuestionnaireResponse | typeof sendMyMessage;

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** Where the browser can, the service worker is woken when the connection is back, even with the page closed. */
function requestBackgroundSync(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .getRegistration()
    .then((registration) => (registration as SyncRegistration | undefined)?.sync?.register(outboxSyncTag))
    .catch(() => undefined);
}

/** Browsers without the Web Locks API (before Safari 15.4) hold the pass within the page only. */
const browserLock: LockRunner = (name, task) => {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator.locks as LockManager | null | undefined);
  return locks ? locks.request(name, task) : runWithoutLock(name, task);
};

/** The patient's outbox in this browser. */
export const outbox: Outbox = createOutbox({
  store: typeof indexedDB === 'undefined' ? memoryOutboxStore() : indexedDbOutboxStore(),
  endpoints: queuedEndpoints.map(({ endpoint }) => endpoint),
  send: (endpoint, body) => api.callApi(endpoint, body, { silent: true }),
  withLock: browserLock,
  onQueued: requestBackgroundSync,
  onAcknowledged: async (paths) => {
    const keys = queuedEndpoints.filter(({ endpoint }) => paths.has(endpoint.path)).flatMap(({ changes }) => changes);
    await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  },
});

/** Stores a write (its body holds the idempotency key chosen when it was made) and tries to send it at once. */
export function queueWrite<E extends QueuedEndpoint>(endpoint: E, body: RequestOf<E>): Promise<OutboxEntry> {
  return outbox.queueWrite(endpoint, body);
}

export function flushOutbox(): Promise<FlushResult> {
  return outbox.flush();
}

/** Forgets the writes not sent yet: signing out leaves nothing of the patient's on the device. */
export function clearOutbox(): Promise<void> {
  return outbox.clear();
}

/** The first wait before sending again after a pass was blocked, doubled each time up to the last. */
export const retryDelaysMs = { first: 10_000, max: 300_000 } as const;

export interface OutboxEvents {
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  document: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
  serviceWorker?: Pick<ServiceWorkerContainer, 'addEventListener' | 'removeEventListener'> | undefined;
}

/**
 * Sends the outbox now and whenever it may go through: the connection back, the page shown
 * again, the service worker's background sync, and after a blocked pass on a timer backing off.
 * Returns the function that stops it.
 */
export function watchOutbox(
  box: Outbox,
  events: OutboxEvents = {
    window,
    document,
    serviceWorker: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
  },
): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let delay: number = retryDelaysMs.first;

  const run = (): void => {
    clearTimeout(timer);
    timer = undefined;
    box
      .flush()
      .then(
        (result) => result.blocked,
        () => true,
      )
      .then((blocked) => {
        if (stopped) return;
        if (!blocked) {
          delay = retryDelaysMs.first;
          return;
        }
        clearTimeout(timer);
        timer = setTimeout(run, delay);
        delay = Math.min(delay * 2, retryDelaysMs.max);
      })
      .catch(() => undefined);
  };
  const onVisible = (): void => {
    if (events.document.visibilityState === 'visible') run();
  };
  const onWorkerMessage = (event: Event): void => {
    const data: unknown = (event as MessageEvent).data;
    if (typeof data === 'object' && data !== null && 'type' in data && data.type === outboxFlushMessage.type) run();
  };

  events.window.addEventListener('online', run);
  events.document.addEventListener('visibilitychange', onVisible);
  events.serviceWorker?.addEventListener('message', onWorkerMessage);
  box.refresh().catch(() => undefined);
  run();
  return () => {
    stopped = true;
    clearTimeout(timer);
    events.window.removeEventListener('online', run);
    events.document.removeEventListener('visibilitychange', onVisible);
    events.serviceWorker?.removeEventListener('message', onWorkerMessage);
  };
}
