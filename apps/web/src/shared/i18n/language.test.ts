import { describe, expect, it } from 'vitest';
import { isLanguage, resolveLanguage, withLangQuery } from './language.ts';

describe('resolveLanguage', () => {
  it('prefers the query parameter over the cookie and the browser', () => {
    expect(resolveLanguage({ query: 'ko', cookie: 'cs', browser: ['zh-HK'] })).toBe('ko');
  });

  it('accepts the query in any case and with a region', () => {
    expect(resolveLanguage({ query: 'zh-hk' })).toBe('zh-HK');
    expect(resolveLanguage({ query: 'cs-CZ' })).toBe('cs');
  });

  it('prefers the choice kept in this browser over the cookie', () => {
    expect(resolveLanguage({ stored: 'ko', cookie: 'cs', browser: ['zh-HK'] })).toBe('ko');
    expect(resolveLanguage({ query: 'cs', stored: 'ko' })).toBe('cs');
    // Refused functional cookies: the choice is in local storage only.
    expect(resolveLanguage({ stored: 'zh-HK', browser: ['cs'] })).toBe('zh-HK');
  });

  it('falls back to the cookie when the query is missing or unknown', () => {
    expect(resolveLanguage({ query: null, cookie: 'cs', browser: ['ko-KR'] })).toBe('cs');
    expect(resolveLanguage({ query: 'fr', cookie: 'zh-HK', browser: ['ko-KR'] })).toBe('zh-HK');
  });

  it('falls back to the first supported browser language', () => {
    expect(resolveLanguage({ browser: ['fr-FR', 'ko-KR', 'cs'] })).toBe('ko');
    expect(resolveLanguage({ cookie: 'xx', browser: ['zh-TW'] })).toBe('zh-HK');
  });

  it('is English when nothing matches', () => {
    expect(resolveLanguage({})).toBe('en');
    expect(resolveLanguage({ query: 'de', cookie: '', browser: ['fr', 'es-ES'] })).toBe('en');
  });
});

describe('isLanguage', () => {
  it('knows the four languages exactly', () => {
    expect(['en', 'ko', 'zh-HK', 'cs'].every(isLanguage)).toBe(true);
    expect(isLanguage('zh-hk')).toBe(false);
    expect(isLanguage('de')).toBe(false);
  });
});

describe('withLangQuery', () => {
  it('carries the lang query over', () => {
    expect(withLangQuery('/login', '?lang=ko&x=1')).toBe('/login?lang=ko');
    expect(withLangQuery('/payments/result?result=ok', '?lang=cs')).toBe('/payments/result?result=ok&lang=cs');
  });

  it('leaves the path alone without a lang query', () => {
    expect(withLangQuery('/login', '')).toBe('/login');
    expect(withLangQuery('/', '?id=3')).toBe('/');
  });
});
