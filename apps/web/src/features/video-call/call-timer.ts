import { meetingRules } from '@clinic/contract';

/** Seconds as HH:mm:ss (the completion payload's progressTime); hours go past 99 if they must. */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const pad = (value: number): string => String(value).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

/** Seconds as mm:ss, or H:mm:ss from an hour on: what the header shows. */
export function formatShort(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const pad = (value: number): string => String(value).padStart(2, '0');
  const hours = Math.floor(seconds / 3600);
  const rest = `${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
  return hours > 0 ? `${hours}:${rest}` : rest;
}

/** "00:30:00" (the expected length of a visit) in seconds. */
export function durationSeconds(duration: string): number {
  const match = /^(\d{1,3}):([0-5]\d):([0-5]\d)$/.exec(duration);
  if (!match) return 0;
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

export type TimerWarning = 'none' | 'ending' | 'overtime';

export interface TimerView {
  warning: TimerWarning;
  /** Remaining seconds while ending, overtime seconds past the end, else the elapsed seconds. */
  shownSeconds: number;
}

/**
 * SPEC 4 "Timer warning": in the last 300 s of the expected time the timer blinks with the remaining
 * time; past it, it turns red with the overtime.
 */
export function timerView(
  elapsed: number,
  expectedSeconds: number,
  warningSeconds: number = meetingRules.timerWarningSeconds,
): TimerView {
  if (expectedSeconds <= 0 || elapsed <= 0) return { warning: 'none', shownSeconds: Math.max(0, elapsed) };
  const remaining = expectedSeconds - elapsed;
  if (remaining < 0) return { warning: 'overtime', shownSeconds: -remaining };
  if (remaining <= warningSeconds) return { warning: 'ending', shownSeconds: remaining };
  return { warning: 'none', shownSeconds: elapsed };
}

/** An instant as ISO 8601 with the browser's offset (SPEC 5 "Datetime"): 2026-11-23T09:00:00+09:00. */
export function isoWithOffset(ms: number, offsetMinutes: number = -new Date(ms).getTimezoneOffset()): string {
  const local = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const pad = (value: number): string => String(value).padStart(2, '0');
  return `${local}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
