import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditEvent, authSession } from '../../db/schema.ts';

/** What the audit trail calls a login: a success opens a session, a wrong password is refused. */
export const loginAudit = { action: 'create', entity: 'login' } as const;

export interface AccountSecurityRepository {
  /** The user's sessions neither ended nor idle since `activeSince`, the latest active first. */
  listOpen(seqUser: number, activeSince: Date): Promise<(typeof authSession.$inferSelect)[]>;
  /** Whether the user has ever logged in, and whether from the browser of this hash. */
  browserKnown(seqUser: number, browserHash: string): Promise<{ anyLogin: boolean; known: boolean }>;
  loginHistory(seqUser: number, limit: number): Promise<(typeof auditEvent.$inferSelect)[]>;
}

export function accountSecurityRepository(db: Database): AccountSecurityRepository {
  return {
    async listOpen(seqUser: number, activeSince: Date) {
      return db
        .select()
        .from(authSession)
        .where(
          and(eq(authSession.seqUser, seqUser), isNull(authSession.revokedAt), gt(authSession.lastSeenAt, activeSince)),
        )
        .orderBy(desc(authSession.lastSeenAt), desc(authSession.createdAt));
    },

    async browserKnown(seqUser: number, browserHash: string) {
      const [row] = await db
        .select({
          logins: sql<number>`count(*)::int`,
          known: sql<number>`(count(*) filter (where ${authSession.browserHash} = ${browserHash}))::int`,
        })
        .from(authSession)
        .where(eq(authSession.seqUser, seqUser));
      return { anyLogin: (row?.logins ?? 0) > 0, known: (row?.known ?? 0) > 0 };
    },

    async loginHistory(seqUser: number, limit: number) {
      return db
        .select()
        .from(auditEvent)
        .where(
          and(
            eq(auditEvent.seqUser, seqUser),
            eq(auditEvent.entity, loginAudit.entity),
            eq(auditEvent.action, loginAudit.action),
          ),
        )
        .orderBy(desc(auditEvent.id))
        .limit(limit);
    },
  };
}
