import { describe, expect, it } from 'vitest';
import type { KeyValueStorage } from '../session/token-store.ts';
import { dismissInstallHint, installHintKey, isIosSafari, showsInstallHint } from './ios-install.ts';

const agents = {
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipadSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  iphoneFirefox:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15',
  iphoneWebView:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
};

function memoryStorage(): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

describe('the "Add to Home Screen" hint', () => {
  it('knows Safari on an iPhone or iPad from other browsers', () => {
    expect(isIosSafari({ userAgent: agents.iphoneSafari, maxTouchPoints: 5 })).toBe(true);
    expect(isIosSafari({ userAgent: agents.ipadSafari, maxTouchPoints: 5 })).toBe(true);
    expect(isIosSafari({ userAgent: agents.macSafari, maxTouchPoints: 0 })).toBe(false);
    for (const userAgent of [agents.iphoneChrome, agents.iphoneFirefox, agents.iphoneWebView, agents.androidChrome])
      expect(isIosSafari({ userAgent, maxTouchPoints: 5 }), userAgent).toBe(false);
  });

  it('shows in Safari on iOS until dismissed, and never in the installed app', () => {
    const storage = memoryStorage();
    const safari = { userAgent: agents.iphoneSafari, maxTouchPoints: 5, standalone: false };
    expect(showsInstallHint(safari, storage)).toBe(true);
    expect(showsInstallHint({ ...safari, standalone: true }, storage)).toBe(false);
    expect(showsInstallHint({ ...safari, userAgent: agents.androidChrome }, storage)).toBe(false);
    dismissInstallHint(storage);
    expect(storage.map.get(installHintKey)).toBe('1');
    expect(showsInstallHint(safari, storage)).toBe(false);
  });

  it('still shows, and can be closed, where storage is refused', () => {
    const refusing: KeyValueStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    };
    const safari = { userAgent: agents.iphoneSafari, maxTouchPoints: 5, standalone: false };
    expect(showsInstallHint(safari, refusing)).toBe(true);
    expect(() => dismissInstallHint(refusing)).not.toThrow();
    expect(showsInstallHint(safari, undefined)).toBe(true);
  });
});
