import { describe, expect, it } from 'vitest';
import { forgetCallStart, keepCallStart, resumableCallStart } from './call-resume.ts';

function memoryStore(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

describe('the kept start of a call', () => {
  const start = Date.parse('2026-11-25T09:01:00Z');

  it('is resumed for its own visit, until forgotten', () => {
    const store = memoryStore();
    expect(resumableCallStart(store, 7, start + 60_000)).toBeNull();
    keepCallStart(store, 7, start);
    expect(resumableCallStart(store, 7, start + 5 * 60_000)).toBe(start);
    expect(resumableCallStart(store, 8, start + 5 * 60_000)).toBeNull();
    forgetCallStart(store, 7);
    expect(resumableCallStart(store, 7, start + 5 * 60_000)).toBeNull();
  });

  it('is not resumed when it is hours old, in the future, or not a time', () => {
    const store = memoryStore();
    keepCallStart(store, 7, start);
    expect(resumableCallStart(store, 7, start + 4 * 60 * 60_000)).toBeNull();
    expect(resumableCallStart(store, 7, start - 1)).toBeNull();
    store.setItem('clinic-call-start-7', 'soon');
    expect(resumableCallStart(store, 7, start)).toBeNull();
  });
});
