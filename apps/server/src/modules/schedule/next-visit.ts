import { ScheduleStatus } from '@clinic/contract';
import type { Database } from '../../db/client.ts';
import { scheduleRepository } from './schedule.repository.ts';

/** When the relation's next visit still to be held starts, after `at`; undefined when none is booked. */
export async function nextVisitStart(
  database: Database,
  seqMedicalRelation: number,
  at: Date,
): Promise<Date | undefined> {
  const visits = await scheduleRepository(database).listForRelation(seqMedicalRelation);
  return visits
    .filter((visit) => visit.status === ScheduleStatus.waiting && visit.expectStartAt > at)
    .map((visit) => visit.expectStartAt)
    .sort((a, b) => a.getTime() - b.getTime())[0];
}
