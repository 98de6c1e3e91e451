/** Constants of online visits (SPEC 3 "Schedule", 5 "Datetime", 9). */
export const scheduleRules = {
  /** Start slots every 15 minutes from 07:00 to 20:45, in the clinician's time zone. */
  slotMinutes: 15,
  firstSlotMinute: 7 * 60,
  lastSlotMinute: 20 * 60 + 45,
  /** The allowed visit lengths, as SPEC 3 writes them (HH:mm:ss). */
  durations: ['00:15:00', '00:30:00', '00:45:00', '01:00:00'],
  /** The longest look-up of getAllScheduleByRangeForClinic. */
  rangeMaxDays: 3650,
  /** The longest look-up of free slots on the patient's side. */
  slotRangeMaxDays: 31,
  noteMax: 4095,
  symptomsMax: 2000,
  photosMax: 5,
  /** A call may start this long before the scheduled time; "starting soon" is announced then too. */
  earlyStartMinutes: 15,
  /** How often the background jobs look for visits to announce or expire. */
  jobIntervalMs: 30_000,
} as const;

export type ScheduleDuration = (typeof scheduleRules.durations)[number];

/** Schedule status codes (SPEC 3 "Remote visit status codes"; 5 for expired is ours). */
export const ScheduleStatus = {
  waiting: 0,
  completed: 1,
  cancelledByClinician: 2,
  inProgress: 3,
  cancelledByPatient: 4,
  expired: 5,
} as const;
export type ScheduleStatus = (typeof ScheduleStatus)[keyof typeof ScheduleStatus];
export const scheduleStatuses = Object.values(ScheduleStatus);

/** The states of SPEC 4 "Schedule": both cancellation codes read as cancelled. */
export type ScheduleState = 'waiting' | 'inProgress' | 'completed' | 'cancelled' | 'expired';
export function scheduleStateOf(status: number): ScheduleState {
  switch (status) {
    case ScheduleStatus.completed:
      return 'completed';
    case ScheduleStatus.inProgress:
      return 'inProgress';
    case ScheduleStatus.cancelledByClinician:
    case ScheduleStatus.cancelledByPatient:
      return 'cancelled';
    case ScheduleStatus.expired:
      return 'expired';
    default:
      return 'waiting';
  }
}

/** Push types of SPEC 3 "Push types". */
export const PushType = {
  bookedByClinician: 1,
  bookedByPatient: 2,
  cancelledByClinician: 3,
  cancelledByPatient: 4,
  startingSoon: 5,
  completed: 9,
  expired: 10,
} as const;
export type PushType = (typeof PushType)[keyof typeof PushType];
export const pushTypes = Object.values(PushType);

export function durationMinutes(duration: ScheduleDuration): number {
  const [hours = 0, minutes = 0] = duration.split(':').map(Number);
  return hours * 60 + minutes;
}

export function durationOfMinutes(minutes: number): ScheduleDuration | undefined {
  return scheduleRules.durations.find((duration) => durationMinutes(duration) === minutes);
}

/** Every start slot of a day as minutes after midnight: 07:00, 07:15, ... 20:45. */
export const startSlotMinutes: readonly number[] = Array.from(
  { length: (scheduleRules.lastSlotMinute - scheduleRules.firstSlotMinute) / scheduleRules.slotMinutes + 1 },
  (_, index) => scheduleRules.firstSlotMinute + index * scheduleRules.slotMinutes,
);

/** "HH:mm" of minutes after midnight. */
export function minutesToClock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export function clockToMinutes(clock: string): number {
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
  return hours * 60 + minutes;
}

/** One formatter per time zone: building one costs far more than formatting with it. */
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

/** The wall-clock date (YYYY-MM-DD) and minute of the day of an instant in a time zone. */
export function wallClockIn(instant: Date, timeZone: string): { date: string; minute: number; weekday: number } {
  const parts = Object.fromEntries(
    wallClockFormat(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
    weekday: weekdays.indexOf(parts.weekday ?? '') + 1,
  };
}

/** The offset of a time zone from UTC at an instant, in minutes (east positive). */
export function offsetMinutesAt(instant: Date, timeZone: string): number {
  const wall = wallClockIn(instant, timeZone);
  const asUtc = Date.parse(`${wall.date}T${minutesToClock(wall.minute)}:00Z`);
  const truncated = Math.floor(instant.getTime() / 60_000) * 60_000;
  return Math.round((asUtc - truncated) / 60_000);
}

/** An instant as ISO 8601 with the offset of the time zone: 2026-11-23T09:00:00+09:00. */
export function isoInZone(instant: Date, timeZone: string): string {
  const offset = offsetMinutesAt(instant, timeZone);
  const local = new Date(instant.getTime() + offset * 60_000).toISOString().slice(0, 19);
  if (offset === 0) return `${local}Z`;
  const sign = offset > 0 ? '+' : '-';
  return `${local}${sign}${minutesToClock(Math.abs(offset))}`;
}

/** The instant of a wall-clock date and minute in a time zone (the earlier one when a clock change repeats it). */
export function instantOf(date: string, minute: number, timeZone: string): Date {
  const guess = new Date(`${date}T${minutesToClock(minute)}:00Z`);
  const first = new Date(guess.getTime() - offsetMinutesAt(guess, timeZone) * 60_000);
  return new Date(guess.getTime() - offsetMinutesAt(first, timeZone) * 60_000);
}

/** The next calendar day of a YYYY-MM-DD date. */
export function nextDate(date: string, days = 1): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
