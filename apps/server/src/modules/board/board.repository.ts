import { pageOffset } from '@clinic/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { boardInquiry } from '../../db/schema.ts';

export type InquiryRow = typeof boardInquiry.$inferSelect;
export type NewInquiry = Omit<typeof boardInquiry.$inferInsert, 'seqBoard'>;

export interface BoardRepository {
  insert(row: NewInquiry): Promise<InquiryRow>;
  pageOwn(seqManager: number, page: number, size: number): Promise<{ rows: InquiryRow[]; totalCount: number }>;
  removeOwn(seqBoard: number, seqManager: number, at: Date): Promise<boolean>;
}

export function boardRepository(db: Database): BoardRepository {
  const ownLive = (seqManager: number) => and(eq(boardInquiry.seqManager, seqManager), isNull(boardInquiry.deletedAt));
  return {
    async insert(row: NewInquiry): Promise<InquiryRow> {
      const [inserted] = await db.insert(boardInquiry).values(row).returning();
      return inserted!;
    },

    async pageOwn(seqManager: number, page: number, size: number) {
      // One query after the other: the handle may be a transaction, whose one connection takes one at a time.
      const rows = await db
        .select()
        .from(boardInquiry)
        .where(ownLive(seqManager))
        .orderBy(desc(boardInquiry.createdAt), desc(boardInquiry.seqBoard))
        .limit(size)
        .offset(pageOffset(page, size));
      return { rows, totalCount: await db.$count(boardInquiry, ownLive(seqManager)) };
    },

    /** Marks the clinician's inquiry removed; false when it is not theirs or already removed. */
    async removeOwn(seqBoard: number, seqManager: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(boardInquiry)
        .set({ deletedAt: at })
        .where(and(eq(boardInquiry.seqBoard, seqBoard), ownLive(seqManager)))
        .returning({ seqBoard: boardInquiry.seqBoard });
      return rows.length > 0;
    },
  };
}
