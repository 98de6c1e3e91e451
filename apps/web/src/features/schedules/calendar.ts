import {
  durationMinutes,
  instantOf,
  isoInZone,
  nextDate,
  scheduleStateOf,
  startSlotMinutes,
  wallClockIn,
  type Schedule,
  type ScheduleState,
} from '@clinic/contract';

export type CalendarView = 'day' | 'week' | 'month';
export const calendarViews: readonly CalendarView[] = ['day', 'week', 'month'];

/** A phone's screen fits one day's column of slots, not seven (below Mantine's `sm` breakpoint). */
export function defaultView(): CalendarView {
  return window.matchMedia('(max-width: 47.99em)').matches ? 'day' : 'week';
}

/** 1 Monday ... 7 Sunday of a YYYY-MM-DD date. */
export function weekdayOf(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The Monday on or before a date (weeks start Monday, SPEC 2). */
export function startOfWeek(date: string): string {
  return nextDate(date, 1 - weekdayOf(date));
}

export function startOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

/** The same day of another month, clamped to that month's last day. */
export function addMonths(date: string, months: number): string {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, last));
  return first.toISOString().slice(0, 10);
}

/** The days of the week of a date, Monday first. */
export function weekDays(date: string): string[] {
  const monday = startOfWeek(date);
  return Array.from({ length: 7 }, (_, index) => nextDate(monday, index));
}

/** The month of a date as whole weeks, Monday first: 4 to 6 rows of 7 dates. */
export function monthGrid(date: string): string[][] {
  const first = startOfMonth(date);
  const lastOfMonth = nextDate(addMonths(first, 1), -1);
  const weeks: string[][] = [];
  for (let monday = startOfWeek(first); monday <= lastOfMonth; monday = nextDate(monday, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, index) => nextDate(monday, index)));
  }
  return weeks;
}

/** The dates a view shows around a date, both ends included. */
export function rangeOf(view: CalendarView, date: string): { startDate: string; endDate: string } {
  if (view === 'day') return { startDate: date, endDate: date };
  if (view === 'week') {
    const days = weekDays(date);
    return { startDate: days[0] ?? date, endDate: days[6] ?? date };
  }
  const weeks = monthGrid(date);
  return { startDate: weeks[0]?.[0] ?? date, endDate: weeks.at(-1)?.[6] ?? date };
}

/** The date the previous or next button leads to. */
export function shiftDate(view: CalendarView, date: string, step: 1 | -1): string {
  if (view === 'day') return nextDate(date, step);
  if (view === 'week') return nextDate(date, 7 * step);
  return addMonths(date, step);
}

/** A visit placed on the wall clock of a time zone. */
export interface PlacedSchedule {
  schedule: Schedule;
  state: ScheduleState;
  date: string;
  /** Minutes after midnight of the start. */
  startMinute: number;
  /** Minutes after midnight of the expected end; may pass 1440 for a visit ending after midnight. */
  endMinute: number;
}

export function placeSchedule(schedule: Schedule, timeZone: string): PlacedSchedule {
  const start = wallClockIn(new Date(schedule.scheduleExpectStartDatetime), timeZone);
  const length = durationMinutes(schedule.scheduleExpectProgressTime);
  return {
    schedule,
    state: scheduleStateOf(schedule.scheduleStatus),
    date: start.date,
    startMinute: start.minute,
    endMinute: start.minute + length,
  };
}

/** The visits of each date, by start time. */
export function schedulesByDate(schedules: readonly Schedule[], timeZone: string): Map<string, PlacedSchedule[]> {
  const byDate = new Map<string, PlacedSchedule[]>();
  for (const schedule of schedules) {
    const placed = placeSchedule(schedule, timeZone);
    const list = byDate.get(placed.date) ?? [];
    list.push(placed);
    byDate.set(placed.date, list);
  }
  for (const list of byDate.values()) list.sort((left, right) => left.startMinute - right.startMinute);
  return byDate;
}

/**
 * Side-by-side lanes for visits of one day that overlap (a cancelled visit and the one booked in its
 * place): each gets a lane index and the number of lanes of its cluster.
 */
export function laneLayout(placed: readonly PlacedSchedule[]): { lane: number; lanes: number }[] {
  const result = placed.map(() => ({ lane: 0, lanes: 1 }));
  let cluster: number[] = [];
  let laneEnds: number[] = [];
  let clusterEnd = -1;
  const close = (): void => {
    for (const index of cluster) {
      const entry = result[index];
      if (entry) entry.lanes = laneEnds.length;
    }
    cluster = [];
    laneEnds = [];
  };
  placed.forEach((item, index) => {
    if (item.startMinute >= clusterEnd) close();
    let lane = laneEnds.findIndex((end) => end <= item.startMinute);
    if (lane === -1) {
      lane = laneEnds.length;
      laneEnds.push(item.endMinute);
    } else laneEnds[lane] = item.endMinute;
    const entry = result[index];
    if (entry) entry.lane = lane;
    cluster.push(index);
    clusterEnd = Math.max(clusterEnd, item.endMinute);
  });
  close();
  return result;
}

/** The ISO datetime with offset the API takes for a wall-clock date and minute of a time zone. */
export function startDatetimeOf(date: string, minute: number, timeZone: string): string {
  return isoInZone(instantOf(date, minute, timeZone), timeZone);
}

/** Whether a slot of a date has begun by `now`. */
export function isPastSlot(date: string, minute: number, timeZone: string, now: Date = new Date()): boolean {
  return instantOf(date, minute, timeZone).getTime() <= now.getTime();
}

/** A measured call length HH:mm:ss as minutes and seconds; undefined when not measured. */
export function measuredLength(progressTime: string | null): { minutes: number; seconds: number } | undefined {
  if (!progressTime) return undefined;
  const match = /^(\d+):(\d{2}):(\d{2})$/.exec(progressTime);
  if (!match) return undefined;
  return { minutes: Number(match[1]) * 60 + Number(match[2]), seconds: Number(match[3]) };
}

/**
 * Where a new visit starts by default: the first slot of `date` that has not begun, or 07:00 of the
 * next day once the day is over; a date before today moves to today.
 */
export function firstOpenSlot(
  date: string,
  timeZone: string,
  now: Date = new Date(),
): { date: string; minute: number } {
  const wall = wallClockIn(now, timeZone);
  const day = date < wall.date ? wall.date : date;
  if (day > wall.date) return { date: day, minute: startSlotMinutes[0] ?? 420 };
  const minute = startSlotMinutes.find((slot) => !isPastSlot(day, slot, timeZone, now));
  return minute === undefined ? { date: nextDate(day), minute: startSlotMinutes[0] ?? 420 } : { date: day, minute };
}
