import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { medicalRelation, patient, patientStatus, relationCategory } from '../../db/schema.ts';

export type RelationRow = typeof medicalRelation.$inferSelect;

/**
 * The relation of that id when it is the clinician's: the one condition of every check that a
 * relation belongs to its caller (`ownedRelationOr404`, and reads that take the relation with more).
 */
export const relationOwnedBy = (seqMedicalRelation: number, seqManager: number): SQL | undefined =>
  and(eq(medicalRelation.seqMedicalRelation, seqMedicalRelation), eq(medicalRelation.seqManager, seqManager));

/** A relation with what the patient list shows beside it. */
export interface RelationListRow extends RelationRow {
  isAppMember: boolean;
  primaryDiagnosis: string | null;
  categoryIds: number[];
}

/** The columns of a `RelationListRow` beyond the relation itself. */
export const relationListColumns = {
  isAppMember: sql<boolean>`${patient.seqUser} is not null`,
  primaryDiagnosis: sql<string | null>`(
    select ${patientStatus.primaryDiagnosis} from ${patientStatus}
    where ${patientStatus.seqMedicalRelation} = ${medicalRelation.seqMedicalRelation}
      and ${patientStatus.removedAt} is null and ${patientStatus.primaryDiagnosis} is not null
    order by ${patientStatus.recordedAt} desc limit 1)`,
  categoryIds: sql<number[]>`coalesce((
    select array_agg(${relationCategory.seqCategory} order by ${relationCategory.seqCategory}) from ${relationCategory}
    where ${relationCategory.seqMedicalRelation} = ${medicalRelation.seqMedicalRelation}), '{}')`,
};

export interface OwnershipRepository {
  lockManager(seqManager: number): Promise<void>;
  lockPatient(seqPatient: number): Promise<void>;
  findOwned(seqMedicalRelation: number, seqManager: number): Promise<RelationListRow | undefined>;
  countActive(seqManager: number): Promise<number>;
}

/** Whose patient is whom: the checks every module makes before it reads or writes a patient's data. */
export function ownershipRepository(db: Database): OwnershipRepository {
  return {
    /** Serialises the plan-limit check and the write that follows it for one clinician. */
    async lockManager(seqManager: number): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(7240513, ${seqManager})`);
    },

    /** Serialises the writes that concern one patient. */
    async lockPatient(seqPatient: number): Promise<void> {
      await db
        .select({ seqPatient: patient.seqPatient })
        .from(patient)
        .where(eq(patient.seqPatient, seqPatient))
        .for('update');
    },

    /** The relation if it belongs to the clinician; another clinician's reads as absent. */
    async findOwned(seqMedicalRelation: number, seqManager: number): Promise<RelationListRow | undefined> {
      const [row] = await db
        .select({ relation: medicalRelation, ...relationListColumns })
        .from(medicalRelation)
        .innerJoin(patient, eq(patient.seqPatient, medicalRelation.seqPatient))
        .where(relationOwnedBy(seqMedicalRelation, seqManager));
      return (
        row && {
          ...row.relation,
          isAppMember: row.isAppMember,
          primaryDiagnosis: row.primaryDiagnosis,
          categoryIds: row.categoryIds,
        }
      );
    },

    async countActive(seqManager: number): Promise<number> {
      return db.$count(
        medicalRelation,
        and(eq(medicalRelation.seqManager, seqManager), eq(medicalRelation.isEnabled, true)),
      );
    },
  };
}
