import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../context.ts';

/** One cookie an account, so that clinicians sharing a computer each keep theirs. */
const namePrefix = 'device_';
/** The login endpoints, the only ones the browser sends the cookie to. */
const loginPaths = ['/api/user/login', '/api/secondFactor/login'];
/** Renewed at every login: a browser unused for this long is a new one again. */
const lifetimeSeconds = 180 * 24 * 3600;

export interface DeviceCookies {
  /** The Set-Cookie headers that make this browser a known one for the account, one for each login path. */
  issue(seqUser: number): string[];
  /** The id (random, per cookie) of the account's valid, unexpired device cookie among the values a request carried. */
  find(values: readonly string[], seqUser: number): string | undefined;
}

/** The values of the device cookies in a request's Cookie header. */
export function deviceCookiesIn(header: string | undefined): string[] {
  return (header ?? '')
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.startsWith(namePrefix))
    .map((pair) => pair.slice(pair.indexOf('=') + 1));
}

/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): the account, an
 * expiry and a random id, signed (HMAC-SHA-256) with a key derived from the access-token secret.
 */
export function deviceCookies(secret: string, options: { secure: boolean; now: Clock }): DeviceCookies {
  const key = createHmac('sha256', secret).update('device cookie').digest();
  const sign = (data: string): Buffer => createHmac('sha256', key).update(data).digest();
  const attributes = [
    `Max-Age=${lifetimeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
  const nowSeconds = (): number => Math.floor(options.now().getTime() / 1000);
  return {
    issue(seqUser) {
      const data = `${seqUser}.${nowSeconds() + lifetimeSeconds}.${randomBytes(16).toString('base64url')}`;
      const value = `${data}.${sign(data).toString('base64url')}`;
      return loginPaths.map((path) => `${namePrefix}${seqUser}=${value}; Path=${path}; ${attributes}`);
    },
    find(values, seqUser) {
      for (const value of values) {
        const [account, expires, id, signature, ...rest] = value.split('.');
        if (account !== String(seqUser) || !expires || !id || !signature || rest.length > 0) continue;
        const expected = sign(`${account}.${expires}.${id}`);
        const given = Buffer.from(signature, 'base64url');
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) continue;
        if (Number(expires) > nowSeconds()) return id;
      }
      return undefined;
    },
  };
}
