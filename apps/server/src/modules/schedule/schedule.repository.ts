import { and, asc, desc, eq, getTableColumns, gt, inArray, isNull, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import { ScheduleStatus } from '@clinic/contract';
import type { Database } from '../../db/client.ts';
import {
  manager,
  medicalRelation,
  patient,
  reservableWindow,
  schedule,
  schedulePhoto,
  upload,
} from '../../db/schema.ts';

export type ScheduleRow = typeof schedule.$inferSelect;
export type NewSchedule = Omit<typeof schedule.$inferInsert, 'seqSchedule'>;
export type WindowRow = typeof reservableWindow.$inferSelect;

/** A visit with the names and accounts of the two people it concerns. */
export interface ScheduleView extends ScheduleRow {
  patientName: string;
  patientUser: number | null;
  managerName: string;
  clinicianUser: number;
  photoIds: string[];
}

/** Visits that hold their time: a waiting or running visit blocks an overlapping one. */
const holdingTime = [ScheduleStatus.waiting, ScheduleStatus.inProgress];

const viewColumns = {
  ...getTableColumns(schedule),
  patientName: medicalRelation.patientName,
  patientUser: patient.seqUser,
  managerName: sql<string>`${manager.firstName} || ' ' || ${manager.lastName}`,
  clinicianUser: manager.seqUser,
  photoIds: sql<string[]>`coalesce((
    select array_agg(${schedulePhoto.uploadId}::text order by ${schedulePhoto.position}) from ${schedulePhoto}
    where ${schedulePhoto.seqSchedule} = ${schedule.seqSchedule}), '{}')`,
};

export interface ScheduleRepository {
  insert(row: NewSchedule): Promise<number>;
  update(seqSchedule: number, changes: Partial<NewSchedule>): Promise<void>;
  findView(seqSchedule: number): Promise<ScheduleView | undefined>;
  lockForManager(seqSchedule: number, seqManager: number): Promise<ScheduleRow | undefined>;
  lockForPatient(seqSchedule: number, seqPatient: number): Promise<ScheduleRow | undefined>;
  listForManagerBetween(seqManager: number, from: Date, to: Date): Promise<ScheduleView[]>;
  listForRelation(seqMedicalRelation: number): Promise<ScheduleView[]>;
  listForPatient(seqPatient: number): Promise<ScheduleView[]>;
  findOverlap(query: {
    seqManager: number;
    seqPatient: number;
    start: Date;
    end: Date;
    except?: number;
  }): Promise<'manager' | 'patient' | undefined>;
  busyBetween(seqManager: number, seqPatient: number, from: Date, to: Date): Promise<{ start: Date; end: Date }[]>;
  replacePhotos(seqSchedule: number, uploadIds: string[]): Promise<void>;
  countOwnPhotos(uploadIds: string[], seqUser: number): Promise<number>;
  expireEnded(at: Date): Promise<number[]>;
  announceStarting(at: Date, until: Date): Promise<number[]>;
  listCliniciansOfPatient(
    seqPatient: number,
  ): Promise<
    { seqMedicalRelation: number; seqManager: number; managerName: string; managerSpecialty: string | null }[]
  >;
  listWindows(seqManager: number): Promise<WindowRow[]>;
  replaceWindows(seqManager: number, windows: Omit<WindowRow, 'seqManager'>[]): Promise<void>;
}

export function scheduleRepository(db: Database): ScheduleRepository {
  async function views(where: SQL | undefined, order: 'asc' | 'desc' = 'asc'): Promise<ScheduleView[]> {
    // Flat columns: each row arrives as the view, not copied into one.
    return db
      .select(viewColumns)
      .from(schedule)
      .innerJoin(medicalRelation, eq(medicalRelation.seqMedicalRelation, schedule.seqMedicalRelation))
      .innerJoin(patient, eq(patient.seqPatient, schedule.seqPatient))
      .innerJoin(manager, eq(manager.seqManager, schedule.seqManager))
      .where(where)
      .orderBy(order === 'asc' ? asc(schedule.expectStartAt) : desc(schedule.expectStartAt), asc(schedule.seqSchedule));
  }

  return {
    async insert(row: NewSchedule): Promise<number> {
      const [inserted] = await db.insert(schedule).values(row).returning({ seqSchedule: schedule.seqSchedule });
      return inserted!.seqSchedule;
    },

    async update(seqSchedule: number, changes: Partial<NewSchedule>): Promise<void> {
      await db.update(schedule).set(changes).where(eq(schedule.seqSchedule, seqSchedule));
    },

    async findView(seqSchedule: number): Promise<ScheduleView | undefined> {
      const [row] = await views(eq(schedule.seqSchedule, seqSchedule));
      return row;
    },

    /** The visit, locked for a change, if it is the clinician's; another's reads as absent. */
    async lockForManager(seqSchedule: number, seqManager: number): Promise<ScheduleRow | undefined> {
      const [row] = await db
        .select()
        .from(schedule)
        .where(and(eq(schedule.seqSchedule, seqSchedule), eq(schedule.seqManager, seqManager)))
        .for('update');
      return row;
    },

    /** The visit, locked for a change, if it is the patient's. */
    async lockForPatient(seqSchedule: number, seqPatient: number): Promise<ScheduleRow | undefined> {
      const [row] = await db
        .select()
        .from(schedule)
        .where(and(eq(schedule.seqSchedule, seqSchedule), eq(schedule.seqPatient, seqPatient)))
        .for('update');
      return row;
    },

    /** The clinician's visits that overlap [from, to). */
    async listForManagerBetween(seqManager: number, from: Date, to: Date): Promise<ScheduleView[]> {
      return views(
        and(eq(schedule.seqManager, seqManager), lt(schedule.expectStartAt, to), gt(schedule.expectEndAt, from)),
      );
    },

    async listForRelation(seqMedicalRelation: number): Promise<ScheduleView[]> {
      return views(eq(schedule.seqMedicalRelation, seqMedicalRelation), 'desc');
    },

    async listForPatient(seqPatient: number): Promise<ScheduleView[]> {
      return views(eq(schedule.seqPatient, seqPatient));
    },

    /** Which side already holds part of [start, end): the clinician, the patient, or neither. */
    async findOverlap(query: {
      seqManager: number;
      seqPatient: number;
      start: Date;
      end: Date;
      except?: number;
    }): Promise<'manager' | 'patient' | undefined> {
      const rows = await db
        .select({ seqManager: schedule.seqManager, seqPatient: schedule.seqPatient })
        .from(schedule)
        .where(
          and(
            sql`(${schedule.seqManager} = ${query.seqManager} or ${schedule.seqPatient} = ${query.seqPatient})`,
            inArray(schedule.status, holdingTime),
            lt(schedule.expectStartAt, query.end),
            gt(schedule.expectEndAt, query.start),
            query.except === undefined ? undefined : ne(schedule.seqSchedule, query.except),
          ),
        );
      if (rows.some((row) => row.seqManager === query.seqManager)) return 'manager';
      return rows.length > 0 ? 'patient' : undefined;
    },

    /** The times held by the clinician or the patient in [from, to). */
    async busyBetween(
      seqManager: number,
      seqPatient: number,
      from: Date,
      to: Date,
    ): Promise<{ start: Date; end: Date }[]> {
      const rows = await db
        .select({ start: schedule.expectStartAt, end: schedule.expectEndAt })
        .from(schedule)
        .where(
          and(
            sql`(${schedule.seqManager} = ${seqManager} or ${schedule.seqPatient} = ${seqPatient})`,
            inArray(schedule.status, holdingTime),
            lt(schedule.expectStartAt, to),
            gt(schedule.expectEndAt, from),
          ),
        );
      return rows;
    },

    async replacePhotos(seqSchedule: number, uploadIds: string[]): Promise<void> {
      await db.delete(schedulePhoto).where(eq(schedulePhoto.seqSchedule, seqSchedule));
      if (uploadIds.length > 0)
        await db
          .insert(schedulePhoto)
          .values(uploadIds.map((uploadId, position) => ({ seqSchedule, uploadId, position })));
    },

    /** How many of the uploads are symptom photos of this user. */
    async countOwnPhotos(uploadIds: string[], seqUser: number): Promise<number> {
      if (uploadIds.length === 0) return 0;
      return db.$count(
        upload,
        and(inArray(upload.id, uploadIds), eq(upload.seqUser, seqUser), eq(upload.folder, 'symptom')),
      );
    },

    /** Waiting visits whose time has passed become expired; returns them. Runs once per visit. */
    async expireEnded(at: Date): Promise<number[]> {
      const rows = await db
        .update(schedule)
        .set({ status: ScheduleStatus.expired, updatedAt: at })
        .where(and(eq(schedule.status, ScheduleStatus.waiting), lte(schedule.expectEndAt, at)))
        .returning({ seqSchedule: schedule.seqSchedule });
      return rows.map((row) => row.seqSchedule);
    },

    /** Waiting visits starting before `until` not yet announced are marked announced; returns them. */
    async announceStarting(at: Date, until: Date): Promise<number[]> {
      const rows = await db
        .update(schedule)
        .set({ announcedAt: at })
        .where(
          and(
            eq(schedule.status, ScheduleStatus.waiting),
            isNull(schedule.announcedAt),
            lte(schedule.expectStartAt, until),
            gt(schedule.expectEndAt, at),
          ),
        )
        .returning({ seqSchedule: schedule.seqSchedule });
      return rows.map((row) => row.seqSchedule);
    },

    /** The patient's enabled relations with their clinicians, for booking. */
    async listCliniciansOfPatient(
      seqPatient: number,
    ): Promise<
      { seqMedicalRelation: number; seqManager: number; managerName: string; managerSpecialty: string | null }[]
    > {
      return db
        .select({
          seqMedicalRelation: medicalRelation.seqMedicalRelation,
          seqManager: medicalRelation.seqManager,
          managerName: viewColumns.managerName,
          managerSpecialty: manager.specialty,
        })
        .from(medicalRelation)
        .innerJoin(manager, eq(manager.seqManager, medicalRelation.seqManager))
        .where(and(eq(medicalRelation.seqPatient, seqPatient), eq(medicalRelation.isEnabled, true)))
        .orderBy(asc(medicalRelation.seqMedicalRelation));
    },

    async listWindows(seqManager: number): Promise<WindowRow[]> {
      return db
        .select()
        .from(reservableWindow)
        .where(eq(reservableWindow.seqManager, seqManager))
        .orderBy(asc(reservableWindow.dayOfWeek), asc(reservableWindow.startMinute));
    },

    async replaceWindows(seqManager: number, windows: Omit<WindowRow, 'seqManager'>[]): Promise<void> {
      await db.delete(reservableWindow).where(eq(reservableWindow.seqManager, seqManager));
      if (windows.length > 0)
        await db.insert(reservableWindow).values(windows.map((window) => ({ ...window, seqManager })));
    },
  };
}
