import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { upload } from '../../db/schema.ts';

export type UploadRow = typeof upload.$inferSelect;

export function uploadRepository(db: Database) {
  return {
    async insert(row: typeof upload.$inferInsert): Promise<void> {
      await db.insert(upload).values(row);
    },

    /** An upload made by the clinician; someone else's reads as absent. */
    async findOwned(id: string, seqManager: number): Promise<UploadRow | undefined> {
      const [row] = await db
        .select()
        .from(upload)
        .where(and(eq(upload.id, id), eq(upload.seqManager, seqManager)));
      return row;
    },
  };
}
