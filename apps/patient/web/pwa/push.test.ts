import { describe, expect, it } from 'vitest';
import { base64UrlToBytes } from './push.ts';

describe('the server’s push key', () => {
  it('is read from base64url into the bytes the browser subscribes with', () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, index) => (index * 37 + 4) % 256);
    const key = Buffer.from(bytes).toString('base64url');
    expect(key).toMatch(/[-_]/);
    expect([...base64UrlToBytes(key)]).toEqual([...bytes]);
  });
});
