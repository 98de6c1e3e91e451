import { and, eq, gt, isNotNull, isNull, lt, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { authSession, emailToken, refreshToken } from '../../db/schema.ts';

export type SessionRow = typeof authSession.$inferSelect;
export type EmailTokenPurpose = (typeof emailToken.$inferSelect)['purpose'];

export interface SessionRepository {
  insert(session: typeof authSession.$inferInsert): Promise<void>;
  findById(id: string): Promise<SessionRow | undefined>;
  touch(id: string, at: Date, everySeconds: number): Promise<void>;
  revoke(id: string, reason: string, at: Date): Promise<void>;
  revokeAllOfUser(seqUser: number, reason: string, at: Date, exceptId?: string): Promise<void>;
  setPasswordConfirmed(id: string, at: Date): Promise<void>;
  setFcmToken(id: string, fcmToken: string | null): Promise<void>;
  listPushTokens(seqUser: number): Promise<{ id: string; fcmToken: string }[]>;
  insertRefreshToken(tokenHash: string, sessionId: string, expiresAt: Date): Promise<void>;
  findRefreshToken(tokenHash: string): Promise<typeof refreshToken.$inferSelect | undefined>;
  markRotated(tokenHash: string, at: Date): Promise<boolean>;
}

export function sessionRepository(db: Database): SessionRepository {
  return {
    async insert(session: typeof authSession.$inferInsert): Promise<void> {
      await db.insert(authSession).values(session);
    },

    async findById(id: string): Promise<SessionRow | undefined> {
      const [row] = await db.select().from(authSession).where(eq(authSession.id, id));
      return row;
    },

    /** Records activity, at most once per `everySeconds`, to keep writes rare. */
    async touch(id: string, at: Date, everySeconds: number): Promise<void> {
      await db
        .update(authSession)
        .set({ lastSeenAt: at })
        .where(and(eq(authSession.id, id), lt(authSession.lastSeenAt, new Date(at.getTime() - everySeconds * 1000))));
    },

    async revoke(id: string, reason: string, at: Date): Promise<void> {
      await db
        .update(authSession)
        .set({ revokedAt: at, revokeReason: reason })
        .where(and(eq(authSession.id, id), isNull(authSession.revokedAt)));
    },

    async revokeAllOfUser(seqUser: number, reason: string, at: Date, exceptId?: string): Promise<void> {
      await db
        .update(authSession)
        .set({ revokedAt: at, revokeReason: reason })
        .where(
          and(
            eq(authSession.seqUser, seqUser),
            isNull(authSession.revokedAt),
            exceptId ? ne(authSession.id, exceptId) : undefined,
          ),
        );
    },

    async setPasswordConfirmed(id: string, at: Date): Promise<void> {
      await db.update(authSession).set({ passwordConfirmedAt: at }).where(eq(authSession.id, id));
    },

    async setFcmToken(id: string, fcmToken: string | null): Promise<void> {
      await db.update(authSession).set({ fcmToken }).where(eq(authSession.id, id));
    },

    /** The push registrations of the user's open sessions. */
    async listPushTokens(seqUser: number): Promise<{ id: string; fcmToken: string }[]> {
      const rows = await db
        .select({ id: authSession.id, fcmToken: authSession.fcmToken })
        .from(authSession)
        .where(and(eq(authSession.seqUser, seqUser), isNull(authSession.revokedAt), isNotNull(authSession.fcmToken)));
      return rows.flatMap((row) => (row.fcmToken ? [{ id: row.id, fcmToken: row.fcmToken }] : []));
    },

    async insertRefreshToken(tokenHash: string, sessionId: string, expiresAt: Date): Promise<void> {
      await db.insert(refreshToken).values({ tokenHash, sessionId, expiresAt });
    },

    async findRefreshToken(tokenHash: string): Promise<typeof refreshToken.$inferSelect | undefined> {
      const [row] = await db.select().from(refreshToken).where(eq(refreshToken.tokenHash, tokenHash));
      return row;
    },

    /** Marks a refresh token used; false when another request already used it (a reuse). */
    async markRotated(tokenHash: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(refreshToken)
        .set({ rotatedAt: at })
        .where(and(eq(refreshToken.tokenHash, tokenHash), isNull(refreshToken.rotatedAt)))
        .returning({ tokenHash: refreshToken.tokenHash });
      return rows.length === 1;
    },
  };
}

export interface EmailTokenRepository {
  insert(tokenHash: string, seqUser: number, purpose: EmailTokenPurpose, expiresAt: Date): Promise<void>;
  consume(tokenHash: string, purpose: EmailTokenPurpose, at: Date): Promise<number | undefined>;
  isLive(tokenHash: string, purpose: EmailTokenPurpose, at: Date): Promise<boolean>;
  invalidateAll(seqUser: number, purpose: EmailTokenPurpose, at: Date): Promise<void>;
}

export function emailTokenRepository(db: Database): EmailTokenRepository {
  return {
    async insert(tokenHash: string, seqUser: number, purpose: EmailTokenPurpose, expiresAt: Date): Promise<void> {
      await db.insert(emailToken).values({ tokenHash, seqUser, purpose, expiresAt });
    },

    /** Uses a live token once; answers its user, or undefined when unknown, used or expired. */
    async consume(tokenHash: string, purpose: EmailTokenPurpose, at: Date): Promise<number | undefined> {
      const [row] = await db
        .update(emailToken)
        .set({ usedAt: at })
        .where(
          and(
            eq(emailToken.tokenHash, tokenHash),
            eq(emailToken.purpose, purpose),
            isNull(emailToken.usedAt),
            gt(emailToken.expiresAt, at),
          ),
        )
        .returning({ seqUser: emailToken.seqUser });
      return row?.seqUser;
    },

    async isLive(tokenHash: string, purpose: EmailTokenPurpose, at: Date): Promise<boolean> {
      const [row] = await db
        .select({ tokenHash: emailToken.tokenHash })
        .from(emailToken)
        .where(
          and(
            eq(emailToken.tokenHash, tokenHash),
            eq(emailToken.purpose, purpose),
            isNull(emailToken.usedAt),
            gt(emailToken.expiresAt, at),
          ),
        );
      return row !== undefined;
    },

    /** Ends every open link of a kind, so only the newest mail works. */
    async invalidateAll(seqUser: number, purpose: EmailTokenPurpose, at: Date): Promise<void> {
      await db
        .update(emailToken)
        .set({ usedAt: at })
        .where(and(eq(emailToken.seqUser, seqUser), eq(emailToken.purpose, purpose), isNull(emailToken.usedAt)));
    },
  };
}
