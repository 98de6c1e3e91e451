import { and, count, desc, eq, gt, gte, isNotNull, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { callGuest } from '../../db/schema.ts';

export type GuestRow = typeof callGuest.$inferSelect;

export interface GuestRepository {
  insert(row: typeof callGuest.$inferInsert): Promise<void>;
  /** The guest whose link hashes so, locked for the change opening it makes. */
  lockByLink(linkHash: string): Promise<GuestRow | undefined>;
  /** The guest whose own token hashes so, locked. */
  lockByToken(tokenHash: string): Promise<GuestRow | undefined>;
  find(by: { id: string } | { tokenHash: string }): Promise<GuestRow | undefined>;
  /** The visit's guests, the latest invited first. */
  ofVisit(seqSchedule: number): Promise<GuestRow[]>;
  /** The visit's guests who still count against its limit: not removed, and opened or still openable. */
  countActive(seqSchedule: number, at: Date): Promise<number>;
  update(id: string, changes: Partial<GuestRow>): Promise<void>;
  /** Lets the guest into the call if they are still waiting (seen since `seenSince`); answers them then. */
  admit(query: { id: string; seqSchedule: number; meetingId: string; seenSince: Date }): Promise<GuestRow | undefined>;
  /** Removes the guest of the visit for good; answers them, removed now or before, or nothing for another visit's. */
  remove(query: { id: string; seqSchedule: number; at: Date }): Promise<GuestRow | undefined>;
}

/** The only code that reads and writes a visit's guests. */
export function guestRepository(db: Database): GuestRepository {
  return {
    async insert(row) {
      await db.insert(callGuest).values(row);
    },

    async lockByLink(linkHash) {
      const [row] = await db.select().from(callGuest).where(eq(callGuest.linkHash, linkHash)).for('update');
      return row;
    },

    async lockByToken(tokenHash) {
      const [row] = await db.select().from(callGuest).where(eq(callGuest.tokenHash, tokenHash)).for('update');
      return row;
    },

    async find(by) {
      const [row] = await db
        .select()
        .from(callGuest)
        .where('id' in by ? eq(callGuest.id, by.id) : eq(callGuest.tokenHash, by.tokenHash));
      return row;
    },

    ofVisit(seqSchedule) {
      return db
        .select()
        .from(callGuest)
        .where(eq(callGuest.seqSchedule, seqSchedule))
        .orderBy(desc(callGuest.createdAt), desc(callGuest.id));
    },

    async countActive(seqSchedule, at) {
      const [row] = await db
        .select({ active: count() })
        .from(callGuest)
        .where(
          and(
            eq(callGuest.seqSchedule, seqSchedule),
            isNull(callGuest.removedAt),
            or(isNotNull(callGuest.openedAt), gt(callGuest.expiresAt, at)),
          ),
        );
      return row?.active ?? 0;
    },

    async update(id, changes) {
      await db.update(callGuest).set(changes).where(eq(callGuest.id, id));
    },

    async admit({ id, seqSchedule, meetingId, seenSince }) {
      const [row] = await db
        .update(callGuest)
        .set({ admittedMeetingId: meetingId })
        .where(
          and(
            eq(callGuest.id, id),
            eq(callGuest.seqSchedule, seqSchedule),
            isNull(callGuest.removedAt),
            gte(callGuest.seenAt, seenSince),
          ),
        )
        .returning();
      return row;
    },

    async remove({ id, seqSchedule, at }) {
      const where = and(eq(callGuest.id, id), eq(callGuest.seqSchedule, seqSchedule));
      const [removed] = await db
        .update(callGuest)
        .set({ removedAt: at, seenAt: null })
        .where(and(where, isNull(callGuest.removedAt)))
        .returning();
      if (removed) return removed;
      const [before] = await db.select().from(callGuest).where(where);
      return before;
    },
  };
}
