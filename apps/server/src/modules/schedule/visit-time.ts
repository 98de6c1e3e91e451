import {
  durationMinutes,
  startSlotMinutes,
  wallClockIn,
  type FailedCode as Code,
  type ScheduleDuration,
} from '@clinic/contract';
import type { Database } from '../../db/client.ts';
import { BusinessFailure, InvalidField } from '../../domain-error.ts';
import { ownershipRepository } from '../shared/index.ts';
import { scheduleRepository, type WindowRow } from './schedule.repository.ts';

export const minuteMs = 60_000;

/** The instant of a requested start; it must fall on a start slot of the time zone. */
export function slotStart(datetime: string, timeZone: string): Date {
  const start = new Date(datetime);
  const wall = wallClockIn(start, timeZone);
  if (start.getTime() % minuteMs !== 0 || !startSlotMinutes.includes(wall.minute))
    throw new InvalidField('scheduleExpectStartDatetime', 'validation.schedule_slot');
  return start;
}

/** The start and end of a visit a clinician asks for, on the start slots of their time zone. */
export function requestedSpan(
  request: { scheduleExpectStartDatetime: string; scheduleExpectProgressTime: ScheduleDuration },
  timeZone: string,
): { start: Date; end: Date } {
  const start = slotStart(request.scheduleExpectStartDatetime, timeZone);
  return { start, end: new Date(start.getTime() + durationMinutes(request.scheduleExpectProgressTime) * minuteMs) };
}

/** The start minutes of the windows of one weekday that fit a visit of the given length. */
export function startsInWindows(windows: WindowRow[], weekday: number, minutes: number): number[] {
  return windows
    .filter((window) => window.dayOfWeek === weekday)
    .flatMap((window) =>
      startSlotMinutes.filter((start) => start >= window.startMinute && start + minutes <= window.endMinute),
    );
}

export function weekdayOf(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** Serialises the overlap check and the write for the clinician and the patient of a visit. */
export async function holdTime(
  database: Database,
  query: { seqManager: number; seqPatient: number; start: Date; end: Date; except?: number },
  codes: { manager: Code; patient: Code },
): Promise<void> {
  const ownership = ownershipRepository(database);
  await ownership.lockManager(query.seqManager);
  await ownership.lockPatient(query.seqPatient);
  const overlap = await scheduleRepository(database).findOverlap(query);
  if (overlap) throw new BusinessFailure(codes[overlap]);
}
