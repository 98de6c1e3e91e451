import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { loginChallenge } from '../../db/schema.ts';

export type ChallengeRow = typeof loginChallenge.$inferSelect;
export type ChallengePurpose = ChallengeRow['purpose'];

/** The challenges of logins' second steps and of passkey ceremonies: each used once, before it expires. */
export interface ChallengeRepository {
  insert(row: typeof loginChallenge.$inferInsert): Promise<void>;
  /** The challenge, unless it is unknown, used or expired. */
  findLive(tokenHash: string, at: Date): Promise<ChallengeRow | undefined>;
  /** Uses a live challenge of the purpose up, once only (also when two tabs race); undefined when unknown, used or expired. */
  consume(tokenHash: string, purpose: ChallengePurpose, at: Date): Promise<ChallengeRow | undefined>;
  /** Deletes the challenges expired by then, used or not; answers how many. */
  purgeExpired(at: Date): Promise<number>;
}

export function challengeRepository(db: Database): ChallengeRepository {
  const live = (tokenHash: string, at: Date) =>
    and(eq(loginChallenge.tokenHash, tokenHash), isNull(loginChallenge.usedAt), gt(loginChallenge.expiresAt, at));
  return {
    async insert(row) {
      await db.insert(loginChallenge).values(row);
    },

    async findLive(tokenHash, at) {
      const [row] = await db.select().from(loginChallenge).where(live(tokenHash, at));
      return row;
    },

    async consume(tokenHash, purpose, at) {
      const [row] = await db
        .update(loginChallenge)
        .set({ usedAt: at })
        .where(and(live(tokenHash, at), eq(loginChallenge.purpose, purpose)))
        .returning();
      return row;
    },

    async purgeExpired(at) {
      const purged = await db
        .delete(loginChallenge)
        .where(lte(loginChallenge.expiresAt, at))
        .returning({ tokenHash: loginChallenge.tokenHash });
      return purged.length;
    },
  };
}
