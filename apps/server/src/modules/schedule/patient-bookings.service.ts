import {
  durationMinutes,
  FailedCode,
  instantOf,
  isoInZone,
  nextDate,
  PushType,
  ScheduleStatus,
  uploadIdOf,
  wallClockIn,
  type PatientSchedule,
  type ScheduleDuration,
  type getMyClinicians,
  type BodyOf,
  type bookSchedule,
  type updateScheduleSymptoms,
} from '@clinic/contract';
import type { PatientPrincipal, RequestContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import type { Answer } from '../../http/route.ts';
import { BusinessFailure, InvalidField, notFound } from '../../domain-error.ts';
import { recordAudit } from '../audit/index.ts';
import { timelineOf } from './open-hours.service.ts';
import { toPatientSchedule } from './schedule.mapper.ts';
import { scheduleRepository } from './schedule.repository.ts';
import { scheduleEntry, visitChanges, type ScheduleDependencies } from './visit-changes.ts';
import { holdTime, minuteMs, slotStart, startsInWindows, weekdayOf } from './visit-time.ts';

/** The free starts asked for: a visit length with one clinician, between two dates. */
interface FreeSlotsRequest {
  seqMedicalRelation: number;
  scheduleExpectProgressTime: ScheduleDuration;
  startDate: string;
  endDate: string;
}

export interface PatientBookingsService {
  cliniciansOf(caller: PatientPrincipal): Promise<Answer<typeof getMyClinicians>['clinicianList']>;
  freeSlots(caller: PatientPrincipal, request: FreeSlotsRequest, context: RequestContext): Promise<string[]>;
  listMine(caller: PatientPrincipal, context: RequestContext): Promise<PatientSchedule[]>;
  book(
    caller: PatientPrincipal,
    request: BodyOf<typeof bookSchedule>,
    context: RequestContext,
  ): Promise<PatientSchedule>;
  cancelMine(caller: PatientPrincipal, seqSchedule: number, context: RequestContext): Promise<PatientSchedule>;
  updateSymptoms(
    caller: PatientPrincipal,
    request: BodyOf<typeof updateScheduleSymptoms>,
    context: RequestContext,
  ): Promise<PatientSchedule>;
}

/** The patient's side of the schedule: their clinicians, free starts, bookings, cancellations and symptoms. */
export function patientBookingsService(deps: ScheduleDependencies): PatientBookingsService {
  const { db, now } = deps;
  const { viewOf, announce, cancelWaiting } = visitChanges(deps);

  /** The patient's enabled relation with a clinician; any other reads as absent. */
  async function patientRelation(database: Database, seqMedicalRelation: number, caller: PatientPrincipal) {
    const relation = (await scheduleRepository(database).listCliniciansOfPatient(caller.seqPatient)).find(
      (row) => row.seqMedicalRelation === seqMedicalRelation,
    );
    if (!relation) throw notFound();
    return relation;
  }

  return {
    async cliniciansOf(caller) {
      const rows = await scheduleRepository(db).listCliniciansOfPatient(caller.seqPatient);
      return rows.map(({ seqMedicalRelation, managerName, managerSpecialty }) => ({
        seqMedicalRelation,
        managerName,
        managerSpecialty,
      }));
    },

    /** Free starts inside the clinician's hours, in the patient's zone, for a visit of one length. */
    async freeSlots(caller, request, context) {
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

    async listMine(caller, context) {
      const rows = await scheduleRepository(db).listForPatient(caller.seqPatient);
      return rows.map((row) => toPatientSchedule(row, context.timeZone));
    },

    async book(caller, request, context) {
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
        await recordAudit(tx, caller, context, now(), [
          scheduleEntry('create', {
            seqSchedule,
            seqMedicalRelation: relation.seqMedicalRelation,
            seqPatient: caller.seqPatient,
          }),
        ]);
        return viewOf(tx, seqSchedule);
      });
      await announce(PushType.bookedByPatient, view, 'clinician');
      return toPatientSchedule(view, context.timeZone);
    },

    async cancelMine(caller, seqSchedule, context) {
      const view = await cancelWaiting(
        (schedules) => schedules.lockForPatient(seqSchedule, caller.seqPatient),
        ScheduleStatus.cancelledByPatient,
        caller,
        context,
      );
      await announce(PushType.cancelledByPatient, view, 'clinician');
      return toPatientSchedule(view, context.timeZone);
    },

    async updateSymptoms(caller, request, context) {
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
        await recordAudit(tx, caller, context, now(), [scheduleEntry('update', row)]);
        return toPatientSchedule(await viewOf(tx, row.seqSchedule), context.timeZone);
      });
    },
  };
}
