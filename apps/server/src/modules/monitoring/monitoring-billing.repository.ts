import { ScheduleStatus } from '@clinic/contract';
import { and, asc, eq, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { exerciseRecord, medicalRelation, monitoringEpisode, monitoringTime, schedule } from '../../db/schema.ts';

export type TimeRow = typeof monitoringTime.$inferSelect;

const recordDay = sql<string>`to_char(${exerciseRecord.usageStartAt} at time zone 'UTC', 'YYYY-MM-DD')`;
const visitDay = sql<string>`to_char(${schedule.startedAt} at time zone 'UTC', 'YYYY-MM-DD')`;

/** A UTC calendar day with completed video visits, and their measured seconds. */
export interface VideoDay {
  seqMedicalRelation: number;
  day: string;
  seconds: number;
}

/** Per relation, a list of what the query found for it. */
function grouped<T extends { seqMedicalRelation: number }>(rows: T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) map.set(row.seqMedicalRelation, [...(map.get(row.seqMedicalRelation) ?? []), row]);
  return map;
}

export interface MonitoringBillingRepository {
  relationsOf(
    seqManager: number,
  ): Promise<{ seqMedicalRelation: number; seqPatient: number; patientName: string; patientEmail: string | null }[]>;
  deviceDays(relations: number[], until: string): Promise<Map<number, string[]>>;
  episodeStarts(relations: number[]): Promise<Map<number, string>>;
  setEpisodeStart(seqMedicalRelation: number, startDate: string | null, at: Date): Promise<void>;
  /** The days of the instant range with completed video visits, and their seconds, per relation. */
  videoDays(relations: number[], from: Date, to: Date): Promise<Map<number, VideoDay[]>>;
  loggedTime(relations: number[], from: string, to: string): Promise<Map<number, TimeRow[]>>;
  insertTime(row: typeof monitoringTime.$inferInsert): Promise<TimeRow>;
  findOwnedTime(seqMonitoringTime: number, seqManager: number): Promise<(TimeRow & { seqPatient: number }) | undefined>;
  removeTime(seqMonitoringTime: number, at: Date): Promise<void>;
}

export function monitoringBillingRepository(db: Database): MonitoringBillingRepository {
  return {
    relationsOf: (seqManager) =>
      db
        .select({
          seqMedicalRelation: medicalRelation.seqMedicalRelation,
          seqPatient: medicalRelation.seqPatient,
          patientName: medicalRelation.patientName,
          patientEmail: medicalRelation.patientEmail,
        })
        .from(medicalRelation)
        .where(and(eq(medicalRelation.seqManager, seqManager), eq(medicalRelation.isEnabled, true)))
        .orderBy(asc(medicalRelation.patientName), asc(medicalRelation.seqMedicalRelation)),

    /** The UTC calendar days with device data of each relation, up to the given day, in order. */
    async deviceDays(relations, until) {
      if (relations.length === 0) return new Map();
      const rows = await db
        .selectDistinct({ seqMedicalRelation: exerciseRecord.seqMedicalRelation, day: recordDay })
        .from(exerciseRecord)
        .where(
          and(
            inArray(exerciseRecord.seqMedicalRelation, relations),
            lt(exerciseRecord.usageStartAt, sql`(${until}::date + 1)::timestamp at time zone 'UTC'`),
          ),
        )
        .orderBy(exerciseRecord.seqMedicalRelation, recordDay);
      return new Map([...grouped(rows)].map(([relation, days]) => [relation, days.map((row) => row.day)]));
    },

    async episodeStarts(relations) {
      if (relations.length === 0) return new Map();
      const rows = await db
        .select()
        .from(monitoringEpisode)
        .where(inArray(monitoringEpisode.seqMedicalRelation, relations));
      return new Map(rows.map((row) => [row.seqMedicalRelation, row.startDate]));
    },

    async setEpisodeStart(seqMedicalRelation, startDate, at) {
      if (startDate === null) {
        await db.delete(monitoringEpisode).where(eq(monitoringEpisode.seqMedicalRelation, seqMedicalRelation));
        return;
      }
      await db
        .insert(monitoringEpisode)
        .values({ seqMedicalRelation, startDate, updatedAt: at })
        .onConflictDoUpdate({ target: monitoringEpisode.seqMedicalRelation, set: { startDate, updatedAt: at } });
    },

    async videoDays(relations, from, to) {
      if (relations.length === 0) return new Map();
      const rows = await db
        .select({
          seqMedicalRelation: schedule.seqMedicalRelation,
          day: visitDay,
          seconds: sql<number>`coalesce(sum(${schedule.progressSeconds}), 0)::int`,
        })
        .from(schedule)
        .where(
          and(
            inArray(schedule.seqMedicalRelation, relations),
            eq(schedule.status, ScheduleStatus.completed),
            gte(schedule.startedAt, from),
            lt(schedule.startedAt, to),
          ),
        )
        .groupBy(schedule.seqMedicalRelation, visitDay);
      return grouped(rows);
    },

    async loggedTime(relations, from, to) {
      if (relations.length === 0) return new Map();
      const rows = await db
        .select()
        .from(monitoringTime)
        .where(
          and(
            inArray(monitoringTime.seqMedicalRelation, relations),
            gte(monitoringTime.date, from),
            lte(monitoringTime.date, to),
            isNull(monitoringTime.deletedAt),
          ),
        )
        .orderBy(asc(monitoringTime.date), asc(monitoringTime.seqMonitoringTime));
      return grouped(rows);
    },

    async insertTime(row) {
      const [inserted] = await db.insert(monitoringTime).values(row).returning();
      return inserted!;
    },

    async findOwnedTime(seqMonitoringTime, seqManager) {
      const [row] = await db
        .select({ time: monitoringTime, seqPatient: medicalRelation.seqPatient })
        .from(monitoringTime)
        .innerJoin(medicalRelation, eq(medicalRelation.seqMedicalRelation, monitoringTime.seqMedicalRelation))
        .where(
          and(
            eq(monitoringTime.seqMonitoringTime, seqMonitoringTime),
            eq(monitoringTime.seqManager, seqManager),
            eq(medicalRelation.seqManager, seqManager),
            isNull(monitoringTime.deletedAt),
          ),
        );
      return row && { ...row.time, seqPatient: row.seqPatient };
    },

    async removeTime(seqMonitoringTime, at) {
      await db
        .update(monitoringTime)
        .set({ deletedAt: at })
        .where(eq(monitoringTime.seqMonitoringTime, seqMonitoringTime));
    },
  };
}
