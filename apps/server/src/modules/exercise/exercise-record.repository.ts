import { and, asc, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { exercise, exerciseRecord, medicalRelation } from '../../db/schema.ts';

export type RecordRow = typeof exerciseRecord.$inferSelect;
export type NewRecord = typeof exerciseRecord.$inferInsert;

const recordSortColumns = {
  usageStartDatetime: exerciseRecord.usageStartAt,
  iuppiterUsageMaxAngle: exerciseRecord.maxAngle,
  deviceUsageDuration: exerciseRecord.durationSeconds,
};

/** The start of a calendar day in a time zone, as an instant (for index-friendly range filters). */
const dayStart = (date: string, timeZone: string): SQL => sql`(${date}::date::timestamp at time zone ${timeZone})`;
const dayEnd = (date: string, timeZone: string): SQL => sql`((${date}::date + 1)::timestamp at time zone ${timeZone})`;

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

export function exerciseRecordRepository(db: Database) {
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
      const rows = await db
        .select()
        .from(exerciseRecord)
        .where(where)
        .orderBy(query.isDesc ? desc(column) : asc(column), desc(exerciseRecord.seqExerciseRecord))
        .limit(query.size)
        .offset(query.page * query.size);
      const [count] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(exerciseRecord)
        .where(where);
      return { rows, totalCount: count?.count ?? 0 };
    },

    async listByRange(seqMedicalRelations: number[], range: DayRange, guideModes?: number[]): Promise<RecordRow[]> {
      if (seqMedicalRelations.length === 0) return [];
      return db
        .select()
        .from(exerciseRecord)
        .where(
          and(
            inArray(exerciseRecord.seqMedicalRelation, seqMedicalRelations),
            inRange(range),
            guideModes ? inArray(exerciseRecord.guideMode, guideModes) : undefined,
          ),
        )
        .orderBy(asc(exerciseRecord.usageStartAt))
        .limit(5000);
    },

    /** Per calendar day in the time zone: the angles reached, time exercised and sessions. */
    async dailyRom(
      seqMedicalRelation: number,
      range: DayRange,
      filter: { position?: number | null; mode?: number | null },
    ) {
      const day = sql<string>`to_char(${exerciseRecord.usageStartAt} at time zone ${range.timeZone}, 'YYYY-MM-DD')`;
      return (
        db
          .select({
            date: day,
            minAngle: sql<number>`min(${exerciseRecord.minAngle})::real`,
            maxAngle: sql<number>`max(${exerciseRecord.maxAngle})::real`,
            exerciseSeconds: sql<number>`sum(${exerciseRecord.durationSeconds})::int`,
            sessions: sql<number>`count(*)::int`,
          })
          .from(exerciseRecord)
          .where(
            and(
              eq(exerciseRecord.seqMedicalRelation, seqMedicalRelation),
              inRange(range),
              filter.position ? eq(exerciseRecord.guidePosition, filter.position) : undefined,
              filter.mode !== null && filter.mode !== undefined ? eq(exerciseRecord.guideMode, filter.mode) : undefined,
            ),
          )
          // By position: the day expression carries a parameter, which would differ between clauses.
          .groupBy(sql`1`)
          .orderBy(sql`1`)
      );
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
