import type { Database } from '../../db/client.ts';
import { type NewSchedule, scheduleRepository, type ScheduleRow, type ScheduleView } from './schedule.repository.ts';

// A visit's rows as the video call reads and changes them, in the call's own transactions.

/** The clinician's visit, held until the transaction ends; none when it is not theirs. */
export function lockVisitForClinician(
  tx: Database,
  seqSchedule: number,
  seqManager: number,
): Promise<ScheduleRow | undefined> {
  return scheduleRepository(tx).lockForManager(seqSchedule, seqManager);
}

/** The patient's visit, held until the transaction ends; none when it is not theirs. */
export function lockVisitForPatient(
  tx: Database,
  seqSchedule: number,
  seqPatient: number,
): Promise<ScheduleRow | undefined> {
  return scheduleRepository(tx).lockForPatient(seqSchedule, seqPatient);
}

export function changeVisit(tx: Database, seqSchedule: number, changes: Partial<NewSchedule>): Promise<void> {
  return scheduleRepository(tx).update(seqSchedule, changes);
}

/** The visit with its parties' names, as it is shown and told. */
export function visitView(database: Database, seqSchedule: number): Promise<ScheduleView | undefined> {
  return scheduleRepository(database).findView(seqSchedule);
}
