import { wallClockIn } from '@clinic/contract';

/** A day of 24 hours, for spans counted in elapsed time rather than calendar days. */
export const dayMs = 86_400_000;

/** Today's date (YYYY-MM-DD) in a time zone. */
export function todayIn(now: Date, timeZone: string): string {
  return wallClockIn(now, timeZone).date;
}
