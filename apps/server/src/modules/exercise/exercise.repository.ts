import { pageOffset } from '@clinic/contract';
import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { exercise, medicalRelation } from '../../db/schema.ts';

export type ExerciseRow = typeof exercise.$inferSelect & { patientName: string; seqPatient: number };
export type NewExercise = typeof exercise.$inferInsert;
export type ExerciseSorting = 'createdAt' | 'dueDate' | 'patientName' | 'mode' | 'position' | 'exerciseStatus';

const sortColumns = {
  createdAt: exercise.createdAt,
  dueDate: exercise.dueDate,
  patientName: medicalRelation.patientName,
  mode: exercise.mode,
  position: exercise.position,
  exerciseStatus: exercise.exerciseStatus,
};

const columns = { exercise, patientName: medicalRelation.patientName, seqPatient: medicalRelation.seqPatient };

export interface ExerciseQuery {
  seqManager: number;
  deviceType: number;
  seqMedicalRelation?: number;
  searchWord?: string | undefined;
  sortingParam: ExerciseSorting;
  isDesc: boolean;
  page: number;
  size: number;
}

export interface ExerciseRepository {
  insert(row: NewExercise): Promise<number>;
  findOwned(seqExercise: number, seqManager: number): Promise<ExerciseRow | undefined>;
  openForPatient(seqPatient: number): Promise<ExerciseRow[]>;
  update(seqExercise: number, changes: Partial<NewExercise>): Promise<void>;
  page(query: ExerciseQuery): Promise<{ rows: ExerciseRow[]; totalCount: number }>;
}

export function exerciseRepository(db: Database): ExerciseRepository {
  const flatten = (row: {
    exercise: typeof exercise.$inferSelect;
    patientName: string;
    seqPatient: number;
  }): ExerciseRow => ({
    ...row.exercise,
    patientName: row.patientName,
    seqPatient: row.seqPatient,
  });

  return {
    async insert(row: NewExercise): Promise<number> {
      const [inserted] = await db.insert(exercise).values(row).returning({ seqExercise: exercise.seqExercise });
      return inserted!.seqExercise;
    },

    /**
     * A live exercise prescribed to one of the clinician's patients; anyone else's reads as
     * absent. Locked until the transaction ends, so two changes of one exercise take turns.
     */
    async findOwned(seqExercise: number, seqManager: number): Promise<ExerciseRow | undefined> {
      const [row] = await db
        .select(columns)
        .from(exercise)
        .innerJoin(medicalRelation, eq(medicalRelation.seqMedicalRelation, exercise.seqMedicalRelation))
        .where(
          and(
            eq(exercise.seqExercise, seqExercise),
            eq(medicalRelation.seqManager, seqManager),
            isNull(exercise.deletedAt),
          ),
        )
        .for('update', { of: exercise });
      return row && flatten(row);
    },

    /** The patient's open prescriptions, from every clinician who treats them. */
    async openForPatient(seqPatient: number): Promise<ExerciseRow[]> {
      const rows = await db
        .select(columns)
        .from(exercise)
        .innerJoin(medicalRelation, eq(medicalRelation.seqMedicalRelation, exercise.seqMedicalRelation))
        .where(
          and(
            eq(medicalRelation.seqPatient, seqPatient),
            eq(medicalRelation.isEnabled, true),
            isNull(exercise.deletedAt),
            inArray(exercise.exerciseStatus, [0, 4]),
          ),
        )
        .orderBy(asc(exercise.createdAt));
      return rows.map(flatten);
    },

    async update(seqExercise: number, changes: Partial<NewExercise>): Promise<void> {
      await db.update(exercise).set(changes).where(eq(exercise.seqExercise, seqExercise));
    },

    async page(query: ExerciseQuery): Promise<{ rows: ExerciseRow[]; totalCount: number }> {
      const conditions: (SQL | undefined)[] = [
        eq(medicalRelation.seqManager, query.seqManager),
        eq(exercise.deviceType, query.deviceType),
        isNull(exercise.deletedAt),
      ];
      if (query.seqMedicalRelation !== undefined)
        conditions.push(eq(exercise.seqMedicalRelation, query.seqMedicalRelation));
      if (query.searchWord) {
        const pattern = `%${query.searchWord.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
        conditions.push(or(ilike(medicalRelation.patientName, pattern), ilike(exercise.memo, pattern)));
      }
      const where = and(...conditions);
      const column = sortColumns[query.sortingParam];
      const rows = await db
        .select(columns)
        .from(exercise)
        .innerJoin(medicalRelation, eq(medicalRelation.seqMedicalRelation, exercise.seqMedicalRelation))
        .where(where)
        .orderBy(query.isDesc ? desc(column) : asc(column), desc(exercise.seqExercise))
        .limit(query.size)
        .offset(pageOffset(query.page, query.size));
      const [count] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(exercise)
        .innerJoin(medicalRelation, eq(medicalRelation.seqMedicalRelation, exercise.seqMedicalRelation))
        .where(where);
      return { rows: rows.map(flatten), totalCount: count?.count ?? 0 };
    },
  };
}
