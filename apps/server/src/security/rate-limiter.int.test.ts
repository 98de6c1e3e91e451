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
  it('lets a key make its hits, counting them, then answers the seconds to wait', async () => {
    const limiter = make();
    const key = `test:${randomUUID()}`;
    const rule = { max: 3, windowSeconds: 60 };
    const hits = [];
    for (let i = 0; i < 4; i++) hits.push(await limiter.hit(key, rule));
    expect(hits.map((hit) => hit.count)).toEqual([1, 2, 3, 4]);
    expect(hits.slice(0, 3).map((hit) => hit.wait)).toEqual([0, 0, 0]);
    expect(hits[3]!.wait).toBeGreaterThan(0);
    expect(hits[3]!.wait).toBeLessThanOrEqual(60);
    expect(await limiter.hit(`test:${randomUUID()}`, rule)).toEqual({ count: 1, wait: 0 });
  });

  it('opens a window of its own length when a hit asks for one, takes hits back and forgets a key', async () => {
    const limiter = make();
    const key = `test:${randomUUID()}`;
    const rule = { max: 1, windowSeconds: 3600 };
    await limiter.hit(key, rule, 5);
    const { wait } = await limiter.hit(key, rule);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(5);
    await limiter.unhit(key, rule);
    await limiter.unhit(key, rule);
    expect(await limiter.hit(key, rule)).toEqual({ count: 1, wait: 0 });
    await limiter.reset(key, rule);
    expect(await limiter.hit(key, rule)).toEqual({ count: 1, wait: 0 });
  });

  it('shares its count between two limiters of the same store only when the store is shared', async () => {
    const key = `test:${randomUUID()}`;
    const rule = { max: 1, windowSeconds: 60 };
    const first = make();
    const second = make();
    await first.hit(key, rule);
    const shared = name === 'Redis';
    expect((await second.hit(key, rule)).wait > 0).toBe(shared);
  });
});

describe.runIf(redis)('Redis rate limiter of two deployments', () => {
  it('counts the same key apart', async () => {
    const key = `test:${randomUUID()}`;
    const rule = { max: 1, windowSeconds: 60 };
    await redisRateLimiter(redis!, deployment).hit(key, rule);
    expect(await redisRateLimiter(redis!, `clinic-test:${randomUUID()}`).hit(key, rule)).toEqual({
      count: 1,
      wait: 0,
    });
  });
});
