import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { report } from '../../db/schema.ts';

export type ReportRow = typeof report.$inferSelect;

export interface ReportRepository {
  insert(row: Omit<typeof report.$inferInsert, 'seqReport'>): Promise<ReportRow>;
  listForRelation(seqMedicalRelation: number, seqManager: number): Promise<ReportRow[]>;
  findOwned(seqReport: number, seqManager: number): Promise<ReportRow | undefined>;
}

export function reportRepository(db: Database): ReportRepository {
  return {
    async insert(row: Omit<typeof report.$inferInsert, 'seqReport'>): Promise<ReportRow> {
      const [inserted] = await db.insert(report).values(row).returning();
      return inserted!;
    },

    async listForRelation(seqMedicalRelation: number, seqManager: number): Promise<ReportRow[]> {
      return db
        .select()
        .from(report)
        .where(and(eq(report.seqMedicalRelation, seqMedicalRelation), eq(report.seqManager, seqManager)))
        .orderBy(desc(report.createdAt), desc(report.seqReport));
    },

    /** A report of the clinician; another clinician's reads as absent. */
    async findOwned(seqReport: number, seqManager: number): Promise<ReportRow | undefined> {
      const [row] = await db
        .select()
        .from(report)
        .where(and(eq(report.seqReport, seqReport), eq(report.seqManager, seqManager)));
      return row;
    },
  };
}
