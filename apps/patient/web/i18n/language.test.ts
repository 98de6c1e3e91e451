import { describe, expect, it } from 'vitest';
import { isLanguage, resolveLanguage } from './language.ts';

describe('the language of the patient client', () => {
  it('takes the query first, then the earlier choice, then the browser, then English', () => {
    expect(resolveLanguage({ query: 'ko', stored: 'cs', browser: ['zh-HK'] })).toBe('ko');
    expect(resolveLanguage({ query: 'xx', stored: 'cs', browser: ['zh-HK'] })).toBe('cs');
    expect(resolveLanguage({ browser: ['de-DE', 'zh-TW'] })).toBe('zh-HK');
    expect(resolveLanguage({ browser: ['cs-CZ'] })).toBe('cs');
    expect(resolveLanguage({ browser: ['de'] })).toBe('en');
    expect(resolveLanguage({})).toBe('en');
  });

  it('knows its four languages', () => {
    expect(isLanguage('zh-HK')).toBe(true);
    expect(isLanguage('zh')).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });
});
