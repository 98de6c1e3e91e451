import { FailedCode, ScheduleStatus, type PushType } from '@clinic/contract';
import type { Clock, RequestContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { BusinessFailure, notFound } from '../../domain-error.ts';
import { actorOf, type AuditAction, auditRepository } from '../audit/index.ts';
import type { Notifier } from '../notification/index.ts';
import { scheduleRepository, type ScheduleRow, type ScheduleView } from './schedule.repository.ts';

export interface ScheduleDependencies {
  db: Database;
  now: Clock;
  notify: Notifier;
}

/** The steps every change of a visit takes, whichever side makes it: audit, re-read, announce, cancel. */
export function visitChanges({ db, now, notify }: ScheduleDependencies) {
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

  async function viewOf(database: Database, seqSchedule: number): Promise<ScheduleView> {
    const view = await scheduleRepository(database).findView(seqSchedule);
    if (!view) throw notFound();
    return view;
  }

  const announce = (pushType: PushType, view: ScheduleView, to: 'clinician' | 'patient'): Promise<void> =>
    notify.visitChanged(pushType, view, [to]);

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

  return { audit, viewOf, announce, cancelWaiting };
}
