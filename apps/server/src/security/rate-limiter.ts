import { FailedCode } from '@clinic/contract';
import type { Redis } from 'ioredis';
import { HttpFailure } from '../domain-error.ts';

export interface RateLimit {
  /** How many hits a key may make in one window. */
  max: number;
  windowSeconds: number;
}

export interface RateLimiter {
  /** Counts one hit; answers the seconds to wait when the key is over its limit, else 0. */
  hit(key: string, limit: RateLimit, now: Date): Promise<number>;
  /** The seconds to wait if the key is already at its limit, without counting a hit. */
  peek(key: string, limit: RateLimit, now: Date): Promise<number>;
}

/** Counts a hit on every key; refuses with 429 and the seconds to wait when any is over its limit. */
export async function enforceLimits(limiter: RateLimiter, keys: [string, RateLimit][], now: Date): Promise<void> {
  const waits = await Promise.all(keys.map(([key, rule]) => limiter.hit(key, rule, now)));
  const wait = Math.max(...waits);
  if (wait > 0) throw new HttpFailure(429, FailedCode.TooManyRequests, wait);
}

/** Fixed windows kept in this process: the embedded default. */
export function memoryRateLimiter(): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    hit(key, limit, now) {
      const time = now.getTime();
      if (windows.size > 100_000) {
        for (const [storedKey, window] of windows) if (window.resetAt <= time) windows.delete(storedKey);
      }
      let window = windows.get(key);
      if (!window || window.resetAt <= time) {
        window = { count: 0, resetAt: time + limit.windowSeconds * 1000 };
        windows.set(key, window);
      }
      window.count += 1;
      return Promise.resolve(window.count > limit.max ? Math.ceil((window.resetAt - time) / 1000) : 0);
    },
    peek(key, limit, now) {
      const window = windows.get(key);
      const time = now.getTime();
      const full = window !== undefined && window.resetAt > time && window.count >= limit.max;
      return Promise.resolve(full ? Math.ceil((window.resetAt - time) / 1000) : 0);
    },
  };
}

/** Fixed windows in Redis, shared by every server instance of one deployment (`namespace`). */
export function redisRateLimiter(redis: Redis, namespace: string): RateLimiter {
  return {
    async hit(key, limit) {
      const redisKey = `${namespace}:rate:${key}`;
      // SET NX EX opens the window with its expiry in one step, on every Redis version.
      const [, [, count], [, ttl]] = (await redis
        .multi()
        .set(redisKey, 0, 'EX', limit.windowSeconds, 'NX')
        .incr(redisKey)
        .ttl(redisKey)
        .exec()) as [[null, unknown], [null, number], [null, number]];
      return count > limit.max ? Math.max(ttl, 1) : 0;
    },
    async peek(key, limit) {
      const redisKey = `${namespace}:rate:${key}`;
      const [[, count], [, ttl]] = (await redis.multi().get(redisKey).ttl(redisKey).exec()) as [
        [null, string | null],
        [null, number],
      ];
      return Number(count ?? 0) >= limit.max ? Math.max(ttl, 1) : 0;
    },
  };
}
