import { describe, expect, it } from 'vitest';
import { readCookie, serializeCookie } from '../storage/cookies.ts';
import { parseConsent, serializeConsent } from './cookie-consent.ts';

describe('cookie consent', () => {
  it('round-trips through the cookie', () => {
    const header = serializeCookie('cookieConsent', serializeConsent({ performance: false, functional: true }), {
      days: 365,
    }).split(';')[0];
    expect(parseConsent(readCookie(header ?? '', 'cookieConsent'))).toEqual({
      essential: true,
      performance: false,
      functional: true,
    });
  });

  it('always keeps essential cookies', () => {
    expect(parseConsent('{"essential":false,"performance":true,"functional":true}')?.essential).toBe(true);
  });

  it('treats a missing or broken cookie as no choice yet', () => {
    expect(parseConsent(undefined)).toBeUndefined();
    expect(parseConsent('yes')).toBeUndefined();
    expect(parseConsent('{"performance":true}')).toBeUndefined();
  });
});
