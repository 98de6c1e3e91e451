import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedClinician } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { loginChallenge } from '../../db/schema.ts';
import { sha256 } from '../../security/secrets.ts';
import { challengeRepository } from './challenge.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const minuteMs = 60_000;

/** Keeps a challenge that expires `minutes` from the app's clock. */
async function keep(name: string, purpose: 'second_factor' | 'passkey_login', minutes: number, seqUser?: number) {
  const tokenHash = sha256(`${name}-${Math.random()}`);
  await challengeRepository(t.app.db).insert({
    tokenHash,
    seqUser,
    purpose,
    expiresAt: new Date(t.clock().getTime() + minutes * minuteMs),
  });
  return tokenHash;
}

describe('the challenge store', () => {
  it('gives a challenge up once only, also to two uses at the same moment', async () => {
    const { seqUser } = await verifiedClinician(t.app, t.mail);
    const tokenHash = await keep('once', 'second_factor', 5, seqUser);
    const challenges = challengeRepository(t.app.db);
    const [first, second] = await Promise.all([
      challenges.consume(tokenHash, 'second_factor', t.clock()),
      challenges.consume(tokenHash, 'second_factor', t.clock()),
    ]);
    expect([first, second].filter(Boolean)).toMatchObject([{ tokenHash, seqUser, purpose: 'second_factor' }]);
    expect(await challenges.consume(tokenHash, 'second_factor', t.clock())).toBeUndefined();
    expect(await challenges.findLive(tokenHash, t.clock())).toBeUndefined();
  });

  it('refuses an expired challenge and one of another purpose', async () => {
    const challenges = challengeRepository(t.app.db);
    const expiring = await keep('expiring', 'passkey_login', 5);
    const other = await keep('other', 'passkey_login', 5);
    expect(await challenges.consume(other, 'second_factor', t.clock())).toBeUndefined();
    t.clock.advance(5 * minuteMs);
    expect(await challenges.findLive(expiring, t.clock())).toBeUndefined();
    expect(await challenges.consume(expiring, 'passkey_login', t.clock())).toBeUndefined();
  });

  it('has its expired challenges deleted by the background job, used or not, and keeps the live ones', async () => {
    const expiredUnused = await keep('expired-unused', 'passkey_login', 1);
    const expiredUsed = await keep('expired-used', 'passkey_login', 1);
    await challengeRepository(t.app.db).consume(expiredUsed, 'passkey_login', t.clock());
    const live = await keep('live', 'passkey_login', 10);
    t.clock.advance(2 * minuteMs);
    await t.app.jobs.tick();
    const left = await t.app.db
      .select({ tokenHash: loginChallenge.tokenHash })
      .from(loginChallenge)
      .where(inArray(loginChallenge.tokenHash, [expiredUnused, expiredUsed, live]));
    expect(left).toEqual([{ tokenHash: live }]);
  });
});
