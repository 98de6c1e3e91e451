import { describe, expect, it } from 'vitest';
import { detectBrowser } from './browser.ts';

const agents = {
  chrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  headless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  safari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  samsung:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  chromeIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  opera:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/112.0.0.0',
};

describe('detectBrowser from brands', () => {
  it('knows Chrome and Chromium', () => {
    expect(detectBrowser([{ brand: 'Not/A)Brand' }, { brand: 'Chromium' }, { brand: 'Google Chrome' }], '')).toBe(
      'chrome',
    );
    expect(detectBrowser([{ brand: 'Chromium' }, { brand: 'Not.A/Brand' }], '')).toBe('chrome');
  });

  it('tells other Chromium browsers apart', () => {
    expect(detectBrowser([{ brand: 'Chromium' }, { brand: 'Microsoft Edge' }], agents.chrome)).toBe('edge');
    expect(detectBrowser([{ brand: 'Chromium' }, { brand: 'Samsung Internet' }], agents.chrome)).toBe('samsung');
    expect(detectBrowser([{ brand: 'Chromium' }, { brand: 'Opera' }], agents.chrome)).toBe('default');
  });
});

describe('detectBrowser from the user agent', () => {
  it('recognises each browser', () => {
    expect(detectBrowser(undefined, agents.chrome)).toBe('chrome');
    expect(detectBrowser(undefined, agents.headless)).toBe('chrome');
    expect(detectBrowser(undefined, agents.chromeIos)).toBe('chrome');
    expect(detectBrowser(undefined, agents.edge)).toBe('edge');
    expect(detectBrowser(undefined, agents.firefox)).toBe('firefox');
    expect(detectBrowser(undefined, agents.safari)).toBe('safari');
    expect(detectBrowser(undefined, agents.samsung)).toBe('samsung');
    expect(detectBrowser(undefined, agents.opera)).toBe('default');
    expect(detectBrowser(undefined, 'curl/8.0')).toBe('default');
  });

  it('falls back to the user agent when brands say nothing useful', () => {
    expect(detectBrowser([], agents.firefox)).toBe('firefox');
    expect(detectBrowser([{ brand: 'Not A;Brand' }], agents.edge)).toBe('edge');
  });
});
