import {
  durationMinutes,
  imageTypes,
  nextDate,
  rules,
  scheduleRules,
  scheduleStateOf,
  wallClockIn,
  type PatientSchedule,
  type ScheduleDuration,
  type ScheduleState,
} from '@clinic/contract';
import { dateFormat } from '../i18n/date-format.ts';

export interface Slot {
  /** The start as the server wrote it (ISO with offset), sent back unchanged when booking. */
  iso: string;
  /** Minutes after midnight in the reader's time zone. */
  minute: number;
}

export interface SlotDay {
  /** YYYY-MM-DD in the reader's time zone. */
  date: string;
  slots: Slot[];
}

/** Free start times grouped by the day they fall on in `timeZone`, days and times in order, duplicates dropped. */
export function groupSlotsByDay(slotList: readonly string[], timeZone: string): SlotDay[] {
  const seen = new Set<number>();
  const entries: { iso: string; time: number; date: string; minute: number }[] = [];
  for (const iso of slotList) {
    const time = Date.parse(iso);
    if (Number.isNaN(time) || seen.has(time)) continue;
    seen.add(time);
    const wall = wallClockIn(new Date(time), timeZone);
    entries.push({ iso, time, date: wall.date, minute: wall.minute });
  }
  entries.sort((a, b) => a.time - b.time);
  const days: SlotDay[] = [];
  for (const entry of entries) {
    let day = days.at(-1);
    if (day?.date !== entry.date) {
      day = { date: entry.date, slots: [] };
      days.push(day);
    }
    day.slots.push({ iso: entry.iso, minute: entry.minute });
  }
  return days;
}

/** The days shown when booking: `days` calendar days from `startDate`, within the server's limit. */
export function bookingRange(startDate: string, days = 7): { startDate: string; endDate: string } {
  const span = Math.min(Math.max(days, 1), scheduleRules.slotRangeMaxDays);
  return { startDate, endDate: nextDate(startDate, span - 1) };
}

/** Today's date (YYYY-MM-DD) in a time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return wallClockIn(now, timeZone).date;
}

export const upcomingStates: readonly ScheduleState[] = ['waiting', 'inProgress'];

/** Upcoming visits (waiting or in progress) soonest first; the rest newest first. */
export function splitVisits(list: readonly PatientSchedule[]): {
  upcoming: PatientSchedule[];
  past: PatientSchedule[];
} {
  const start = (visit: PatientSchedule): number => Date.parse(visit.scheduleExpectStartDatetime);
  const upcoming = list
    .filter((visit) => upcomingStates.includes(scheduleStateOf(visit.scheduleStatus)))
    .sort((a, b) => start(a) - start(b));
  const past = list
    .filter((visit) => !upcomingStates.includes(scheduleStateOf(visit.scheduleStatus)))
    .sort((a, b) => start(b) - start(a));
  return { upcoming, past };
}

/** Only a waiting visit can be cancelled or get symptoms (SPEC 4 "Schedule"). */
export function isChangeable(visit: PatientSchedule): boolean {
  return scheduleStateOf(visit.scheduleStatus) === 'waiting';
}

export function minutesOf(duration: ScheduleDuration): number {
  return durationMinutes(duration);
}

export type PhotoProblem = 'wrongType' | 'tooLarge' | 'tooMany';

/** Why a picked file cannot be attached, if it cannot; `attached` is how many photos the visit has already. */
export function photoProblem(file: { type: string; size: number }, attached: number): PhotoProblem | undefined {
  if (attached >= scheduleRules.photosMax) return 'tooMany';
  if (!(imageTypes as readonly string[]).includes(file.type)) return 'wrongType';
  if (file.size > rules.uploadMaxBytes) return 'tooLarge';
  return undefined;
}

/** A date and time in the reader's language and time zone. */
export function formatDateTime(iso: string, language: string, timeZone?: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return dateFormat(language, {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...(timeZone && { timeZone }),
  }).format(new Date(time));
}

/** A YYYY-MM-DD day as a heading: weekday, day and month. */
export function formatDay(date: string, language: string): string {
  return dateFormat(language, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}

/** A short YYYY-MM-DD day for ranges. */
export function formatShortDay(date: string, language: string): string {
  return dateFormat(language, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

/** The time of an instant (a slot's start) in the reader's language and zone. */
export function formatTime(iso: string, language: string, timeZone?: string): string {
  return dateFormat(language, {
    hour: '2-digit',
    minute: '2-digit',
    ...(timeZone && { timeZone }),
  }).format(new Date(iso));
}
