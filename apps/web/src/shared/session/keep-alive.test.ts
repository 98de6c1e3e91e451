import { describe, expect, it } from 'vitest';
import { isKeepAliveDue, keepAliveAfterMs } from './keep-alive.ts';

const minute = 60_000;

describe('isKeepAliveDue', () => {
  it('waits five minutes after the last request', () => {
    expect(isKeepAliveDue(4 * minute, 0, 0)).toBe(false);
    expect(isKeepAliveDue(keepAliveAfterMs, 0, 0)).toBe(true);
    expect(isKeepAliveDue(20 * minute, 16 * minute, 0)).toBe(false);
  });

  it('is throttled to one attempt per five minutes', () => {
    expect(isKeepAliveDue(12 * minute, 0, 10 * minute)).toBe(false);
    expect(isKeepAliveDue(15 * minute, 0, 10 * minute)).toBe(true);
  });
});
