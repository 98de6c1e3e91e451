import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { managerNote, medicalRelation } from '../../db/schema.ts';

export type NoteRow = typeof managerNote.$inferSelect;

export interface ManagerNoteRepository {
  listPage(
    seqMedicalRelation: number,
    seqManager: number,
    page: { startIndex: number; size: number; isPublic?: boolean | null | undefined },
  ): Promise<{ rows: NoteRow[]; totalCount: number }>;
  listAll(seqMedicalRelation: number, seqManager: number): Promise<NoteRow[]>;
  insert(row: typeof managerNote.$inferInsert): Promise<NoteRow>;
  findOwned(seqManagerNote: number, seqManager: number): Promise<(NoteRow & { seqPatient: number }) | undefined>;
  update(
    seqManagerNote: number,
    changes: Partial<
      Pick<NoteRow, 'noteTitle' | 'noteContent' | 'isImportant' | 'isPublic' | 'updatedAt' | 'removedAt'>
    >,
  ): Promise<NoteRow>;
}

/** Notes are read only by their author: every query names the clinician. */
export function managerNoteRepository(db: Database): ManagerNoteRepository {
  const visible = (seqMedicalRelation: number, seqManager: number, isPublic?: boolean | null) =>
    and(
      eq(managerNote.seqMedicalRelation, seqMedicalRelation),
      eq(managerNote.seqManager, seqManager),
      isNull(managerNote.removedAt),
      isPublic === undefined || isPublic === null ? undefined : eq(managerNote.isPublic, isPublic),
    );

  return {
    async listPage(
      seqMedicalRelation: number,
      seqManager: number,
      page: { startIndex: number; size: number; isPublic?: boolean | null | undefined },
    ): Promise<{ rows: NoteRow[]; totalCount: number }> {
      const where = visible(seqMedicalRelation, seqManager, page.isPublic);
      const rows = await db
        .select()
        .from(managerNote)
        .where(where)
        .orderBy(desc(managerNote.isImportant), desc(managerNote.createdAt), desc(managerNote.seqManagerNote))
        .limit(page.size)
        .offset(page.startIndex);
      return { rows, totalCount: await db.$count(managerNote, where) };
    },

    async listAll(seqMedicalRelation: number, seqManager: number): Promise<NoteRow[]> {
      return db
        .select()
        .from(managerNote)
        .where(visible(seqMedicalRelation, seqManager))
        .orderBy(desc(managerNote.createdAt));
    },

    async insert(row: typeof managerNote.$inferInsert): Promise<NoteRow> {
      const [inserted] = await db.insert(managerNote).values(row).returning();
      return inserted!;
    },

    /** A live note of the clinician on one of their own patients. */
    async findOwned(
      seqManagerNote: number,
      seqManager: number,
    ): Promise<(NoteRow & { seqPatient: number }) | undefined> {
      const [row] = await db
        .select({ note: managerNote, seqPatient: medicalRelation.seqPatient })
        .from(managerNote)
        .innerJoin(medicalRelation, eq(medicalRelation.seqMedicalRelation, managerNote.seqMedicalRelation))
        .where(
          and(
            eq(managerNote.seqManagerNote, seqManagerNote),
            eq(managerNote.seqManager, seqManager),
            eq(medicalRelation.seqManager, seqManager),
            isNull(managerNote.removedAt),
          ),
        );
      return row && { ...row.note, seqPatient: row.seqPatient };
    },

    async update(
      seqManagerNote: number,
      changes: Partial<
        Pick<NoteRow, 'noteTitle' | 'noteContent' | 'isImportant' | 'isPublic' | 'updatedAt' | 'removedAt'>
      >,
    ): Promise<NoteRow> {
      const [row] = await db
        .update(managerNote)
        .set(changes)
        .where(eq(managerNote.seqManagerNote, seqManagerNote))
        .returning();
      return row!;
    },
  };
}
