import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditCheckpoint, auditEvent } from '../../db/schema.ts';

/** The trail up to row `lastId` held `rows` rows ending in the hash `head`, at `at`, signed with the audit key. */
export interface AuditCheckpoint {
  at: string;
  rows: number;
  /** 0 while the trail is empty. */
  lastId: number;
  /** The chain's hash at `lastId` ('' while the trail is empty). */
  head: string;
  signature: string;
}

const toCheckpoint = (row: typeof auditCheckpoint.$inferSelect): AuditCheckpoint => ({
  at: row.at.toISOString(),
  rows: row.rows,
  lastId: row.lastId,
  head: row.head,
  signature: row.signature,
});

export interface AuditCheckpointRepository {
  newest(): Promise<AuditCheckpoint | undefined>;
  /** Every stored checkpoint, oldest first. */
  all(): Promise<AuditCheckpoint[]>;
  add(checkpoint: AuditCheckpoint): Promise<void>;
  /** The audit trail's newest row, which every row before it committed before. */
  head(): Promise<{ id: number; hash: string } | undefined>;
  /** The stored hash of one audit row; undefined when there is no such row. */
  hashOf(id: number): Promise<string | null | undefined>;
  /** Audit rows with `afterId < id <= upToId`. */
  countBetween(afterId: number, upToId: number): Promise<number>;
}

export function auditCheckpointRepository(db: Database): AuditCheckpointRepository {
  return {
    async newest() {
      const [row] = await db.select().from(auditCheckpoint).orderBy(desc(auditCheckpoint.id)).limit(1);
      return row && toCheckpoint(row);
    },
    async all() {
      return (await db.select().from(auditCheckpoint).orderBy(auditCheckpoint.id)).map(toCheckpoint);
    },
    async add(checkpoint) {
      await db.insert(auditCheckpoint).values({ ...checkpoint, at: new Date(checkpoint.at) });
    },
    async head() {
      const [row] = await db
        .select({ id: auditEvent.id, hash: auditEvent.hash })
        .from(auditEvent)
        .orderBy(desc(auditEvent.id))
        .limit(1);
      return row && { id: row.id, hash: row.hash ?? '' };
    },
    async hashOf(id) {
      const [row] = await db.select({ hash: auditEvent.hash }).from(auditEvent).where(eq(auditEvent.id, id));
      return row?.hash;
    },
    async countBetween(afterId, upToId) {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(auditEvent)
        .where(and(gt(auditEvent.id, afterId), lte(auditEvent.id, upToId)));
      return row?.count ?? 0;
    },
  };
}
