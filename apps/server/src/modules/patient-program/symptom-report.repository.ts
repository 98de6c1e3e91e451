import { pageOffset } from '@clinic/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { medicalRelation, symptomReport } from '../../db/schema.ts';

export type SymptomReportRow = typeof symptomReport.$inferSelect;
export type NewSymptomReport = typeof symptomReport.$inferInsert;

const newestFirst = [desc(symptomReport.reportedAt), desc(symptomReport.seqSymptomReport)];

export interface SymptomReportRepository {
  relationOfPatient(
    seqMedicalRelation: number,
    seqPatient: number,
  ): Promise<{ seqMedicalRelation: number; seqPatient: number } | undefined>;
  insertNew(row: NewSymptomReport): Promise<SymptomReportRow | undefined>;
  findByKey(seqPatient: number, idempotencyKey: string): Promise<SymptomReportRow | undefined>;
  latestOfPatient(seqPatient: number, limit: number): Promise<SymptomReportRow[]>;
  pageOfRelation(
    seqMedicalRelation: number,
    page: { page: number; size: number },
  ): Promise<{ rows: SymptomReportRow[]; totalCount: number }>;
}

export function symptomReportRepository(db: Database): SymptomReportRepository {
  return {
    /** The patient's enabled relation with a clinician; anyone else's, or none, reads as absent. */
    async relationOfPatient(seqMedicalRelation, seqPatient) {
      const [row] = await db
        .select({ seqMedicalRelation: medicalRelation.seqMedicalRelation, seqPatient: medicalRelation.seqPatient })
        .from(medicalRelation)
        .where(
          and(
            eq(medicalRelation.seqMedicalRelation, seqMedicalRelation),
            eq(medicalRelation.seqPatient, seqPatient),
            eq(medicalRelation.isEnabled, true),
          ),
        );
      return row;
    },

    /**
     * Stores a new report; undefined when the patient already sent one with its key. A send of the
     * same key racing this one waits for it and then stores nothing.
     */
    async insertNew(row) {
      const [inserted] = await db
        .insert(symptomReport)
        .values(row)
        .onConflictDoNothing({ target: [symptomReport.seqPatient, symptomReport.idempotencyKey] })
        .returning();
      return inserted;
    },

    async findByKey(seqPatient, idempotencyKey) {
      const [row] = await db
        .select()
        .from(symptomReport)
        .where(and(eq(symptomReport.seqPatient, seqPatient), eq(symptomReport.idempotencyKey, idempotencyKey)));
      return row;
    },

    async latestOfPatient(seqPatient, limit) {
      return db
        .select()
        .from(symptomReport)
        .where(eq(symptomReport.seqPatient, seqPatient))
        .orderBy(...newestFirst)
        .limit(limit);
    },

    async pageOfRelation(seqMedicalRelation, { page, size }) {
      const where = eq(symptomReport.seqMedicalRelation, seqMedicalRelation);
      const rows = await db
        .select()
        .from(symptomReport)
        .where(where)
        .orderBy(...newestFirst)
        .limit(size)
        .offset(pageOffset(page, size));
      return { rows, totalCount: await db.$count(symptomReport, where) };
    },
  };
}
