import { describe, expect, it } from 'vitest';
import { keyAfterCall, keyForAttempt, newUuid } from './idempotency.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('payment idempotency keys', () => {
  it('makes version 4 UUIDs', () => {
    expect(newUuid()).toMatch(uuidPattern);
    expect(newUuid((bytes) => bytes.fill(255))).toMatch(uuidPattern);
    expect(newUuid((bytes) => bytes.fill(0))).toBe('00000000-0000-4000-8000-000000000000');
    expect(newUuid()).not.toBe(newUuid());
  });

  it('makes a key once per attempt and reuses it on a retry', () => {
    let made = 0;
    const make = (): string => `key-${++made}`;
    const first = keyForAttempt(null, 'checkout:1', make);
    expect(first).toEqual({ scope: 'checkout:1', key: 'key-1' });
    const retry = keyForAttempt(keyAfterCall(first, 'noAnswer'), 'checkout:1', make);
    expect(retry).toBe(first);
    expect(made).toBe(1);
  });

  it('starts a new attempt after an answer or for another scope', () => {
    let made = 0;
    const make = (): string => `key-${++made}`;
    const first = keyForAttempt(null, 'checkout:1', make);
    expect(keyAfterCall(first, 'answered')).toBeNull();
    expect(keyForAttempt(keyAfterCall(first, 'answered'), 'checkout:1', make).key).toBe('key-2');
    expect(keyForAttempt(first, 'checkout:2', make)).toEqual({ scope: 'checkout:2', key: 'key-3' });
  });
});
