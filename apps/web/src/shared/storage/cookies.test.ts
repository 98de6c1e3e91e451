import { describe, expect, it } from 'vitest';
import { readCookie, serializeCookie } from './cookies.ts';

describe('readCookie', () => {
  it('finds a cookie among others', () => {
    expect(readCookie('a=1; lang=ko; b=2', 'lang')).toBe('ko');
  });

  it('decodes the value', () => {
    expect(readCookie('consent=%7B%22p%22%3A1%7D', 'consent')).toBe('{"p":1}');
  });

  it('does not confuse names that share a prefix', () => {
    expect(readCookie('xlang=cs; lang=zh-HK', 'lang')).toBe('zh-HK');
    expect(readCookie('xlang=cs', 'lang')).toBeUndefined();
  });

  it('is undefined for an empty cookie string', () => {
    expect(readCookie('', 'lang')).toBeUndefined();
  });
});

describe('serializeCookie', () => {
  it('keeps a cookie for 365 days on the whole site', () => {
    expect(serializeCookie('lang', 'zh-HK', { days: 365 })).toBe('lang=zh-HK; Max-Age=31536000; Path=/; SameSite=Lax');
  });

  it('marks the cookie secure on https', () => {
    expect(serializeCookie('lang', 'en', { days: 1, secure: true })).toContain('; Secure');
  });
});
