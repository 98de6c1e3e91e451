import { guestRules } from '@clinic/contract';
import { describe, expect, it } from 'vitest';
import { guestPagePath } from './guest-page.ts';

describe('the guest page', () => {
  it('is where the server’s guest links open', () => {
    expect(guestPagePath).toBe(guestRules.linkPath);
  });
});
