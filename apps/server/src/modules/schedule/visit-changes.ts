import { FailedCode, ScheduleStatus, type PushType } from '@clinic/contract';
import type { Clock, RequestContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { BusinessFailure, notFound } from '../../domain-error.ts';
import { type AuditAction, type AuditEntry, recordAudit, relationEntry } from '../audit/index.ts';
import type { Notifier } from '../notification/index.ts';
import {
  scheduleRepository,
  type ScheduleRepository,
  type ScheduleRow,
  type ScheduleView,
} from './schedule.repository.ts';

export interface ScheduleDependencies {
  db: Database;
  now: Clock;
  notify: Notifier;
}

/** The audit entry of a read or change of a visit. */
export function scheduleEntry(
  action: AuditAction,
  row: Pick<ScheduleRow, 'seqSchedule' | 'seqMedicalRelation' | 'seqPatient'>,
): AuditEntry {
  return relationEntry(action, 'schedule', row, row.seqSchedule);
}

export interface VisitChanges {
  viewOf: (database: Database, seqSchedule: number) => Promise<ScheduleView>;
  announce: (pushType: PushType, view: ScheduleView, to: 'clinician' | 'patient') => Promise<void>;
  cancelWaiting: (
    lock: (schedules: ScheduleRepository) => Promise<ScheduleRow | undefined>,
    status: ScheduleStatus,
    actor: { seqUser: number; seqManager?: number },
    context: RequestContext,
  ) => Promise<ScheduleView>;
}

/** The steps every change of a visit takes, whichever side makes it: audit, re-read, announce, cancel. */
export function visitChanges({ db, now, notify }: ScheduleDependencies): VisitChanges {
  async function viewOf(database: Database, seqSchedule: number): Promise<ScheduleView> {
    const view = await scheduleRepository(database).findView(seqSchedule);
    if (!view) throw notFound();
    return view;
  }

  const announce = (pushType: PushType, view: ScheduleView, to: 'clinician' | 'patient'): Promise<void> =>
    notify.visitChanged(pushType, view, [to]);

  /** Cancels a visit the caller may lock, if it is still waiting. */
  function cancelWaiting(
    lock: (schedules: ScheduleRepository) => Promise<ScheduleRow | undefined>,
    status: ScheduleStatus,
    actor: { seqUser: number; seqManager?: number },
    context: RequestContext,
  ): Promise<ScheduleView> {
    return db.transaction(async (tx) => {
      const row = await lock(scheduleRepository(tx));
      if (!row) throw notFound();
      if (row.status !== ScheduleStatus.waiting) throw new BusinessFailure(FailedCode.ScheduleNotWaiting);
      await scheduleRepository(tx).update(row.seqSchedule, { status, updatedAt: now() });
      await recordAudit(tx, actor, context, now(), [scheduleEntry('update', row)]);
      return viewOf(tx, row.seqSchedule);
    });
  }

  return { viewOf, announce, cancelWaiting };
}
