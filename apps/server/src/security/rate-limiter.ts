import { FailedCode } from '@clinic/contract';
import type { Redis } from 'ioredis';
import ipaddr from 'ipaddr.js';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { HttpFailure } from '../domain-error.ts';

export interface RateLimit {
  /** How many hits a key may make in one window. */
  max: number;
  windowSeconds: number;
}

export interface RateLimiter {
  /**
   * Counts one hit; answers how many the key has made in its window and the seconds to wait when
   * that is over the limit, else 0. `windowSeconds` replaces the limit's window when this hit opens one.
   */
  hit(key: string, limit: RateLimit, windowSeconds?: number): Promise<{ count: number; wait: number }>;
  /** Takes one hit back. */
  unhit(key: string, limit: RateLimit): Promise<void>;
  /** Forgets the key's hits. */
  reset(key: string, limit: RateLimit): Promise<void>;
}

/**
 * The client a per-address limit counts: an IPv6 host is given a whole /64 and may send from any
 * address in it, so IPv6 counts by its /64 prefix; IPv4 (also when mapped into IPv6) by its address.
 */
export function clientNetwork(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  return `${new ipaddr.IPv6([...address.toByteArray().slice(0, 8), ...Array<number>(8).fill(0)]).toString()}/64`;
}

/** Counts a hit on every key; refuses with 429 and the seconds to wait when any is over its limit. */
export async function enforceLimits(limiter: RateLimiter, keys: [string, RateLimit][]): Promise<void> {
  const hits = await Promise.all(keys.map(([key, rule]) => limiter.hit(key, rule)));
  const wait = Math.max(...hits.map((hit) => hit.wait));
  if (wait > 0) throw new HttpFailure(429, FailedCode.TooManyRequests, wait);
}

const seconds = (milliseconds: number): number => Math.max(1, Math.ceil(milliseconds / 1000));

/** Fixed windows counted by rate-limiter-flexible, one of its limiters per rule, in the given store. */
function flexibleRateLimiter(make: (limit: RateLimit) => RateLimiterAbstract): RateLimiter {
  const limiters = new Map<string, RateLimiterAbstract>();
  const of = (limit: RateLimit): RateLimiterAbstract => {
    const rule = `${limit.max}/${limit.windowSeconds}`;
    let limiter = limiters.get(rule);
    if (!limiter) limiters.set(rule, (limiter = make(limit)));
    return limiter;
  };
  return {
    async hit(key, limit, windowSeconds) {
      try {
        const result = await of(limit).consume(key, 1, windowSeconds ? { customDuration: windowSeconds } : {});
        return { count: result.consumedPoints, wait: 0 };
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        return { count: refusal.consumedPoints, wait: seconds(refusal.msBeforeNext) };
      }
    },
    async unhit(key, limit) {
      await of(limit).reward(key, 1);
    },
    async reset(key, limit) {
      await of(limit).delete(key);
    },
  };
}

/** Kept in this process: the embedded default. */
export function memoryRateLimiter(): RateLimiter {
  return flexibleRateLimiter((limit) => new RateLimiterMemory({ points: limit.max, duration: limit.windowSeconds }));
}

/** Kept in Redis, shared by every server instance of one deployment (`namespace`). */
export function redisRateLimiter(redis: Redis, namespace: string): RateLimiter {
  return flexibleRateLimiter(
    (limit) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${namespace}:rate`,
        points: limit.max,
        duration: limit.windowSeconds,
      }),
  );
}
