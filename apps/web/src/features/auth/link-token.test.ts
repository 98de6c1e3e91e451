import { describe, expect, it, vi } from 'vitest';
import { once, readLinkToken } from './link-token.ts';

describe('readLinkToken', () => {
  it('reads the token of its kind', () => {
    expect(readLinkToken('#verify=abcDEF123_-abcDEF123_-', 'verify')).toBe('abcDEF123_-abcDEF123_-');
    expect(readLinkToken('#reset=tok', 'reset')).toBe('tok');
  });

  it('ignores other kinds and empty fragments', () => {
    expect(readLinkToken('#reset=tok', 'verify')).toBeUndefined();
    expect(readLinkToken('', 'verify')).toBeUndefined();
    expect(readLinkToken('#verify=', 'verify')).toBeUndefined();
  });
});

describe('once', () => {
  it('starts a task only once per key', async () => {
    const task = vi.fn(() => Promise.resolve(7));
    const [a, b] = await Promise.all([once('k', task), once('k', task)]);
    expect([a, b]).toEqual([7, 7]);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
