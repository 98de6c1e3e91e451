import {
  clockToMinutes,
  durationMinutes,
  durationOfMinutes,
  FailedCode,
  instantOf,
  isoInZone,
  minutesToClock,
  nextDate,
  patientSchedule,
  PushType,
  ScheduleStatus,
  scheduleRules,
  startSlotMinutes,
  wallClockIn,
  type FailedCode as Code,
  type PatientSchedule,
  type Schedule,
  type ScheduleDuration,
  type TimelineWindow,
  uploadIdOf,
  uploadPathOf,
} from '@clinic/contract';
import type { Clock, PatientPrincipal, Principal, RequestContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { BusinessFailure, InvalidField, notFound } from '../../domain-error.ts';
import { actorOf, type AuditAction, auditRepository } from '../audit/index.ts';
import type { Notifier } from '../notification/index.ts';
import { ownershipRepository } from '../shared/index.ts';
import { scheduleRepository, type ScheduleRow, type ScheduleView, type WindowRow } from './schedule.repository.ts';

const minuteMs = 60_000;

/** A measured call length as HH:mm:ss. */
function progressClock(seconds: number | null): string | null {
  if (seconds === null) return null;
  const two = (value: number): string => String(value).padStart(2, '0');
  return `${two(Math.floor(seconds / 3600))}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;
}

function durationOf(row: Pick<ScheduleRow, 'expectStartAt' | 'expectEndAt'>): ScheduleDuration {
  const minutes = Math.round((row.expectEndAt.getTime() - row.expectStartAt.getTime()) / minuteMs);
  return durationOfMinutes(minutes) ?? '01:00:00';
}

/** A visit in the reader's time zone. */
export function toSchedule(row: ScheduleView, timeZone: string): Schedule {
  return {
    seqSchedule: row.seqSchedule,
    seqMedicalRelation: row.seqMedicalRelation,
    patientName: row.patientName,
    isAppMember: row.patientUser !== null,
    scheduleStatus: row.status as Schedule['scheduleStatus'],
    scheduleExpectStartDatetime: isoInZone(row.expectStartAt, timeZone),
    scheduleExpectEndDatetime: isoInZone(row.expectEndAt, timeZone),
    scheduleExpectProgressTime: durationOf(row),
    scheduleStartDatetime: row.startedAt ? isoInZone(row.startedAt, timeZone) : null,
    scheduleProgressTime: progressClock(row.progressSeconds),
    scheduleNote: row.note,
    isNoteImportant: row.isNoteImportant,
    scheduleSymptoms: row.symptoms,
    schedulePhotoList: row.photoIds.map(uploadPathOf),
    bookedBy: row.bookedBy,
  };
}

/** A visit as the patient sees it: without the clinician's note. */
function toPatientSchedule(row: ScheduleView, timeZone: string): PatientSchedule {
  return patientSchedule.parse({ ...toSchedule(row, timeZone), managerName: row.managerName });
}

/** The instant of a requested start; it must fall on a start slot of the time zone. */
function slotStart(datetime: string, timeZone: string): Date {
  const start = new Date(datetime);
  const wall = wallClockIn(start, timeZone);
  if (start.getTime() % minuteMs !== 0 || !startSlotMinutes.includes(wall.minute))
    throw new InvalidField('scheduleExpectStartDatetime', 'validation.schedule_slot');
  return start;
}

/** The start minutes of the windows of one weekday that fit a visit of the given length. */
function startsInWindows(windows: WindowRow[], weekday: number, minutes: number): number[] {
  return windows
    .filter((window) => window.dayOfWeek === weekday)
    .flatMap((window) =>
      startSlotMinutes.filter((start) => start >= window.startMinute && start + minutes <= window.endMinute),
    );
}

function weekdayOf(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

export type ScheduleService = ReturnType<typeof scheduleService>;

export function scheduleService({ db, now, notify }: { db: Database; now: Clock; notify: Notifier }) {
  const audit = (
    database: Database,
    actor: { seqUser: number; seqManager?: number },
    context: RequestContext,
    action: AuditAction,
    row: Pick<ScheduleRow, 'seqSchedule' | 'seqMedicalRelation' | 'seqPatient'>,
  ) =>
    auditRepository(database).append(actorOf(actor, context), now(), [
      {
        action,
        entity: 'schedule',
        entityId: row.seqSchedule,
        seqMedicalRelation: row.seqMedicalRelation,
        seqPatient: row.seqPatient,
      },
    ]);

  /** Serialises the overlap check and the write for the clinician and the patient of a visit. */
  async function holdTime(
    database: Database,
    query: { seqManager: number; seqPatient: number; start: Date; end: Date; except?: number },
    codes: { manager: Code; patient: Code },
  ): Promise<void> {
    const patients = ownershipRepository(database);
    await patients.lockManager(query.seqManager);
    await patients.lockPatient(query.seqPatient);
    const overlap = await scheduleRepository(database).findOverlap(query);
    if (overlap) throw new BusinessFailure(codes[overlap]);
  }

  async function viewOf(database: Database, seqSchedule: number): Promise<ScheduleView> {
    const view = await scheduleRepository(database).findView(seqSchedule);
    if (!view) throw notFound();
    return view;
  }

  const announce = (pushType: PushType, view: ScheduleView, to: 'clinician' | 'patient'): Promise<void> =>
    notify.visitChanged(pushType, view, [to]);

  /** A clinician's change: the patient hears of it, the clinician's other tabs read their visits again. */
  const announceToPatient = async (pushType: PushType, view: ScheduleView): Promise<void> => {
    await Promise.all([announce(pushType, view, 'patient'), notify.schedulesChanged(view.clinicianUser)]);
  };

  /** Cancels a visit the caller may lock, if it is still waiting. */
  function cancelWaiting(
    lock: (schedules: ReturnType<typeof scheduleRepository>) => Promise<ScheduleRow | undefined>,
    status: ScheduleStatus,
    actor: { seqUser: number; seqManager?: number },
    context: RequestContext,
  ): Promise<ScheduleView> {
    return db.transaction(async (tx) => {
      const row = await lock(scheduleRepository(tx));
      if (!row) throw notFound();
      if (row.status !== ScheduleStatus.waiting) throw new BusinessFailure(FailedCode.ScheduleNotWaiting);
      await scheduleRepository(tx).update(row.seqSchedule, { status, updatedAt: now() });
      await audit(tx, actor, context, 'update', row);
      return viewOf(tx, row.seqSchedule);
    });
  }

  async function ownedRelation(database: Database, seqMedicalRelation: number, principal: Principal) {
    const relation = await ownershipRepository(database).findOwned(seqMedicalRelation, principal.seqManager);
    if (!relation) throw notFound();
    return relation;
  }

  /** The patient's enabled relation with a clinician; any other reads as absent. */
  async function patientRelation(database: Database, seqMedicalRelation: number, caller: PatientPrincipal) {
    const relation = (await scheduleRepository(database).listCliniciansOfPatient(caller.seqPatient)).find(
      (row) => row.seqMedicalRelation === seqMedicalRelation,
    );
    if (!relation) throw notFound();
    return relation;
  }

  async function timelineOf(database: Database, seqManager: number, fallbackZone: string) {
    const windows = await scheduleRepository(database).listWindows(seqManager);
    return {
      windows,
      timeZone: windows[0]?.timeZone ?? fallbackZone,
      timeline: windows.map((window): TimelineWindow => ({
        dayOfWeek: window.dayOfWeek,
        startTime: minutesToClock(window.startMinute),
        endTime: minutesToClock(window.endMinute),
      })),
    };
  }

  return {
    async listBetween(
      principal: Principal,
      range: { startDate: string; endDate: string },
      context: RequestContext,
    ): Promise<Schedule[]> {
      const from = instantOf(range.startDate, 0, context.timeZone);
      const to = instantOf(nextDate(range.endDate), 0, context.timeZone);
      const rows = await scheduleRepository(db).listForManagerBetween(principal.seqManager, from, to);
      return rows.map((row) => toSchedule(row, context.timeZone));
    },

    async listForRelation(
      principal: Principal,
      seqMedicalRelation: number,
      context: RequestContext,
    ): Promise<{ scheduleList: Schedule[]; latestDoneSchedule: Schedule | null }> {
      const relation = await ownedRelation(db, seqMedicalRelation, principal);
      const rows = await scheduleRepository(db).listForRelation(seqMedicalRelation);
      await audit(db, principal, context, 'read', { seqSchedule: 0, ...relation });
      const latestDone = rows.find((row) => row.status === ScheduleStatus.completed);
      return {
        scheduleList: rows.map((row) => toSchedule(row, context.timeZone)),
        latestDoneSchedule: latestDone ? toSchedule(latestDone, context.timeZone) : null,
      };
    },

    async create(
      principal: Principal,
      request: {
        seqMedicalRelation: number;
        scheduleExpectStartDatetime: string;
        scheduleExpectProgressTime: ScheduleDuration;
        scheduleNote?: string | null | undefined;
      },
      context: RequestContext,
    ): Promise<Schedule> {
      const start = slotStart(request.scheduleExpectStartDatetime, context.timeZone);
      const end = new Date(start.getTime() + durationMinutes(request.scheduleExpectProgressTime) * minuteMs);
      const view = await db.transaction(async (tx) => {
        const relation = await ownedRelation(tx, request.seqMedicalRelation, principal);
        if (!relation.isEnabled) throw new InvalidField('seqMedicalRelation', 'validation.patient_inactive');
        if (!relation.isAppMember) throw new BusinessFailure(FailedCode.NotAppMember);
        if (start <= now()) throw new BusinessFailure(FailedCode.SchedulePast);
        const place = { seqManager: principal.seqManager, seqPatient: relation.seqPatient, start, end };
        await holdTime(tx, place, {
          manager: FailedCode.ScheduleOverlap,
          patient: FailedCode.PatientScheduleOverlap,
        });
        const seqSchedule = await scheduleRepository(tx).insert({
          seqMedicalRelation: relation.seqMedicalRelation,
          seqManager: principal.seqManager,
          seqPatient: relation.seqPatient,
          expectStartAt: start,
          expectEndAt: end,
          note: request.scheduleNote || null,
          bookedBy: 'clinician',
          createdAt: now(),
          updatedAt: now(),
        });
        await audit(tx, principal, context, 'create', { seqSchedule, ...relation });
        return viewOf(tx, seqSchedule);
      });
      await announceToPatient(PushType.bookedByClinician, view);
      return toSchedule(view, context.timeZone);
    },

    async update(
      principal: Principal,
      request: {
        seqSchedule: number;
        scheduleExpectStartDatetime: string;
        scheduleExpectProgressTime: ScheduleDuration;
        scheduleNote?: string | null | undefined;
      },
      context: RequestContext,
    ): Promise<Schedule> {
      const start = slotStart(request.scheduleExpectStartDatetime, context.timeZone);
      const end = new Date(start.getTime() + durationMinutes(request.scheduleExpectProgressTime) * minuteMs);
      const { view, moved } = await db.transaction(async (tx) => {
        const row = await scheduleRepository(tx).lockForManager(request.seqSchedule, principal.seqManager);
        if (!row) throw notFound();
        if (row.status !== ScheduleStatus.waiting) throw new BusinessFailure(FailedCode.ScheduleNotWaiting);
        const note = request.scheduleNote === undefined ? row.note : request.scheduleNote || null;
        const moved = row.expectStartAt.getTime() !== start.getTime() || row.expectEndAt.getTime() !== end.getTime();
        if (!moved && note === row.note) throw new BusinessFailure(FailedCode.ScheduleUnchanged);
        if (moved) {
          if (start <= now()) throw new BusinessFailure(FailedCode.SchedulePastOnUpdate);
          await holdTime(
            tx,
            { seqManager: row.seqManager, seqPatient: row.seqPatient, start, end, except: row.seqSchedule },
            { manager: FailedCode.ScheduleOverlapOnUpdate, patient: FailedCode.PatientScheduleOverlap },
          );
        }
        await scheduleRepository(tx).update(row.seqSchedule, {
          expectStartAt: start,
          expectEndAt: end,
          note,
          // A moved visit is announced again before its new time.
          ...(moved && { announcedAt: null }),
          updatedAt: now(),
        });
        await audit(tx, principal, context, 'update', row);
        return { view: await viewOf(tx, row.seqSchedule), moved };
      });
      // The patient hears of the new time as a booking by the clinician.
      if (moved) await announceToPatient(PushType.bookedByClinician, view);
      else await notify.schedulesChanged(view.clinicianUser);
      return toSchedule(view, context.timeZone);
    },

    async cancel(principal: Principal, seqSchedule: number, context: RequestContext): Promise<Schedule> {
      const view = await cancelWaiting(
        (schedules) => schedules.lockForManager(seqSchedule, principal.seqManager),
        ScheduleStatus.cancelledByClinician,
        principal,
        context,
      );
      await announceToPatient(PushType.cancelledByClinician, view);
      return toSchedule(view, context.timeZone);
    },

    async saveNote(
      principal: Principal,
      request: { seqSchedule: number; scheduleNote: string; isNoteImportant?: boolean | undefined },
      context: RequestContext,
    ): Promise<Schedule> {
      return db.transaction(async (tx) => {
        const row = await scheduleRepository(tx).lockForManager(request.seqSchedule, principal.seqManager);
        if (!row) throw notFound();
        await scheduleRepository(tx).update(row.seqSchedule, {
          note: request.scheduleNote || null,
          isNoteImportant: request.isNoteImportant ?? row.isNoteImportant,
          updatedAt: now(),
        });
        await audit(tx, principal, context, 'update', row);
        return toSchedule(await viewOf(tx, row.seqSchedule), context.timeZone);
      });
    },

    async timeline(
      principal: Principal,
      context: RequestContext,
    ): Promise<{ timeZone: string; timeline: TimelineWindow[] }> {
      const { timeZone, timeline } = await timelineOf(db, principal.seqManager, context.timeZone);
      return { timeZone, timeline };
    },

    /** Replaces the weekly hours; they are read in the time zone the clinician saved them in. */
    async replaceTimeline(
      principal: Principal,
      timeline: TimelineWindow[],
      context: RequestContext,
    ): Promise<{ timeZone: string; timeline: TimelineWindow[] }> {
      return db.transaction(async (tx) => {
        await scheduleRepository(tx).replaceWindows(
          principal.seqManager,
          timeline.map((window) => ({
            dayOfWeek: window.dayOfWeek,
            startMinute: clockToMinutes(window.startTime),
            endMinute: clockToMinutes(window.endTime),
            timeZone: context.timeZone,
          })),
        );
        const { timeZone, timeline: saved } = await timelineOf(tx, principal.seqManager, context.timeZone);
        return { timeZone, timeline: saved };
      });
    },

    // The patient's side.

    async cliniciansOf(caller: PatientPrincipal) {
      const rows = await scheduleRepository(db).listCliniciansOfPatient(caller.seqPatient);
      return rows.map(({ seqMedicalRelation, managerName, managerSpecialty }) => ({
        seqMedicalRelation,
        managerName,
        managerSpecialty,
      }));
    },

    /** Free starts inside the clinician's hours, in the patient's zone, for a visit of one length. */
    async freeSlots(
      caller: PatientPrincipal,
      request: {
        seqMedicalRelation: number;
        scheduleExpectProgressTime: ScheduleDuration;
        startDate: string;
        endDate: string;
      },
      context: RequestContext,
    ): Promise<string[]> {
      const relation = await patientRelation(db, request.seqMedicalRelation, caller);
      const { windows, timeZone } = await timelineOf(db, relation.seqManager, context.timeZone);
      const minutes = durationMinutes(request.scheduleExpectProgressTime);
      const at = now();
      const from = new Date(Math.max(instantOf(request.startDate, 0, context.timeZone).getTime(), at.getTime()));
      const to = instantOf(nextDate(request.endDate), 0, context.timeZone);
      if (windows.length === 0 || from >= to) return [];
      const busy = await scheduleRepository(db).busyBetween(
        relation.seqManager,
        caller.seqPatient,
        from,
        new Date(to.getTime() + 60 * minuteMs),
      );
      const slots: string[] = [];
      const lastDate = wallClockIn(to, timeZone).date;
      for (let date = wallClockIn(from, timeZone).date; date <= lastDate; date = nextDate(date)) {
        for (const minute of startsInWindows(windows, weekdayOf(date), minutes)) {
          const start = instantOf(date, minute, timeZone);
          const end = new Date(start.getTime() + minutes * minuteMs);
          if (start < from || start >= to || start <= at) continue;
          if (busy.some((held) => held.start < end && held.end > start)) continue;
          slots.push(isoInZone(start, context.timeZone));
        }
      }
      return slots;
    },

    async listMine(caller: PatientPrincipal, context: RequestContext): Promise<PatientSchedule[]> {
      const rows = await scheduleRepository(db).listForPatient(caller.seqPatient);
      return rows.map((row) => toPatientSchedule(row, context.timeZone));
    },

    async book(
      caller: PatientPrincipal,
      request: {
        seqMedicalRelation: number;
        scheduleExpectStartDatetime: string;
        scheduleExpectProgressTime: ScheduleDuration;
        scheduleSymptoms?: string | null | undefined;
      },
      context: RequestContext,
    ): Promise<PatientSchedule> {
      const minutes = durationMinutes(request.scheduleExpectProgressTime);
      const view = await db.transaction(async (tx) => {
        const relation = await patientRelation(tx, request.seqMedicalRelation, caller);
        const { windows, timeZone } = await timelineOf(tx, relation.seqManager, context.timeZone);
        const start = slotStart(request.scheduleExpectStartDatetime, timeZone);
        const end = new Date(start.getTime() + minutes * minuteMs);
        const wall = wallClockIn(start, timeZone);
        if (!startsInWindows(windows, wall.weekday, minutes).includes(wall.minute))
          throw new BusinessFailure(FailedCode.OutsideOpenHours);
        if (start <= now()) throw new BusinessFailure(FailedCode.SchedulePast);
        await holdTime(
          tx,
          { seqManager: relation.seqManager, seqPatient: caller.seqPatient, start, end },
          { manager: FailedCode.ScheduleOverlap, patient: FailedCode.PatientScheduleOverlap },
        );
        const seqSchedule = await scheduleRepository(tx).insert({
          seqMedicalRelation: relation.seqMedicalRelation,
          seqManager: relation.seqManager,
          seqPatient: caller.seqPatient,
          expectStartAt: start,
          expectEndAt: end,
          symptoms: request.scheduleSymptoms || null,
          bookedBy: 'patient',
          createdAt: now(),
          updatedAt: now(),
        });
        await audit(tx, caller, context, 'create', {
          seqSchedule,
          seqMedicalRelation: relation.seqMedicalRelation,
          seqPatient: caller.seqPatient,
        });
        return viewOf(tx, seqSchedule);
      });
      await announce(PushType.bookedByPatient, view, 'clinician');
      return toPatientSchedule(view, context.timeZone);
    },

    async cancelMine(caller: PatientPrincipal, seqSchedule: number, context: RequestContext): Promise<PatientSchedule> {
      const view = await cancelWaiting(
        (schedules) => schedules.lockForPatient(seqSchedule, caller.seqPatient),
        ScheduleStatus.cancelledByPatient,
        caller,
        context,
      );
      await announce(PushType.cancelledByPatient, view, 'clinician');
      return toPatientSchedule(view, context.timeZone);
    },

    async updateSymptoms(
      caller: PatientPrincipal,
      request: { seqSchedule: number; scheduleSymptoms: string | null; schedulePhotoList: string[] },
      context: RequestContext,
    ): Promise<PatientSchedule> {
      // The contract's field has refused every path that names no upload.
      const uploadIds = [...new Set(request.schedulePhotoList.flatMap((path) => uploadIdOf(path) ?? []))];
      return db.transaction(async (tx) => {
        const schedules = scheduleRepository(tx);
        const row = await schedules.lockForPatient(request.seqSchedule, caller.seqPatient);
        if (!row) throw notFound();
        if (row.status !== ScheduleStatus.waiting) throw new BusinessFailure(FailedCode.ScheduleNotWaiting);
        if ((await schedules.countOwnPhotos(uploadIds, caller.seqUser)) !== uploadIds.length)
          throw new InvalidField('schedulePhotoList', 'validation.invalid');
        await schedules.update(row.seqSchedule, { symptoms: request.scheduleSymptoms || null, updatedAt: now() });
        await schedules.replacePhotos(row.seqSchedule, uploadIds);
        await audit(tx, caller, context, 'update', row);
        return toPatientSchedule(await viewOf(tx, row.seqSchedule), context.timeZone);
      });
    },
  };
}

/** The jobs of SPEC 9: announce visits starting soon, expire visits whose time passed unused. */
export function scheduleJobs({ now, notify }: { now: Clock; notify: Notifier }) {
  return {
    async run(database: Database): Promise<() => Promise<void>> {
      const at = now();
      const schedules = scheduleRepository(database);
      const expired = await schedules.expireEnded(at);
      const starting = await schedules.announceStarting(
        at,
        new Date(at.getTime() + scheduleRules.earlyStartMinutes * minuteMs),
      );
      // One after the other: the transaction's one connection takes one query at a time.
      const viewsOf = async (ids: number[]) => {
        const views = [];
        for (const id of ids) views.push(await schedules.findView(id));
        return views.filter((view) => view !== undefined);
      };
      const expiredViews = await viewsOf(expired);
      const startingViews = await viewsOf(starting);
      // Told once the transaction holding the changes has committed.
      return async () => {
        for (const view of expiredViews) await notify.visitChanged(PushType.expired, view, ['clinician', 'patient']);
        for (const view of startingViews)
          await notify.visitChanged(PushType.startingSoon, view, ['clinician', 'patient']);
      };
    },
  };
}
