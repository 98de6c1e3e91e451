import { ExerciseStatus, monitoringDefaults, type MonitoringSettings } from '@clinic/contract';
import { and, eq, getTableColumns, gt, gte, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  exercise,
  exerciseRecord,
  manager,
  medicalRelation,
  monitoringAlert,
  monitoringSetting,
} from '../../db/schema.ts';
import type { RaisedAlert } from '../notification/index.ts';
import type { DailyRom, Finding, OpenPrescription, PainReport } from './monitoring-rules.ts';

export type AlertRow = typeof monitoringAlert.$inferSelect;
export type AlertView = AlertRow & { patientName: string; seqPatient: number };

const openStatuses = [ExerciseStatus.waiting, ExerciseStatus.onProgress];
const recordDay = sql<string>`to_char(${exerciseRecord.usageStartAt} at time zone 'UTC', 'YYYY-MM-DD')`;

type Located<T> = T & { seqMedicalRelation: number; seqManager: number };

export interface MonitoringRepository {
  settingsOf(seqManager: number): Promise<MonitoringSettings>;
  saveSettings(seqManager: number, settings: MonitoringSettings, at: Date): Promise<void>;
  allSettings(): Promise<Map<number, MonitoringSettings>>;
  openPrescriptions(since: Date): Promise<Located<OpenPrescription>[]>;
  lastDataAt(relations: number[]): Promise<Map<number, Date>>;
  dailyRom(since: Date, until: Date): Promise<Located<DailyRom>[]>;
  painReports(since: Date): Promise<Located<PainReport>[]>;
  ongoingAlerts(): Promise<AlertRow[]>;
  raise(alerts: Located<Finding>[], at: Date): Promise<AlertRow[]>;
  end(ids: number[], at: Date): Promise<void>;
  recipients(ids: number[]): Promise<RaisedAlert[]>;
  needingAttention(seqManager: number, at: Date): Promise<AlertView[]>;
  findOwned(seqMonitoringAlert: number, seqManager: number): Promise<AlertView | undefined>;
  update(
    seqMonitoringAlert: number,
    changes: Pick<AlertRow, 'state' | 'note' | 'snoozedUntil' | 'changedAt'>,
  ): Promise<void>;
}

export function monitoringRepository(db: Database): MonitoringRepository {
  const alertView = {
    ...getTableColumns(monitoringAlert),
    patientName: medicalRelation.patientName,
    seqPatient: medicalRelation.seqPatient,
  };
  const views = () =>
    db
      .select(alertView)
      .from(monitoringAlert)
      .innerJoin(medicalRelation, eq(medicalRelation.seqMedicalRelation, monitoringAlert.seqMedicalRelation));

  return {
    async settingsOf(seqManager: number): Promise<MonitoringSettings> {
      const [row] = await db.select().from(monitoringSetting).where(eq(monitoringSetting.seqManager, seqManager));
      return row ? pickSettings(row) : { ...monitoringDefaults };
    },

    async saveSettings(seqManager: number, settings: MonitoringSettings, at: Date): Promise<void> {
      await db
        .insert(monitoringSetting)
        .values({ seqManager, ...settings, updatedAt: at })
        .onConflictDoUpdate({ target: monitoringSetting.seqManager, set: { ...settings, updatedAt: at } });
    },

    /** Every clinician's thresholds that differ from the defaults. */
    async allSettings(): Promise<Map<number, MonitoringSettings>> {
      const rows = await db.select().from(monitoringSetting);
      return new Map(rows.map((row) => [row.seqManager, pickSettings(row)]));
    },

    /** The open prescriptions of enabled relations, with the sessions recorded for each since the given instant. */
    async openPrescriptions(since: Date) {
      const sessions = db
        .select({ seqExercise: exerciseRecord.seqExercise, count: sql<number>`count(*)::int`.as('count') })
        .from(exerciseRecord)
        .where(gt(exerciseRecord.usageStartAt, since))
        .groupBy(exerciseRecord.seqExercise)
        .as('sessions');
      const rows = await db
        .select({
          seqMedicalRelation: exercise.seqMedicalRelation,
          seqManager: exercise.seqManager,
          seqExercise: exercise.seqExercise,
          createdAt: exercise.createdAt,
          dueDate: exercise.dueDate,
          frequency: exercise.frequency,
          recentSessions: sql<number>`coalesce(${sessions.count}, 0)`,
        })
        .from(exercise)
        .innerJoin(medicalRelation, eq(medicalRelation.seqMedicalRelation, exercise.seqMedicalRelation))
        .leftJoin(sessions, eq(sessions.seqExercise, exercise.seqExercise))
        .where(
          and(
            inArray(exercise.exerciseStatus, openStatuses),
            isNull(exercise.deletedAt),
            eq(medicalRelation.isEnabled, true),
          ),
        );
      return rows.map((row) => ({ ...row, recentSessions: Number(row.recentSessions) }) satisfies OpenPrescription);
    },

    /** The last instant of device data of each given relation: one look-up in its index each, not a scan of its records. */
    async lastDataAt(relations: number[]): Promise<Map<number, Date>> {
      if (relations.length === 0) return new Map();
      const result = (await db.execute(sql`
        select relation.id as "seqMedicalRelation", last.at as "last"
        from unnest(${`{${relations.join(',')}}`}::int[]) as relation(id)
        cross join lateral (
          select ${exerciseRecord.usageStartAt} as at from ${exerciseRecord}
          where ${exerciseRecord.seqMedicalRelation} = relation.id
          order by ${exerciseRecord.usageStartAt} desc limit 1
        ) as last`)) as { rows: { seqMedicalRelation: number; last: string | Date }[] };
      return new Map(result.rows.map((row) => [row.seqMedicalRelation, new Date(row.last)]));
    },

    /** Each enabled relation's daily furthest angles per joint and direction, from the given instant on. */
    async dailyRom(since: Date, until: Date) {
      return db
        .select({
          seqMedicalRelation: exerciseRecord.seqMedicalRelation,
          seqManager: medicalRelation.seqManager,
          day: recordDay,
          position: exerciseRecord.guidePosition,
          direction: exerciseRecord.guideDirection,
          maxAngle: sql<number>`max(${exerciseRecord.maxAngle})::float8`,
          minAngle: sql<number>`min(${exerciseRecord.minAngle})::float8`,
        })
        .from(exerciseRecord)
        .innerJoin(medicalRelation, eq(medicalRelation.seqMedicalRelation, exerciseRecord.seqMedicalRelation))
        .where(
          and(
            gte(exerciseRecord.usageStartAt, since),
            lte(exerciseRecord.usageStartAt, until),
            eq(medicalRelation.isEnabled, true),
          ),
        )
        .groupBy(
          exerciseRecord.seqMedicalRelation,
          medicalRelation.seqManager,
          recordDay,
          exerciseRecord.guidePosition,
          exerciseRecord.guideDirection,
        );
    },

    /** Pain levels enabled relations' patients reported from the given instant on. */
    async painReports(since: Date) {
      const rows = await db
        .select({
          seqMedicalRelation: exerciseRecord.seqMedicalRelation,
          seqManager: medicalRelation.seqManager,
          level: exerciseRecord.painLevel,
          at: exerciseRecord.usageStartAt,
        })
        .from(exerciseRecord)
        .innerJoin(medicalRelation, eq(medicalRelation.seqMedicalRelation, exerciseRecord.seqMedicalRelation))
        .where(
          and(
            gt(exerciseRecord.usageStartAt, since),
            isNotNull(exerciseRecord.painLevel),
            eq(medicalRelation.isEnabled, true),
          ),
        );
      return rows.map((row) => ({ ...row, level: row.level ?? 0 }) satisfies PainReport);
    },

    async ongoingAlerts(): Promise<AlertRow[]> {
      return db.select().from(monitoringAlert).where(isNull(monitoringAlert.endedAt));
    },

    /** Raises the alerts; one already ongoing for the same condition is left as it is. */
    async raise(alerts: Located<Finding>[], at: Date): Promise<AlertRow[]> {
      if (alerts.length === 0) return [];
      return db
        .insert(monitoringAlert)
        .values(alerts.map((alert) => ({ ...alert, startedAt: at })))
        .onConflictDoNothing()
        .returning();
    },

    async end(ids: number[], at: Date): Promise<void> {
      if (ids.length === 0) return;
      await db.update(monitoringAlert).set({ endedAt: at }).where(inArray(monitoringAlert.seqMonitoringAlert, ids));
    },

    /** The given alerts with their patient's name and their clinician's account, to tell them. */
    async recipients(ids: number[]): Promise<RaisedAlert[]> {
      if (ids.length === 0) return [];
      return db
        .select({
          seqMonitoringAlert: monitoringAlert.seqMonitoringAlert,
          seqMedicalRelation: monitoringAlert.seqMedicalRelation,
          patientName: medicalRelation.patientName,
          kind: monitoringAlert.kind,
          clinicianUser: manager.seqUser,
        })
        .from(monitoringAlert)
        .innerJoin(medicalRelation, eq(medicalRelation.seqMedicalRelation, monitoringAlert.seqMedicalRelation))
        .innerJoin(manager, eq(manager.seqManager, monitoringAlert.seqManager))
        .where(inArray(monitoringAlert.seqMonitoringAlert, ids));
    },

    /**
     * The clinician's alerts not dealt with, ongoing or ended: open, or snoozed until a time now
     * passed. An episode that ended unseen (a pain report a week ago) still needs a look.
     */
    async needingAttention(seqManager: number, at: Date): Promise<AlertView[]> {
      return views().where(
        and(
          eq(monitoringAlert.seqManager, seqManager),
          eq(medicalRelation.isEnabled, true),
          or(
            eq(monitoringAlert.state, 'open'),
            and(eq(monitoringAlert.state, 'snoozed'), lte(monitoringAlert.snoozedUntil, at)),
          ),
        ),
      );
    },

    async findOwned(seqMonitoringAlert: number, seqManager: number): Promise<AlertView | undefined> {
      const [row] = await views().where(
        and(
          eq(monitoringAlert.seqMonitoringAlert, seqMonitoringAlert),
          eq(monitoringAlert.seqManager, seqManager),
          eq(medicalRelation.isEnabled, true),
        ),
      );
      return row;
    },

    async update(
      seqMonitoringAlert: number,
      changes: Pick<AlertRow, 'state' | 'note' | 'snoozedUntil' | 'changedAt'>,
    ): Promise<void> {
      await db.update(monitoringAlert).set(changes).where(eq(monitoringAlert.seqMonitoringAlert, seqMonitoringAlert));
    },
  };
}

function pickSettings(row: typeof monitoringSetting.$inferSelect): MonitoringSettings {
  return {
    noDataDays: row.noDataDays,
    adherencePercent: row.adherencePercent,
    romDropDegrees: row.romDropDegrees,
    romDropPercent: row.romDropPercent,
    painLevel: row.painLevel,
  };
}
