import { clockToMinutes, minutesToClock, scheduleRules, type TimelineWindow } from '@clinic/contract';

/** Start and end clocks of the open-hours editor: 07:00 ... 21:00 every 15 minutes. */
export const timelineClocks: readonly string[] = Array.from(
  { length: (21 * 60 - scheduleRules.firstSlotMinute) / scheduleRules.slotMinutes + 1 },
  (_, index) => minutesToClock(scheduleRules.firstSlotMinute + index * scheduleRules.slotMinutes),
);

export interface EditorWindow {
  /** A stable key for React while windows are added and removed. */
  key: string;
  startTime: string;
  endTime: string;
}

/** Windows by weekday, 1 Monday ... 7 Sunday. */
export type WeekWindows = Record<number, EditorWindow[]>;

export const weekdays = [1, 2, 3, 4, 5, 6, 7] as const;

let nextKey = 0;
function newKey(): string {
  nextKey += 1;
  return `w${nextKey}`;
}

/** The editor's week from the server's windows, each day's sorted by start. */
export function weekOfTimeline(timeline: readonly TimelineWindow[]): WeekWindows {
  const week: WeekWindows = {};
  for (const day of weekdays) {
    week[day] = timeline
      .filter((window) => window.dayOfWeek === day)
      .sort((left, right) => left.startTime.localeCompare(right.startTime))
      .map((window) => ({ key: newKey(), startTime: window.startTime, endTime: window.endTime }));
  }
  return week;
}

/** A window to add to a day: one hour after the day's last window, or 09:00 to 12:00 on an empty day. */
export function newWindow(existing: readonly EditorWindow[]): EditorWindow {
  const last = existing.reduce((latest, window) => Math.max(latest, clockToMinutes(window.endTime)), 0);
  if (last === 0) return { key: newKey(), startTime: '09:00', endTime: '12:00' };
  const start = Math.min(last + 60, 20 * 60);
  const end = Math.min(start + 60, 21 * 60);
  return { key: newKey(), startTime: minutesToClock(start), endTime: minutesToClock(end) };
}

/** The windows the API takes, Monday first, with the editor key of each. */
export function timelineOfWeek(week: WeekWindows): { keys: string[]; timeline: TimelineWindow[] } {
  const keys: string[] = [];
  const timeline: TimelineWindow[] = [];
  for (const day of weekdays) {
    for (const window of week[day] ?? []) {
      keys.push(window.key);
      timeline.push({ dayOfWeek: day, startTime: window.startTime, endTime: window.endTime });
    }
  }
  return { keys, timeline };
}

export type WindowErrors = Record<string, { startTime?: string; endTime?: string }>;

/**
 * The message keys of invalid windows by editor key: an end not after its start
 * (validation.range_order) or a window overlapping another of the same day (validation.timeline_overlap).
 */
export function validateWeek(week: WeekWindows): WindowErrors {
  const errors: WindowErrors = {};
  for (const day of weekdays) {
    const windows = week[day] ?? [];
    windows.forEach((window, index) => {
      const inGrid = timelineClocks.includes(window.startTime) && timelineClocks.includes(window.endTime);
      if (!inGrid || window.startTime === '21:00') {
        errors[window.key] = { startTime: 'validation.schedule_slot' };
        return;
      }
      if (window.endTime <= window.startTime) {
        errors[window.key] = { endTime: 'validation.range_order' };
        return;
      }
      const overlaps = windows.some(
        (other, otherIndex) =>
          otherIndex !== index &&
          other.startTime < other.endTime &&
          other.startTime < window.endTime &&
          window.startTime < other.endTime,
      );
      if (overlaps) errors[window.key] = { startTime: 'validation.timeline_overlap' };
    });
  }
  return errors;
}

/** Field errors of a 400 reply (`timeline.3.endTime`) by editor key; errors of the whole list under ''. */
export function windowErrorsOfReply(
  fields: readonly { path: string; code: string }[],
  keys: readonly string[],
): { windows: WindowErrors; general: string | undefined } {
  const windows: WindowErrors = {};
  let general: string | undefined;
  for (const field of fields) {
    const match = /^timeline\.(\d+)\.(startTime|endTime|dayOfWeek)$/.exec(field.path);
    const key = match ? keys[Number(match[1])] : undefined;
    if (match && key) {
      const name = match[2] === 'endTime' ? 'endTime' : 'startTime';
      windows[key] = { ...windows[key], [name]: windows[key]?.[name] ?? field.code };
    } else general ??= field.code;
  }
  return { windows, general };
}
