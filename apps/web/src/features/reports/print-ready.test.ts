import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenPrintable, type PrintImage, type PrintLayout } from './print-ready.ts';

/** An image that loads or fails when told to. */
function image(complete = false) {
  const listeners: Record<string, (() => void)[]> = {};
  const fake: PrintImage & { fire(type: 'load' | 'error'): void } = {
    complete,
    addEventListener: (type, listener) => {
      (listeners[type] ??= []).push(listener);
    },
    fire(type) {
      fake.complete = true;
      for (const listener of listeners[type] ?? []) listener();
    },
  };
  return fake;
}

/** A print layout whose pending state and images a test changes, telling the observer. */
function layout(pending: boolean, images: PrintImage[] = []) {
  let listener: (() => void) | undefined;
  const state = { pending, images, observing: false };
  const fake: PrintLayout & { change(next: Partial<typeof state>): void; state: typeof state } = {
    state,
    hasPending: () => state.pending,
    images: () => state.images,
    observe: (onChange) => {
      listener = onChange;
      state.observing = true;
      return () => {
        state.observing = false;
      };
    },
    change(next) {
      Object.assign(state, next);
      listener?.();
    },
  };
  return fake;
}

/** Whether the promise has settled after the pending callbacks ran. */
async function isDone(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('printing waits for the print layout', () => {
  it('waits for what is still to come, then for every image to load or fail', async () => {
    vi.useFakeTimers();
    const signature = image();
    const page = layout(true);
    const ready = whenPrintable(page, 15_000);
    expect(await isDone(ready)).toBe(false);

    const chart = image();
    page.change({ pending: false, images: [signature, chart] });
    expect(await isDone(ready)).toBe(false);
    signature.fire('load');
    expect(await isDone(ready)).toBe(false);
    chart.fire('error');
    expect(await isDone(ready)).toBe(true);
    expect(page.state.observing).toBe(false);
  });

  it('goes at once when everything is there', async () => {
    vi.useFakeTimers();
    expect(await isDone(whenPrintable(layout(false, [image(true)]), 15_000))).toBe(true);
  });

  it('prints anyway after the time limit when an image never settles', async () => {
    vi.useFakeTimers();
    const page = layout(false, [image()]);
    const ready = whenPrintable(page, 15_000);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(await isDone(ready)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await isDone(ready)).toBe(true);
    expect(page.state.observing).toBe(false);
  });
});
