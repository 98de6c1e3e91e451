import { instantOf, nextDate, wallClockIn, type AwayTexts, type Language } from '@clinic/contract';
import { todayIn } from '../shared/index.ts';

/** One of the clinician's weekly open windows (1 Monday … 7 Sunday), in minutes of the day. */
export interface OpenWindow {
  dayOfWeek: number;
  startMinute: number;
  endMinute: number;
}

export interface WeeklyHours {
  windows: readonly OpenWindow[];
  timeZone: string;
}

export interface AwaySettings {
  afterHoursTexts: AwayTexts;
  vacation: { from: string; to: string; texts: AwayTexts } | null;
  /** The zone the vacation's days are read in. */
  timeZone: string;
}

/** The automatic reply a patient's message gets, and the closed period it answers for. */
export interface AutoReply {
  kind: 'afterHours' | 'vacation';
  text: string;
  nextOpenAt: Date | undefined;
  /** Names the closed period: one reply per period, however many messages arrive in it. */
  period: string;
}

const weekdayOf = (date: string): number => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** The open windows as instants, over the days around `at` (a week and a day ahead reaches every weekday). */
function windowsAround({ windows, timeZone }: WeeklyHours, at: Date, days = 9): { start: Date; end: Date }[] {
  const today = wallClockIn(at, timeZone).date;
  const spans: { start: Date; end: Date }[] = [];
  for (let offset = -1; offset < days; offset += 1) {
    const date = nextDate(today, offset);
    const weekday = weekdayOf(date);
    for (const window of windows)
      if (window.dayOfWeek === weekday)
        spans.push({
          start: instantOf(date, window.startMinute, timeZone),
          end: instantOf(date, window.endMinute, timeZone),
        });
  }
  return spans.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** Whether the clinician is open at `at`, and when they next open after it (none without hours). */
export function openState(hours: WeeklyHours, at: Date): { open: boolean; nextOpenAt: Date | undefined } {
  const spans = windowsAround(hours, at);
  return {
    open: spans.some((span) => span.start <= at && at < span.end),
    nextOpenAt: spans.find((span) => span.start > at)?.start,
  };
}

/** The text in the patient's language, else in English, else in any language the clinician wrote. */
export function textFor(texts: AwayTexts, language: Language): string | undefined {
  const written = (text: string | undefined): string | undefined => (text?.trim() ? text.trim() : undefined);
  return written(texts[language]) ?? written(texts.en) ?? Object.values(texts).map(written).find(Boolean);
}

/**
 * The reply a patient's message at `at` gets: the vacation's while one runs, else the after-hours
 * one outside the open hours; none during open hours, without open hours or without a text.
 */
export function autoReplyAt(
  hours: WeeklyHours,
  settings: AwaySettings | undefined,
  at: Date,
  language: Language,
): AutoReply | undefined {
  if (!settings) return undefined;
  const { vacation } = settings;
  if (vacation) {
    const today = todayIn(at, settings.timeZone);
    const text = textFor(vacation.texts, language);
    if (text && vacation.from <= today && today <= vacation.to) {
      const back = instantOf(nextDate(vacation.to), 0, settings.timeZone);
      const after = back > at ? back : at;
      const nextOpenAt = windowsAround(hours, after).find((span) => span.start >= after)?.start;
      return { kind: 'vacation', text, nextOpenAt, period: `vacation:${vacation.from}:${vacation.to}` };
    }
  }
  if (hours.windows.length === 0) return undefined;
  const text = textFor(settings.afterHoursTexts, language);
  const { open, nextOpenAt } = openState(hours, at);
  if (open || !text || !nextOpenAt) return undefined;
  // Every instant of one closed period has the same next opening.
  return { kind: 'afterHours', text, nextOpenAt, period: `closed:${nextOpenAt.toISOString()}` };
}
