import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { patient } from '../../db/schema.ts';

export type PatientRow = typeof patient.$inferSelect;

export interface PatientAccountRepository {
  insertPatient(row: typeof patient.$inferInsert): Promise<PatientRow>;
  findPatientByUser(seqUser: number): Promise<PatientRow | undefined>;
}

/** The patient behind an app account: created at sign-up or by a clinician, looked up wherever a patient acts. */
export function patientAccountRepository(db: Database): PatientAccountRepository {
  return {
    async insertPatient(row: typeof patient.$inferInsert): Promise<PatientRow> {
      const [inserted] = await db.insert(patient).values(row).returning();
      return inserted!;
    },

    async findPatientByUser(seqUser: number): Promise<PatientRow | undefined> {
      const [row] = await db.select().from(patient).where(eq(patient.seqUser, seqUser));
      return row;
    },
  };
}
