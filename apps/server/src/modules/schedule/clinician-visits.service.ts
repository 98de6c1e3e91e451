import {
  FailedCode,
  instantOf,
  nextDate,
  PushType,
  ScheduleStatus,
  type BodyOf,
  type createSchedule,
  type MedicalRecordItem,
  type Schedule,
  type updateNotStartedYetSchedule,
  type saveScheduleNote,
} from '@clinic/contract';
import type { Principal, RequestContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { BusinessFailure, InvalidField, notFound } from '../../domain-error.ts';
import { recordAudit } from '../audit/index.ts';
import { ownedRelationOr404 } from '../shared/index.ts';
import { toSchedule } from './schedule.mapper.ts';
import { scheduleRepository, type ScheduleView } from './schedule.repository.ts';
import { scheduleEntry, visitChanges, type ScheduleDependencies } from './visit-changes.ts';
import { holdTime, requestedSpan } from './visit-time.ts';

/** A relation's visits as entries of its medical record (docs/decisions/0002-patients.md). */
export async function visitRecordItems(
  database: Database,
  seqMedicalRelation: number,
  timeZone: string,
): Promise<MedicalRecordItem[]> {
  const rows = await scheduleRepository(database).listForRelation(seqMedicalRelation);
  return rows.map((row): MedicalRecordItem => ({
    kind: 'visit',
    at: row.expectStartAt.toISOString(),
    visit: toSchedule(row, timeZone),
  }));
}

export interface ClinicianVisitsService {
  listBetween(
    principal: Principal,
    range: { startDate: string; endDate: string },
    context: RequestContext,
  ): Promise<Schedule[]>;
  listForRelation(
    principal: Principal,
    seqMedicalRelation: number,
    context: RequestContext,
  ): Promise<{ scheduleList: Schedule[]; latestDoneSchedule: Schedule | null }>;
  create(principal: Principal, request: BodyOf<typeof createSchedule>, context: RequestContext): Promise<Schedule>;
  update(
    principal: Principal,
    request: BodyOf<typeof updateNotStartedYetSchedule>,
    context: RequestContext,
  ): Promise<Schedule>;
  cancel(principal: Principal, seqSchedule: number, context: RequestContext): Promise<Schedule>;
  saveNote(principal: Principal, request: BodyOf<typeof saveScheduleNote>, context: RequestContext): Promise<Schedule>;
}

/** The clinician's side of the schedule: their visits over a range or of one patient, booked, moved, cancelled, annotated. */
export function clinicianVisitsService(deps: ScheduleDependencies): ClinicianVisitsService {
  const { db, now, notify } = deps;
  const { viewOf, announce, cancelWaiting } = visitChanges(deps);

  /** A clinician's change: the patient hears of it, the clinician's other tabs read their visits again. */
  const announceToPatient = async (pushType: PushType, view: ScheduleView): Promise<void> => {
    await Promise.all([announce(pushType, view, 'patient'), notify.schedulesChanged(view.clinicianUser)]);
  };

  return {
    async listBetween(principal, range, context) {
      const from = instantOf(range.startDate, 0, context.timeZone);
      const to = instantOf(nextDate(range.endDate), 0, context.timeZone);
      const rows = await scheduleRepository(db).listForManagerBetween(principal.seqManager, from, to);
      return rows.map((row) => toSchedule(row, context.timeZone));
    },

    async listForRelation(principal, seqMedicalRelation, context) {
      const relation = await ownedRelationOr404(db, principal.seqManager, seqMedicalRelation);
      const rows = await scheduleRepository(db).listForRelation(seqMedicalRelation);
      await recordAudit(db, principal, context, now(), [scheduleEntry('read', { seqSchedule: 0, ...relation })]);
      const latestDone = rows.find((row) => row.status === ScheduleStatus.completed);
      return {
        scheduleList: rows.map((row) => toSchedule(row, context.timeZone)),
        latestDoneSchedule: latestDone ? toSchedule(latestDone, context.timeZone) : null,
      };
    },

    async create(principal, request, context) {
      const { start, end } = requestedSpan(request, context.timeZone);
      const view = await db.transaction(async (tx) => {
        const relation = await ownedRelationOr404(tx, principal.seqManager, request.seqMedicalRelation);
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
        await recordAudit(tx, principal, context, now(), [scheduleEntry('create', { seqSchedule, ...relation })]);
        return viewOf(tx, seqSchedule);
      });
      await announceToPatient(PushType.bookedByClinician, view);
      return toSchedule(view, context.timeZone);
    },

    async update(principal, request, context) {
      const { start, end } = requestedSpan(request, context.timeZone);
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
        await recordAudit(tx, principal, context, now(), [scheduleEntry('update', row)]);
        return { view: await viewOf(tx, row.seqSchedule), moved };
      });
      // The patient's app hears of the new time as a booking by the clinician, their browser as a move.
      if (moved) await Promise.all([notify.visitMoved(view), notify.schedulesChanged(view.clinicianUser)]);
      else await notify.schedulesChanged(view.clinicianUser);
      return toSchedule(view, context.timeZone);
    },

    async cancel(principal, seqSchedule, context) {
      const view = await cancelWaiting(
        (schedules) => schedules.lockForManager(seqSchedule, principal.seqManager),
        ScheduleStatus.cancelledByClinician,
        principal,
        context,
      );
      await announceToPatient(PushType.cancelledByClinician, view);
      return toSchedule(view, context.timeZone);
    },

    async saveNote(principal, request, context) {
      return db.transaction(async (tx) => {
        const row = await scheduleRepository(tx).lockForManager(request.seqSchedule, principal.seqManager);
        if (!row) throw notFound();
        await scheduleRepository(tx).update(row.seqSchedule, {
          note: request.scheduleNote || null,
          isNoteImportant: request.isNoteImportant ?? row.isNoteImportant,
          updatedAt: now(),
        });
        await recordAudit(tx, principal, context, now(), [scheduleEntry('update', row)]);
        return toSchedule(await viewOf(tx, row.seqSchedule), context.timeZone);
      });
    },
  };
}
