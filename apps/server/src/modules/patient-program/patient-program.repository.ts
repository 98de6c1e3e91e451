import { ExerciseStatus, type ProgramRomDay, type ProgramSession } from '@clinic/contract';
import { and, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { exercise, exerciseRecord, manager, medicalRelation } from '../../db/schema.ts';

/** An open prescription of the patient as stored, with its clinician and the sessions recorded for it. */
export interface ProgramPrescriptionRow {
  seqExercise: number;
  seqMedicalRelation: number;
  managerName: string;
  deviceType: number;
  position: number;
  direction: number;
  mode: number;
  minRom: number;
  maxRom: number;
  frequency: number;
  dueDate: string;
  exerciseStatus: number;
  createdAt: string;
  sessionsDone: number;
}

export interface ProgramRows {
  prescriptions: ProgramPrescriptionRow[];
  recentSessions: ProgramSession[];
  romDays: ProgramRomDay[];
}

export interface ProgramQuery {
  seqPatient: number;
  /** How many of the last sessions to answer. */
  sessions: number;
  /** The days of the range of motion, both ends counted, in `timeZone`. */
  romRange: { startDate: string; endDate: string; timeZone: string };
  /** The read's audit entry, written by the same statement. */
  audit: SQL;
}

const open: number[] = [ExerciseStatus.waiting, ExerciseStatus.onProgress];
const utcIso = (column: SQL | typeof exercise.createdAt): SQL =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export interface PatientProgramRepository {
  program(query: ProgramQuery): Promise<ProgramRows>;
}

export function patientProgramRepository(db: Database): PatientProgramRepository {
  return {
    /**
     * The patient's program in one statement, over the enabled relations with their clinicians:
     * the open prescriptions with the sessions recorded for each, the last sessions (the newest of
     * each relation's index range, then of them all), and per day of the range and per joint and
     * side the angles reached; the read's audit entry is written by the same statement.
     */
    async program({ seqPatient, sessions, romRange, audit }: ProgramQuery): Promise<ProgramRows> {
      const { startDate, endDate, timeZone } = romRange;
      const ofRelations = sql`(select seq_medical_relation from relations)`;
      const result = (await db.execute(sql`
        with relations as (
          select ${medicalRelation.seqMedicalRelation} as seq_medical_relation,
            ${manager.firstName} || ' ' || ${manager.lastName} as manager_name
          from ${medicalRelation}
          join ${manager} on ${manager.seqManager} = ${medicalRelation.seqManager}
          where ${and(eq(medicalRelation.seqPatient, seqPatient), eq(medicalRelation.isEnabled, true))}
        ), audit as (${audit})
        select
          coalesce((select json_agg(json_build_object(
              'seqExercise', ${exercise.seqExercise}, 'seqMedicalRelation', ${exercise.seqMedicalRelation},
              'managerName', relations.manager_name, 'deviceType', ${exercise.deviceType},
              'position', ${exercise.position}, 'direction', ${exercise.direction}, 'mode', ${exercise.mode},
              'minRom', ${exercise.minRom}, 'maxRom', ${exercise.maxRom}, 'frequency', ${exercise.frequency},
              'dueDate', ${exercise.dueDate}, 'exerciseStatus', ${exercise.exerciseStatus},
              'createdAt', ${utcIso(exercise.createdAt)},
              'sessionsDone', (select count(*)::int from ${exerciseRecord}
                where ${exerciseRecord.seqExercise} = ${exercise.seqExercise}))
              order by ${exercise.createdAt}, ${exercise.seqExercise})
            from ${exercise}
            join relations on relations.seq_medical_relation = ${exercise.seqMedicalRelation}
            where ${and(isNull(exercise.deletedAt), inArray(exercise.exerciseStatus, open))}), '[]'::json) as prescriptions,
          coalesce((select json_agg(json_build_object(
              'seqExerciseRecord', last.seq_exercise_record, 'seqExercise', last.seq_exercise,
              'position', last.guide_position, 'direction', last.guide_direction,
              'usageStartDatetime', ${utcIso(sql`last.usage_start_at`)},
              'minAngle', last.min_angle, 'maxAngle', last.max_angle,
              'durationSeconds', last.duration_seconds, 'painLevel', last.pain_level)
              order by last.usage_start_at desc, last.seq_exercise_record desc)
            from (
              select newest.* from relations
              cross join lateral (
                select * from ${exerciseRecord}
                where ${exerciseRecord.seqMedicalRelation} = relations.seq_medical_relation
                order by ${exerciseRecord.usageStartAt} desc, ${exerciseRecord.seqExerciseRecord} desc
                limit ${sessions}) newest
              order by newest.usage_start_at desc, newest.seq_exercise_record desc
              limit ${sessions}) last), '[]'::json) as "recentSessions",
          coalesce((select json_agg(days order by days."date", days."position", days."direction")
            from (
              select (${exerciseRecord.usageStartAt} at time zone ${timeZone})::date as "date",
                ${exerciseRecord.guidePosition} as "position", ${exerciseRecord.guideDirection} as "direction",
                min(${exerciseRecord.minAngle})::real as "minAngle", max(${exerciseRecord.maxAngle})::real as "maxAngle"
              from ${exerciseRecord}
              where ${and(
                inArray(exerciseRecord.seqMedicalRelation, ofRelations),
                gte(exerciseRecord.usageStartAt, sql`(${startDate}::date::timestamp at time zone ${timeZone})`),
                lt(exerciseRecord.usageStartAt, sql`((${endDate}::date + 1)::timestamp at time zone ${timeZone})`),
              )}
              group by 1, 2, 3) days), '[]'::json) as "romDays"`)) as { rows: ProgramRows[] };
      return result.rows[0]!;
    },
  };
}
