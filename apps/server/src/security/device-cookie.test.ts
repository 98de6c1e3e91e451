import { describe, expect, it } from 'vitest';
import { deviceCookies, deviceCookiesIn } from './device-cookie.ts';

const secret = 'a-secret-of-at-least-thirty-two-characters';

function clock(start: string) {
  let time = new Date(start).getTime();
  const now = (): Date => new Date(time);
  return Object.assign(now, { advanceDays: (days: number) => (time += days * 86_400_000) });
}

/** The value a browser sends back of the first Set-Cookie header. */
const valueOf = (setCookie: string): string => deviceCookiesIn(setCookie.slice(0, setCookie.indexOf(';')))[0]!;

describe('device cookies', () => {
  it('are Secure when the public address is https', () => {
    const now = clock('2026-11-22T09:00:00Z');
    expect(deviceCookies(secret, { secure: true, now }).issue(7)[0]).toMatch(/; Secure$/);
    expect(deviceCookies(secret, { secure: false, now }).issue(7)[0]).not.toContain('Secure');
  });

  it("name their account, and count only for it, under the server's key and until they expire", () => {
    const now = clock('2026-11-22T09:00:00Z');
    const devices = deviceCookies(secret, { secure: false, now });
    const value = valueOf(devices.issue(7)[0]!);
    const id = devices.find([value], 7);
    expect(id).toMatch(/^[\w-]{22}$/);
    expect(devices.find(['junk', value], 7)).toBe(id);
    expect(devices.find([value], 8)).toBeUndefined();
    expect(devices.find([value.replace(/^7\./, '8.')], 8)).toBeUndefined();
    expect(deviceCookies(`${secret}-other`, { secure: false, now }).find([value], 7)).toBeUndefined();
    now.advanceDays(180);
    expect(devices.find([value], 7)).toBeUndefined();
  });

  it('are read from the Cookie header among the other cookies', () => {
    expect(deviceCookiesIn('lang=cs; device_7=a.b.c.d; device_9=e.f.g.h')).toEqual(['a.b.c.d', 'e.f.g.h']);
    expect(deviceCookiesIn(undefined)).toEqual([]);
  });
});
