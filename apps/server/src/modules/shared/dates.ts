import { wallClockIn } from '@clinic/contract';

/** Today's date (YYYY-MM-DD) in a time zone. */
export function todayIn(now: Date, timeZone: string): string {
  return wallClockIn(now, timeZone).date;
}
