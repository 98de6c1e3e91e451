import { pageOffset } from '@clinic/contract';
import { and, asc, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { exercise, exerciseRecord, medicalRelation } from '../../db/schema.ts';

export type RecordRow = typeof exerciseRecord.$inferSelect;
export type NewRecord = typeof exerciseRecord.$inferInsert;
type ExerciseTableRow = typeof exercise.$inferSelect;
/** A prescription as the report draws it. */
export type Prescription = Pick<
  ExerciseTableRow,
  | 'seqExercise'
  | 'position'
  | 'mode'
  | 'minRom'
  | 'maxRom'
  | 'createdAt'
  | 'dueDate'
  | 'frequency'
  | 'exerciseStatus'
  | 'updatedAt'
>;

const recordSortColumns = {
  usageStartDatetime: exerciseRecord.usageStartAt,
  iuppiterUsageMaxAngle: exerciseRecord.maxAngle,
  deviceUsageDuration: exerciseRecord.durationSeconds,
};

/** The start of a calendar day in a time zone, as an instant (for index-friendly range filters). */
const dayStart = (date: string, timeZone: string): SQL => sql`(${date}::date::timestamp at time zone ${timeZone})`;
const dayEnd = (date: string, timeZone: string): SQL => sql`((${date}::date + 1)::timestamp at time zone ${timeZone})`;

export interface RomStatistics {
  days: {
    date: string;
    minAngle: number;
    maxAngle: number;
    exerciseSeconds: number;
    sessions: number;
    painLevel: number | null;
  }[];
  prescriptions: {
    seqExercise: number;
    position: number;
    mode: number;
    minRom: number;
    maxRom: number;
    createdAt: string;
    dueDate: string;
  }[];
}

export interface DayRange {
  startDate: string;
  endDate: string;
  timeZone: string;
}

/** Records that started on the days of the range, in its time zone. */
const inRange = (range: DayRange): SQL =>
  and(
    gte(exerciseRecord.usageStartAt, dayStart(range.startDate, range.timeZone)),
    lt(exerciseRecord.usageStartAt, dayEnd(range.endDate, range.timeZone)),
  )!;

export interface ExerciseRecordRepository {
  insertNew(rows: NewRecord[]): Promise<RecordRow[]>;
  exercisesOfPatient(
    seqPatient: number,
    seqExercises: number[],
  ): Promise<Pick<ExerciseTableRow, 'seqExercise' | 'seqMedicalRelation' | 'exerciseStatus' | 'createdAt'>[]>;
  setExerciseStatus(seqExercise: number, exerciseStatus: number, at: Date): Promise<void>;
  listByExercise(seqExercise: number): Promise<RecordRow[]>;
  pageByRelation(
    seqMedicalRelation: number,
    query: {
      sortingParam: keyof typeof recordSortColumns;
      isDesc: boolean;
      page: number;
      size: number;
      range?: DayRange;
    },
  ): Promise<{ rows: RecordRow[]; totalCount: number }>;
  pageByRange(query: {
    seqMedicalRelations: number[];
    range: DayRange;
    guideModes: number[];
    page: number;
    size: number;
  }): Promise<{ rows: RecordRow[]; totalCount: number }>;
  romStatistics(query: {
    seqMedicalRelation: number;
    seqManager: number;
    range: DayRange;
    filter: { position?: number | null; mode?: number | null };
    /** The audit of the read, given the relation of the rows of `owned`. */
    audit: (owned: { from: SQL; seqMedicalRelation: SQL; seqPatient: SQL }) => SQL;
  }): Promise<RomStatistics | undefined>;
  prescriptionsInRange(
    seqMedicalRelation: number,
    range: DayRange,
    filter: { position?: number | null; mode?: number | null },
  ): Promise<Prescription[]>;
  daysWithRecords(seqMedicalRelation: number, range: DayRange): Promise<string[]>;
  sessionsPerExercise(seqMedicalRelation: number, range: DayRange): Promise<Map<number, number>>;
  relationsOfPatientForManager(seqPatient: number, seqManager: number): Promise<number[]>;
}

export function exerciseRecordRepository(db: Database): ExerciseRecordRepository {
  /** One page of the records matching `where`, in `order`, with how many there are (one query after the other). */
  async function pageOf(
    where: SQL | undefined,
    order: SQL[],
    { page, size }: { page: number; size: number },
  ): Promise<{ rows: RecordRow[]; totalCount: number }> {
    const rows = await db
      .select()
      .from(exerciseRecord)
      .where(where)
      .orderBy(...order)
      .limit(size)
      .offset(pageOffset(page, size));
    return { rows, totalCount: await db.$count(exerciseRecord, where) };
  }

  return {
    /** Stores new records; a key the patient already sent is skipped. Answers the stored ones. */
    async insertNew(rows: NewRecord[]): Promise<RecordRow[]> {
      return db.insert(exerciseRecord).values(rows).onConflictDoNothing().returning();
    },

    /**
     * The patient's own live exercises among the given ids, locked until the transaction ends so
     * that a clinician's status change and a device's upload take turns.
     */
    async exercisesOfPatient(seqPatient: number, seqExercises: number[]) {
      return db
        .select({
          seqExercise: exercise.seqExercise,
          seqMedicalRelation: exercise.seqMedicalRelation,
          exerciseStatus: exercise.exerciseStatus,
          createdAt: exercise.createdAt,
        })
        .from(exercise)
        .innerJoin(medicalRelation, eq(medicalRelation.seqMedicalRelation, exercise.seqMedicalRelation))
        .where(
          and(
            inArray(exercise.seqExercise, seqExercises),
            eq(medicalRelation.seqPatient, seqPatient),
            isNull(exercise.deletedAt),
          ),
        )
        .orderBy(exercise.seqExercise)
        .for('update', { of: exercise });
    },

    async setExerciseStatus(seqExercise: number, exerciseStatus: number, at: Date): Promise<void> {
      await db.update(exercise).set({ exerciseStatus, updatedAt: at }).where(eq(exercise.seqExercise, seqExercise));
    },

    async listByExercise(seqExercise: number): Promise<RecordRow[]> {
      return db
        .select()
        .from(exerciseRecord)
        .where(eq(exerciseRecord.seqExercise, seqExercise))
        .orderBy(desc(exerciseRecord.usageStartAt));
    },

    /** One page of the patient's records, of the days of a range when given. */
    async pageByRelation(
      seqMedicalRelation: number,
      query: {
        sortingParam: keyof typeof recordSortColumns;
        isDesc: boolean;
        page: number;
        size: number;
        range?: DayRange;
      },
    ): Promise<{ rows: RecordRow[]; totalCount: number }> {
      const where = and(
        eq(exerciseRecord.seqMedicalRelation, seqMedicalRelation),
        query.range ? inRange(query.range) : undefined,
      );
      const column = recordSortColumns[query.sortingParam];
      return pageOf(where, [query.isDesc ? desc(column) : asc(column), desc(exerciseRecord.seqExerciseRecord)], query);
    },

    /** A page of the records of some relations in a range and guide modes, oldest first, with how many there are. */
    async pageByRange(query: {
      seqMedicalRelations: number[];
      range: DayRange;
      guideModes: number[];
      page: number;
      size: number;
    }): Promise<{ rows: RecordRow[]; totalCount: number }> {
      const where = and(
        inArray(exerciseRecord.seqMedicalRelation, query.seqMedicalRelations),
        inRange(query.range),
        inArray(exerciseRecord.guideMode, query.guideModes),
      );
      return pageOf(where, [asc(exerciseRecord.usageStartAt), asc(exerciseRecord.seqExerciseRecord)], query);
    },

    /**
     * The ROM statistic in one statement: per calendar day in the time zone, the angles reached,
     * time exercised and sessions, with the prescriptions in force in the range, of a relation of
     * the clinician's (undefined for any other), audited by `audit` in the same statement.
     */
    async romStatistics(query: {
      seqMedicalRelation: number;
      seqManager: number;
      range: DayRange;
      filter: { position?: number | null; mode?: number | null };
      /** The audit of the read, given the relation of the rows of `owned`. */
      audit: (owned: { from: SQL; seqMedicalRelation: SQL; seqPatient: SQL }) => SQL;
    }): Promise<RomStatistics | undefined> {
      const { range, filter } = query;
      const position = filter.position || undefined;
      const mode = filter.mode ?? undefined;
      const result = (await db.execute(sql`
        with owned as (
          select ${medicalRelation.seqMedicalRelation} as seq_medical_relation, ${medicalRelation.seqPatient} as seq_patient
          from ${medicalRelation}
          where ${medicalRelation.seqMedicalRelation} = ${query.seqMedicalRelation}
            and ${medicalRelation.seqManager} = ${query.seqManager}
        ), audit as (${query.audit({
          from: sql`owned`,
          seqMedicalRelation: sql`owned.seq_medical_relation`,
          seqPatient: sql`owned.seq_patient`,
        })})
        select
          -- Grouped by date (JSON writes it as YYYY-MM-DD) rather than formatted text, and each row
          -- written whole in the sorted subquery's order: both cost about half.
          coalesce((select json_agg(days)
            from (
              select (${exerciseRecord.usageStartAt} at time zone ${range.timeZone})::date as "date",
                min(${exerciseRecord.minAngle})::real as "minAngle", max(${exerciseRecord.maxAngle})::real as "maxAngle",
                sum(${exerciseRecord.durationSeconds})::int as "exerciseSeconds", count(*)::int as "sessions",
                max(${exerciseRecord.painLevel})::int as "painLevel"
              from ${exerciseRecord}
              where ${and(
                eq(exerciseRecord.seqMedicalRelation, sql`owned.seq_medical_relation`),
                inRange(range),
                position ? eq(exerciseRecord.guidePosition, position) : undefined,
                mode !== undefined ? eq(exerciseRecord.guideMode, mode) : undefined,
              )}
              group by 1 order by 1) days), '[]'::json) as days,
          coalesce((select json_agg(json_build_object('seqExercise', ${exercise.seqExercise},
              'position', ${exercise.position}, 'mode', ${exercise.mode}, 'minRom', ${exercise.minRom},
              'maxRom', ${exercise.maxRom},
              'createdAt', to_char(${exercise.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
              'dueDate', ${exercise.dueDate}) order by ${exercise.createdAt})
            from ${exercise}
            where ${and(
              eq(exercise.seqMedicalRelation, sql`owned.seq_medical_relation`),
              isNull(exercise.deletedAt),
              lt(exercise.createdAt, dayEnd(range.endDate, range.timeZone)),
              gte(exercise.dueDate, range.startDate),
              position ? eq(exercise.position, position) : undefined,
              mode !== undefined ? eq(exercise.mode, mode) : undefined,
            )}), '[]'::json) as prescriptions
        from owned`)) as { rows: RomStatistics[] };
      return result.rows[0];
    },

    /** The prescriptions of a patient in force at some point of the range. */
    async prescriptionsInRange(
      seqMedicalRelation: number,
      range: DayRange,
      filter: { position?: number | null; mode?: number | null },
    ) {
      return db
        .select({
          seqExercise: exercise.seqExercise,
          position: exercise.position,
          mode: exercise.mode,
          minRom: exercise.minRom,
          maxRom: exercise.maxRom,
          createdAt: exercise.createdAt,
          dueDate: exercise.dueDate,
          frequency: exercise.frequency,
          exerciseStatus: exercise.exerciseStatus,
          updatedAt: exercise.updatedAt,
        })
        .from(exercise)
        .where(
          and(
            eq(exercise.seqMedicalRelation, seqMedicalRelation),
            isNull(exercise.deletedAt),
            lt(exercise.createdAt, dayEnd(range.endDate, range.timeZone)),
            gte(exercise.dueDate, range.startDate),
            filter.position ? eq(exercise.position, filter.position) : undefined,
            filter.mode !== null && filter.mode !== undefined ? eq(exercise.mode, filter.mode) : undefined,
          ),
        )
        .orderBy(asc(exercise.createdAt));
    },

    /** The calendar days of the range on which the patient's devices recorded anything. */
    async daysWithRecords(seqMedicalRelation: number, range: DayRange): Promise<string[]> {
      const day = sql<string>`to_char(${exerciseRecord.usageStartAt} at time zone ${range.timeZone}, 'YYYY-MM-DD')`;
      const rows = await db
        .selectDistinct({ date: day })
        .from(exerciseRecord)
        .where(and(eq(exerciseRecord.seqMedicalRelation, seqMedicalRelation), inRange(range)))
        .orderBy(sql`1`);
      return rows.map((row) => row.date);
    },

    /** Sessions recorded in the range, per prescription. */
    async sessionsPerExercise(seqMedicalRelation: number, range: DayRange): Promise<Map<number, number>> {
      const rows = await db
        .select({ seqExercise: exerciseRecord.seqExercise, sessions: sql<number>`count(*)::int` })
        .from(exerciseRecord)
        .where(and(eq(exerciseRecord.seqMedicalRelation, seqMedicalRelation), inRange(range)))
        .groupBy(exerciseRecord.seqExercise);
      return new Map(rows.map((row) => [row.seqExercise, row.sessions]));
    },

    async relationsOfPatientForManager(seqPatient: number, seqManager: number): Promise<number[]> {
      const rows = await db
        .select({ seq: medicalRelation.seqMedicalRelation })
        .from(medicalRelation)
        .where(and(eq(medicalRelation.seqPatient, seqPatient), eq(medicalRelation.seqManager, seqManager)));
      return rows.map((row) => row.seq);
    },
  };
}
