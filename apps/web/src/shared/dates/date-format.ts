import type { Language } from '@clinic/contract';

/** SPEC 2 "Shared widgets": YYYY.MM.DD in Korean, MM/DD/YYYY otherwise. */
export function dateDisplayFormat(language: string): 'YYYY.MM.DD' | 'MM/DD/YYYY' {
  return language === ('ko' satisfies Language) ? 'YYYY.MM.DD' : 'MM/DD/YYYY';
}

function pad(value: number, size = 2): string {
  return String(value).padStart(size, '0');
}

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The parts of a calendar date `YYYY-MM-DD`, or of the local date of an ISO date-time. */
function partsOf(value: string): { year: number; month: number; day: number } | undefined {
  const plain = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (plain) return { year: Number(plain[1]), month: Number(plain[2]), day: Number(plain[3]) };
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

/** A calendar date or an ISO date-time as the clinician reads dates; empty for nothing or nonsense. */
export function formatDate(value: string | null | undefined, language: string): string {
  if (!value) return '';
  const parts = partsOf(value);
  if (!parts) return '';
  const { year, month, day } = parts;
  return dateDisplayFormat(language) === 'YYYY.MM.DD'
    ? `${pad(year, 4)}.${pad(month)}.${pad(day)}`
    : `${pad(month)}/${pad(day)}/${pad(year, 4)}`;
}

/** An ISO date-time as the local date and the time HH:mm. */
export function formatDateTime(value: string | null | undefined, language: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${formatDate(value, language)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The local time HH:mm of an ISO date-time. */
export function formatTime(value: string, language: string): string {
  return formatDateTime(value, language).split(' ')[1] ?? '';
}

/** Typed text in the display format (or YYYY-MM-DD) as `YYYY-MM-DD`, or undefined when it is no real date. */
export function parseDisplayDate(text: string, language: string): string | undefined {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  const korean = /^(\d{4})\.\s?(\d{1,2})\.\s?(\d{1,2})\.?$/.exec(trimmed);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(trimmed);
  let parts: [number, number, number] | undefined;
  if (iso) parts = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (korean && dateDisplayFormat(language) === 'YYYY.MM.DD') {
    parts = [Number(korean[1]), Number(korean[2]), Number(korean[3])];
  } else if (us && dateDisplayFormat(language) === 'MM/DD/YYYY') parts = [Number(us[3]), Number(us[1]), Number(us[2])];
  if (!parts) return undefined;
  const [year, month, day] = parts;
  if (!isRealDate(year, month, day)) return undefined;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Whole years between a birth date and today (local calendar). */
export function ageOn(birth: string, today: Date = new Date()): number | undefined {
  const parts = partsOf(birth);
  if (!parts) return undefined;
  let age = today.getFullYear() - parts.year;
  if (today.getMonth() + 1 < parts.month || (today.getMonth() + 1 === parts.month && today.getDate() < parts.day)) {
    age -= 1;
  }
  return age;
}

/** Today's local date (or that of `now`) as YYYY-MM-DD. */
export function todayIso(now: Date = new Date()): string {
  return `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
