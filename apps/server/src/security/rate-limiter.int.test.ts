import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from './rate-limiter.ts';

const redisUrl = process.env.REDIS_URL;
const redis = redisUrl ? new Redis(redisUrl) : undefined;
afterAll(() => redis?.disconnect());

const implementations: [string, () => RateLimiter][] = [['in-process', memoryRateLimiter]];
const deployment = `clinic-test:${randomUUID()}`;
if (redis) implementations.push(['Redis', () => redisRateLimiter(redis, deployment)]);

describe.each(implementations)('%s rate limiter', (name, make) => {
  it('lets a key make its hits, then answers the seconds to wait', async () => {
    const limiter = make();
    const key = `test:${randomUUID()}`;
    const rule = { max: 3, windowSeconds: 60 };
    const now = new Date();
    const waits = [];
    for (let i = 0; i < 4; i++) waits.push(await limiter.hit(key, rule, now));
    expect(waits.slice(0, 3)).toEqual([0, 0, 0]);
    expect(waits[3]).toBeGreaterThan(0);
    expect(waits[3]).toBeLessThanOrEqual(60);
    expect(await limiter.hit(`test:${randomUUID()}`, rule, now)).toBe(0);
  });

  it('peeks without counting', async () => {
    const limiter = make();
    const key = `test:${randomUUID()}`;
    const rule = { max: 2, windowSeconds: 60 };
    const now = new Date();
    expect(await limiter.peek(key, rule, now)).toBe(0);
    await limiter.hit(key, rule, now);
    expect(await limiter.peek(key, rule, now)).toBe(0);
    await limiter.hit(key, rule, now);
    expect(await limiter.peek(key, rule, now)).toBeGreaterThan(0);
  });

  it('shares its count between two limiters of the same store only when the store is shared', async () => {
    const key = `test:${randomUUID()}`;
    const rule = { max: 1, windowSeconds: 60 };
    const first = make();
    const second = make();
    await first.hit(key, rule, new Date());
    const shared = name === 'Redis';
    expect((await second.hit(key, rule, new Date())) > 0).toBe(shared);
  });
});

describe.runIf(redis)('Redis rate limiter of two deployments', () => {
  it('counts the same key apart', async () => {
    const key = `test:${randomUUID()}`;
    const rule = { max: 1, windowSeconds: 60 };
    await redisRateLimiter(redis!, deployment).hit(key, rule, new Date());
    expect(await redisRateLimiter(redis!, `clinic-test:${randomUUID()}`).hit(key, rule, new Date())).toBe(0);
  });
});
