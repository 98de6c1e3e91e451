import { describe, expect, it } from 'vitest';
import { watchForUpdate } from './service-worker.ts';
import { skipWaitingMessage } from './worker-messages.ts';

/** A worker that records what the page posts to it. */
function fakeWorker(): ServiceWorker & { posted: unknown[]; become(state: ServiceWorkerState): void } {
  const target = new EventTarget();
  const worker = Object.assign(target, {
    state: 'installing',
    posted: [] as unknown[],
    postMessage(message: unknown) {
      worker.posted.push(message);
    },
    become(state: ServiceWorkerState) {
      worker.state = state;
      target.dispatchEvent(new Event('statechange'));
    },
  });
  return worker as unknown as ServiceWorker & { posted: unknown[]; become(state: ServiceWorkerState): void };
}

function fakeRegistration(waiting: ServiceWorker | null = null) {
  const target = new EventTarget();
  const registration = Object.assign(target, {
    waiting,
    installing: null as ServiceWorker | null,
    found(worker: ServiceWorker) {
      registration.installing = worker;
      target.dispatchEvent(new Event('updatefound'));
    },
  });
  return registration;
}

function fakeWorkers(controlled: boolean) {
  const target = new EventTarget();
  return Object.assign(target, {
    controller: controlled ? ({} as ServiceWorker) : null,
    register: () => Promise.reject(new Error('not used')),
    getRegistration: () => Promise.resolve(undefined),
    takeOver() {
      target.dispatchEvent(new Event('controllerchange'));
    },
  });
}

function watch(controlled: boolean, waiting: ServiceWorker | null = null) {
  const workers = fakeWorkers(controlled);
  const registration = fakeRegistration(waiting);
  const offers: (() => void)[] = [];
  let reloads = 0;
  watchForUpdate(
    workers,
    registration as unknown as ServiceWorkerRegistration,
    (update) => offers.push(update),
    () => reloads++,
  );
  return { workers, registration, offers, reloads: () => reloads };
}

describe('a new version of the app’s worker', () => {
  it('is not offered, nor reloads the page, when it is the first worker taking control', () => {
    const { workers, registration, offers, reloads } = watch(false);
    const first = fakeWorker();
    registration.found(first);
    first.become('installed');
    workers.takeOver();
    expect(offers).toEqual([]);
    expect(reloads()).toBe(0);
    expect(first.posted).toEqual([]);
  });

  it('waits until the page asks, then takes over and the page reloads once', () => {
    const { workers, registration, offers, reloads } = watch(true);
    const next = fakeWorker();
    registration.found(next);
    next.become('installed');
    expect(offers).toHaveLength(1);
    expect(next.posted).toEqual([]);
    offers[0]!();
    expect(next.posted).toEqual([skipWaitingMessage]);
    expect(reloads()).toBe(0);
    workers.takeOver();
    expect(reloads()).toBe(1);
  });

  it('is offered when it already waits as the page opens', () => {
    const waiting = fakeWorker();
    const { offers } = watch(true, waiting);
    expect(offers).toHaveLength(1);
    offers[0]!();
    expect(waiting.posted).toEqual([skipWaitingMessage]);
  });
});
