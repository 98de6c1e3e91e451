import { ScheduleStatus, type PatientListItem } from '@clinic/contract';
import { and, desc, eq, gt, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { exercise, medicalRelation, patient, patientStatus, schedule, syncAuthCode } from '../../db/schema.ts';
import { type PatientRow, relationListColumns, type RelationRow } from '../shared/index.ts';

export type StatusRow = typeof patientStatus.$inferSelect;
export type NewStatus = Omit<typeof patientStatus.$inferInsert, 'seqPatientStatus'>;

/** What the patient list needs to know besides the clinician. */
export interface ListQuery {
  seqManager: number;
  /** Today (YYYY-MM-DD) in the clinician's time zone, for the ages. */
  today: string;
  /** Today's bounds in that zone: visits overlapping them are today's. */
  from: Date;
  to: Date;
  timeZone: string;
  /** The plan's limit of active patients, answered beside the list. */
  activeLimit: SQL<number>;
  /** The audit of the read, given the number of patients read. */
  audit: (count: SQL) => SQL;
}

/** An instant as ISO 8601 with the offset of the zone there (`isoInZone`), written by the database. */
function isoInZoneSql(instant: SQL, timeZone: string): SQL<string> {
  const minutes = sql`(round(extract(epoch from (${instant} at time zone ${timeZone}) - (${instant} at time zone 'UTC')) / 60)::int)`;
  return sql<string>`to_char(${instant} at time zone ${timeZone}, 'YYYY-MM-DD"T"HH24:MI:SS') || case when ${minutes} = 0 then 'Z'
    else case when ${minutes} > 0 then '+' else '-' end || to_char(abs(${minutes}) / 60, 'FM00') || ':' || to_char(abs(${minutes}) % 60, 'FM00') end`;
}

export interface PatientRepository {
  hasOpenExercises(seqMedicalRelation: number): Promise<boolean>;
  listForManager(query: ListQuery): Promise<{ patientList: PatientListItem[]; activeLimit: number }>;
  findRelation(seqManager: number, seqPatient: number): Promise<RelationRow | undefined>;
  emailInUse(seqManager: number, email: string, exceptRelation?: number): Promise<boolean>;
  findPatient(seqPatient: number): Promise<PatientRow | undefined>;
  insertRelation(row: typeof medicalRelation.$inferInsert): Promise<RelationRow>;
  updateRelation(
    seqMedicalRelation: number,
    changes: Partial<Omit<typeof medicalRelation.$inferInsert, 'seqMedicalRelation' | 'seqManager' | 'seqPatient'>>,
  ): Promise<void>;
  insertStatus(row: NewStatus): Promise<StatusRow>;
  listStatus(seqMedicalRelation: number): Promise<StatusRow[]>;
  findOwnedStatus(seqPatientStatus: number, seqManager: number): Promise<StatusRow | undefined>;
  markStatusRemoved(seqPatientStatus: number, at: Date): Promise<void>;
  insertSyncCode(codeHash: string, seqPatient: number, expiresAt: Date, at: Date): Promise<boolean>;
  findLiveSyncCode(codeHash: string, at: Date): Promise<number | undefined>;
  consumeSyncCode(codeHash: string, at: Date): Promise<number | undefined>;
  expireSyncCodes(seqPatient: number, at: Date): Promise<void>;
}

export function patientRepository(db: Database): PatientRepository {
  return {
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

    /**
     * The clinician's patient list shaped as the reply by the database in one statement with
     * today's visits, the plan's limit and the audit of the read: nothing is copied per row here.
     */
    async listForManager(query: ListQuery): Promise<{ patientList: PatientListItem[]; activeLimit: number }> {
      const { seqManager, timeZone } = query;
      const result = (await db.execute(sql`
        with visits as (
          select ${schedule.seqMedicalRelation} as seq_medical_relation,
            json_agg(json_build_object('seqSchedule', ${schedule.seqSchedule},
              'scheduleExpectStartDatetime', ${isoInZoneSql(sql`${schedule.expectStartAt}`, timeZone)})
              order by ${schedule.expectStartAt}, ${schedule.seqSchedule}) as list
          from ${schedule}
          where ${schedule.seqManager} = ${seqManager}
            and ${schedule.expectStartAt} < ${query.to.toISOString()}::timestamptz
            and ${schedule.expectEndAt} > ${query.from.toISOString()}::timestamptz
            and ${schedule.status} in (${ScheduleStatus.waiting}, ${ScheduleStatus.inProgress})
          group by 1
        ), listed as (
          select ${medicalRelation.patientName} as patient_name, ${medicalRelation.seqMedicalRelation} as seq,
            json_build_object(
              'seqMedicalRelation', ${medicalRelation.seqMedicalRelation},
              'patientName', ${medicalRelation.patientName},
              'patientEmail', ${medicalRelation.patientEmail},
              'patientAge', greatest(0, extract(year from age(${query.today}::date, ${medicalRelation.birthDate})))::int,
              'deviceType', case when ${medicalRelation.deviceType} = 2 then 2 else 1 end,
              'isEnabled', ${medicalRelation.isEnabled},
              'isAppMember', ${relationListColumns.isAppMember},
              'categoryIds', ${relationListColumns.categoryIds},
              'primaryDiagnosis', ${relationListColumns.primaryDiagnosis},
              'createdAt', to_char(${medicalRelation.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
              'reservedSchedules', coalesce(visits.list, '[]'::json)) as item
          from ${medicalRelation}
          join ${patient} on ${patient.seqPatient} = ${medicalRelation.seqPatient}
          left join visits on visits.seq_medical_relation = ${medicalRelation.seqMedicalRelation}
          where ${medicalRelation.seqManager} = ${seqManager}
        ), audit as (${query.audit(sql`(select count(*)::text from listed)`)})
        select ${query.activeLimit} as "activeLimit",
          coalesce((select json_agg(item order by patient_name, seq) from listed), '[]'::json) as "patientList"`)) as {
        rows: [{ patientList: PatientListItem[]; activeLimit: number }];
      };
      return result.rows[0];
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
