import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../domain-error.ts';
import { manager, medicalRelation, patient } from '../../db/schema.ts';
import { fullName } from '../shared/index.ts';
import type { PrescriptionParties } from './notifier.ts';

/** Whom a new prescription of a relation is told to, and by whose name: read in the prescription's transaction. */
export async function prescriptionPartiesOf(
  database: Database,
  seqMedicalRelation: number,
): Promise<PrescriptionParties> {
  const [row] = await database
    .select({ firstName: manager.firstName, lastName: manager.lastName, patientUser: patient.seqUser })
    .from(medicalRelation)
    .innerJoin(manager, eq(manager.seqManager, medicalRelation.seqManager))
    .innerJoin(patient, eq(patient.seqPatient, medicalRelation.seqPatient))
    .where(eq(medicalRelation.seqMedicalRelation, seqMedicalRelation));
  if (!row) throw notFound();
  return { managerName: fullName(row), patientUser: row.patientUser };
}
