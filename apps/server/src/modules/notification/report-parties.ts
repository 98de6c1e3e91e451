import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { manager, medicalRelation } from '../../db/schema.ts';
import type { ReportParties } from './notifier.ts';

/**
 * Whom a new symptom report of a relation is told to (the relation's clinician) and by which name
 * of the patient (the one the clinician keeps): read in the report's transaction.
 */
export async function reportPartiesOf(
  database: Database,
  seqMedicalRelation: number,
  seqSymptomReport: number,
): Promise<ReportParties | undefined> {
  const [row] = await database
    .select({ patientName: medicalRelation.patientName, clinicianUser: manager.seqUser })
    .from(medicalRelation)
    .innerJoin(manager, eq(manager.seqManager, medicalRelation.seqManager))
    .where(eq(medicalRelation.seqMedicalRelation, seqMedicalRelation));
  return row && { seqSymptomReport, seqMedicalRelation, ...row };
}
