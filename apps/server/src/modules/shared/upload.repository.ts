import { and, eq, exists, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { schedule, schedulePhoto, upload } from '../../db/schema.ts';

export type UploadRow = typeof upload.$inferSelect;

/** A message's files are served by the message module alone, to the two people of its thread. */
const notOfMessage = ne(upload.folder, 'message');

export interface UploadRepository {
  insert(row: typeof upload.$inferInsert): Promise<void>;
  findOwned(id: string, seqManager: number): Promise<UploadRow | undefined>;
  findReadable(id: string, seqManager: number): Promise<UploadRow | undefined>;
  findOwnedByMember(id: string, seqUser: number): Promise<UploadRow | undefined>;
}

export function uploadRepository(db: Database): UploadRepository {
  return {
    async insert(row: typeof upload.$inferInsert): Promise<void> {
      await db.insert(upload).values(row);
    },

    /** An upload made by the clinician; someone else's reads as absent. */
    async findOwned(id: string, seqManager: number): Promise<UploadRow | undefined> {
      const [row] = await db
        .select()
        .from(upload)
        .where(and(eq(upload.id, id), eq(upload.seqManager, seqManager), notOfMessage));
      return row;
    },

    /** An upload a patient app member made themselves (a clinician's upload has its seqManager). */
    async findOwnedByMember(id: string, seqUser: number): Promise<UploadRow | undefined> {
      const [row] = await db
        .select()
        .from(upload)
        .where(and(eq(upload.id, id), eq(upload.seqUser, seqUser), isNull(upload.seqManager), notOfMessage));
      return row;
    },

    /** An upload the clinician made or that a patient attached to one of their visits; else absent. */
    async findReadable(id: string, seqManager: number): Promise<UploadRow | undefined> {
      const attachedToOwnVisit = exists(
        db
          .select({ one: sql`1` })
          .from(schedulePhoto)
          .innerJoin(schedule, eq(schedule.seqSchedule, schedulePhoto.seqSchedule))
          .where(and(eq(schedulePhoto.uploadId, upload.id), eq(schedule.seqManager, seqManager))),
      );
      const [row] = await db
        .select()
        .from(upload)
        .where(and(eq(upload.id, id), or(eq(upload.seqManager, seqManager), attachedToOwnVisit), notOfMessage));
      return row;
    },
  };
}
