import { FailedCode } from '@clinic/contract';
import type { RequestContext } from '../../context.ts';
import { HttpFailure } from '../../domain-error.ts';
import type { DeviceCookies } from '../../security/device-cookie.ts';
import { clientNetwork, type RateLimit, type RateLimiter } from '../../security/rate-limiter.ts';

/** Guessing passwords and second-factor codes (docs/decisions/0001-accounts.md, 0011-second-factor.md): */
const dayInSeconds = 24 * 3600;
/** failed logins from one address, whatever the account, before it waits for the window's end; */
const loginFailuresPerAddress: RateLimit = { max: 20, windowSeconds: 3600 };
/** wrong codes for an account from browsers without its device cookie, whatever the address; */
const codeFailuresPerAccount: RateLimit = { max: 10, windowSeconds: 3600 };
/** tries from one address for one account, forgotten at a right password or code; */
const triesPerPair: RateLimit = { max: Number.MAX_SAFE_INTEGER, windowSeconds: dayInSeconds };
/** from this try on, each makes the next one from that address wait 1 s, 2 s, 4 s … up to an hour; */
const freeTries = 5;
const tryWait: RateLimit = { max: 1, windowSeconds: 3600 };
/** failures through one device cookie, after which it counts for nothing until the hour ends. */
const failuresPerDevice: RateLimit = { max: 10, windowSeconds: 3600 };

/** A try counted before its password or code is checked. */
export interface Guess {
  /** The password or code was right: the try is taken back and the waits it set forgotten. */
  right(): Promise<void>;
}

export interface LoginGuessing {
  /** Counts a try at an account's password (`undefined`: at a login no account has); 429 while it must wait. */
  password(seqUser: number | undefined, context: RequestContext): Promise<Guess>;
  /** Counts a try at an account's second-factor code or recovery code; 429 while it must wait. */
  code(seqUser: number, context: RequestContext): Promise<Guess>;
}

/**
 * Tries are counted before the check, so that tries sent at once get no further than tries sent one
 * by one. A browser with the account's device cookie is counted by that cookie alone, so that the
 * limits an attacker runs into never hold up the owner's own browser.
 */
export function loginGuessing({ limiter, devices }: { limiter: RateLimiter; devices: DeviceCookies }): LoginGuessing {
  /** The account's device cookie of the request, counting the try against it, unless it has failed too often. */
  async function knownDevice(seqUser: number, context: RequestContext): Promise<Guess | undefined> {
    const device = devices.find(context.deviceCookies, seqUser);
    if (!device) return undefined;
    const key = `device-failures:${device}`;
    const { wait } = await limiter.hit(key, failuresPerDevice);
    if (wait > 0) return undefined;
    return { right: () => limiter.unhit(key, failuresPerDevice) };
  }

  /**
   * Counts the try against each limit, then (for a known account) against the address and account:
   * from the free tries on, the try takes a wait that the next one must let pass.
   */
  async function untrusted(
    secret: 'login' | 'code',
    seqUser: number | undefined,
    address: string,
    limits: [string, RateLimit][],
  ): Promise<Guess> {
    const hits = await Promise.all(limits.map(([key, limit]) => limiter.hit(key, limit)));
    const overLimit = Math.max(0, ...hits.map((hit) => hit.wait));
    if (overLimit > 0) throw new HttpFailure(429, FailedCode.TooManyRequests, overLimit);
    const takeBack = () => Promise.all(limits.map(([key, limit]) => limiter.unhit(key, limit)));
    if (seqUser === undefined) return { right: async () => void (await takeBack()) };
    const pair = `${secret}-tries:user:${seqUser}:ip:${address}`;
    const waitKey = `${secret}-wait:user:${seqUser}:ip:${address}`;
    const { count } = await limiter.hit(pair, triesPerPair);
    if (count >= freeTries) {
      const delay = Math.min(2 ** (count - freeTries), tryWait.windowSeconds);
      const { wait } = await limiter.hit(waitKey, tryWait, delay);
      if (wait > 0) {
        // A try refused for its wait was no guess.
        await Promise.all([limiter.unhit(pair, triesPerPair), takeBack()]);
        throw new HttpFailure(429, FailedCode.TooManyRequests, wait);
      }
    }
    return {
      async right() {
        await Promise.all([takeBack(), limiter.reset(pair, triesPerPair), limiter.reset(waitKey, tryWait)]);
      },
    };
  }

  return {
    async password(seqUser, context) {
      const known = seqUser === undefined ? undefined : await knownDevice(seqUser, context);
      if (known) return known;
      const address = clientNetwork(context.ip);
      return untrusted('login', seqUser, address, [[`login-failures:ip:${address}`, loginFailuresPerAddress]]);
    },

    async code(seqUser, context) {
      const known = await knownDevice(seqUser, context);
      if (known) return known;
      return untrusted('code', seqUser, clientNetwork(context.ip), [
        [`code-failures:user:${seqUser}`, codeFailuresPerAccount],
      ]);
    },
  };
}
