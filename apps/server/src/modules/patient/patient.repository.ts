import { and, asc, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { exercise, medicalRelation, patient, patientStatus, relationCategory, syncAuthCode } from '../../db/schema.ts';

export type RelationRow = typeof medicalRelation.$inferSelect;
export type PatientRow = typeof patient.$inferSelect;
export type StatusRow = typeof patientStatus.$inferSelect;
export type NewStatus = Omit<typeof patientStatus.$inferInsert, 'seqPatientStatus'>;

/** A relation with what the patient list shows beside it. */
export interface RelationListRow extends RelationRow {
  isAppMember: boolean;
  primaryDiagnosis: string | null;
  categoryIds: number[];
}

const listColumns = {
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

export function patientRepository(db: Database) {
  return {
    /** Serialises the plan-limit check and the write that follows it for one clinician. */
    async lockManager(seqManager: number): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(7240513, ${seqManager})`);
    },

    async lockPatient(seqPatient: number): Promise<void> {
      await db
        .select({ seqPatient: patient.seqPatient })
        .from(patient)
        .where(eq(patient.seqPatient, seqPatient))
        .for('update');
    },

    async hasOpenExercises(seqMedicalRelation: number): Promise<boolean> {
      const [row] = await db
        .select({ seqExercise: exercise.seqExercise })
        .from(exercise)
        .where(
          and(
            eq(exercise.seqMedicalRelation, seqMedicalRelation),
            isNull(exercise.deletedAt),
            inArray(exercise.exerciseStatus, [0, 4]),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async countActive(seqManager: number): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(medicalRelation)
        .where(and(eq(medicalRelation.seqManager, seqManager), eq(medicalRelation.isEnabled, true)));
      return row?.count ?? 0;
    },

    async listForManager(seqManager: number): Promise<RelationListRow[]> {
      const rows = await db
        .select({ relation: medicalRelation, ...listColumns })
        .from(medicalRelation)
        .innerJoin(patient, eq(patient.seqPatient, medicalRelation.seqPatient))
        .where(eq(medicalRelation.seqManager, seqManager))
        .orderBy(asc(medicalRelation.patientName), asc(medicalRelation.seqMedicalRelation));
      return rows.map(({ relation, ...extra }) => ({ ...relation, ...extra }));
    },

    /** The relation if it belongs to the clinician; another clinician's reads as absent. */
    async findOwned(seqMedicalRelation: number, seqManager: number): Promise<RelationListRow | undefined> {
      const [row] = await db
        .select({ relation: medicalRelation, ...listColumns })
        .from(medicalRelation)
        .innerJoin(patient, eq(patient.seqPatient, medicalRelation.seqPatient))
        .where(
          and(eq(medicalRelation.seqMedicalRelation, seqMedicalRelation), eq(medicalRelation.seqManager, seqManager)),
        );
      return (
        row && {
          ...row.relation,
          isAppMember: row.isAppMember,
          primaryDiagnosis: row.primaryDiagnosis,
          categoryIds: row.categoryIds,
        }
      );
    },

    async findRelation(seqManager: number, seqPatient: number): Promise<RelationRow | undefined> {
      const [row] = await db
        .select()
        .from(medicalRelation)
        .where(and(eq(medicalRelation.seqManager, seqManager), eq(medicalRelation.seqPatient, seqPatient)));
      return row;
    },

    /** Whether another of the clinician's patients already has this e-mail address. */
    async emailInUse(seqManager: number, email: string, exceptRelation?: number): Promise<boolean> {
      const [row] = await db
        .select({ seq: medicalRelation.seqMedicalRelation })
        .from(medicalRelation)
        .where(
          and(
            eq(medicalRelation.seqManager, seqManager),
            eq(medicalRelation.patientEmail, email),
            exceptRelation ? ne(medicalRelation.seqMedicalRelation, exceptRelation) : undefined,
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async insertPatient(row: typeof patient.$inferInsert): Promise<PatientRow> {
      const [inserted] = await db.insert(patient).values(row).returning();
      return inserted!;
    },

    async findPatientByUser(seqUser: number): Promise<PatientRow | undefined> {
      const [row] = await db.select().from(patient).where(eq(patient.seqUser, seqUser));
      return row;
    },

    async findPatient(seqPatient: number): Promise<PatientRow | undefined> {
      const [row] = await db.select().from(patient).where(eq(patient.seqPatient, seqPatient));
      return row;
    },

    async insertRelation(row: typeof medicalRelation.$inferInsert): Promise<RelationRow> {
      const [inserted] = await db.insert(medicalRelation).values(row).returning();
      return inserted!;
    },

    async updateRelation(
      seqMedicalRelation: number,
      changes: Partial<Omit<typeof medicalRelation.$inferInsert, 'seqMedicalRelation' | 'seqManager' | 'seqPatient'>>,
    ): Promise<void> {
      await db.update(medicalRelation).set(changes).where(eq(medicalRelation.seqMedicalRelation, seqMedicalRelation));
    },

    async insertStatus(row: NewStatus): Promise<StatusRow> {
      const [inserted] = await db.insert(patientStatus).values(row).returning();
      return inserted!;
    },

    async listStatus(seqMedicalRelation: number): Promise<StatusRow[]> {
      return db
        .select()
        .from(patientStatus)
        .where(and(eq(patientStatus.seqMedicalRelation, seqMedicalRelation), isNull(patientStatus.removedAt)))
        .orderBy(desc(patientStatus.recordedAt), desc(patientStatus.seqPatientStatus));
    },

    /** A live condition entry of one of the clinician's patients. */
    async findOwnedStatus(seqPatientStatus: number, seqManager: number): Promise<StatusRow | undefined> {
      const [row] = await db
        .select({ status: patientStatus })
        .from(patientStatus)
        .innerJoin(medicalRelation, eq(medicalRelation.seqMedicalRelation, patientStatus.seqMedicalRelation))
        .where(
          and(
            eq(patientStatus.seqPatientStatus, seqPatientStatus),
            eq(medicalRelation.seqManager, seqManager),
            isNull(patientStatus.removedAt),
          ),
        );
      return row?.status;
    },

    async markStatusRemoved(seqPatientStatus: number, at: Date): Promise<void> {
      await db.update(patientStatus).set({ removedAt: at }).where(eq(patientStatus.seqPatientStatus, seqPatientStatus));
    },

    /** Stores a new code; false when the same code is still live for someone, so another is drawn. */
    async insertSyncCode(codeHash: string, seqPatient: number, expiresAt: Date, at: Date): Promise<boolean> {
      const rows = await db
        .insert(syncAuthCode)
        .values({ codeHash, seqPatient, expiresAt })
        .onConflictDoUpdate({
          target: syncAuthCode.codeHash,
          set: { seqPatient, expiresAt, usedAt: null, createdAt: at },
          // A used or expired code may be drawn again.
          setWhere: sql`${syncAuthCode.usedAt} is not null or ${syncAuthCode.expiresAt} <= ${at}`,
        })
        .returning({ codeHash: syncAuthCode.codeHash });
      return rows.length === 1;
    },

    async findLiveSyncCode(codeHash: string, at: Date): Promise<number | undefined> {
      const [row] = await db
        .select({ seqPatient: syncAuthCode.seqPatient })
        .from(syncAuthCode)
        .where(and(eq(syncAuthCode.codeHash, codeHash), isNull(syncAuthCode.usedAt), gt(syncAuthCode.expiresAt, at)));
      return row?.seqPatient;
    },

    async consumeSyncCode(codeHash: string, at: Date): Promise<number | undefined> {
      const [row] = await db
        .update(syncAuthCode)
        .set({ usedAt: at })
        .where(and(eq(syncAuthCode.codeHash, codeHash), isNull(syncAuthCode.usedAt), gt(syncAuthCode.expiresAt, at)))
        .returning({ seqPatient: syncAuthCode.seqPatient });
      return row?.seqPatient;
    },

    /** Ends the patient's open codes, so only the newest works. */
    async expireSyncCodes(seqPatient: number, at: Date): Promise<void> {
      await db
        .update(syncAuthCode)
        .set({ usedAt: at })
        .where(and(eq(syncAuthCode.seqPatient, seqPatient), isNull(syncAuthCode.usedAt)));
    },
  };
}
