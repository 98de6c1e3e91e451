import { reportRules } from '@clinic/contract';

/** A number shown with its own Excel number format (e.g. a rate as a percentage). */
export interface FormattedNumber {
  value: number;
  format: string;
}

/** What one cell holds: text, a number, an Excel date, a formatted number or nothing. */
export type CellValue = string | number | Date | FormattedNumber | null;

export interface SheetColumn {
  header: string;
  /** Characters; Excel's column width. */
  width?: number;
  /** Excel number format of the column's numbers and dates. */
  format?: string;
}

export interface SheetSpec {
  /** The tab's name: at most 31 characters in Excel. */
  name: string;
  /** A line above the header naming the sheet in full, in the workbook (a CSV is the bare table). */
  title?: string;
  columns: SheetColumn[];
  rows: CellValue[][];
}

export const excelDateFormat = 'yyyy-mm-dd';
export const excelDateTimeFormat = 'yyyy-mm-dd hh:mm';
export const excelPercentFormat = '0.0%';

/**
 * SPEC 5: the name and e-mail in a file name lose their special characters and spaces; letters of
 * every script and digits stay.
 */
export function fileNamePart(value: string | null | undefined): string {
  return (value ?? '').normalize('NFC').replace(/[^\p{L}\p{N}]/gu, '');
}

/** A file name of cleaned parts joined by underscores, with the extension; empty parts are left out. */
export function excelFileName(parts: readonly (string | null | undefined)[], extension = 'xlsx'): string {
  const kept = parts.map(fileNamePart).filter((part) => part !== '');
  return `${kept.length > 0 ? kept.join('_') : 'export'}.${extension}`;
}

/** Characters Excel refuses in a sheet name. */
const forbiddenInSheetName = /[\\/?*[\]:]/g;

/** SPEC 9: a sheet name without the characters Excel refuses, cut at 30 characters (whole code points). */
export function sheetName(value: string, max: number = reportRules.sheetNameMax): string {
  const cleaned = value
    .replace(forbiddenInSheetName, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^'+|'+$/g, '');
  const cut = Array.from(cleaned).slice(0, max).join('').trim();
  return cut === '' ? 'Sheet' : cut;
}

/** Sheet names for a workbook: each cut at 30 characters and unique (Excel compares them case-insensitively). */
export function uniqueSheetNames(values: readonly string[], max: number = reportRules.sheetNameMax): string[] {
  const taken = new Set<string>();
  return values.map((value) => {
    const base = sheetName(value, max);
    let name = base;
    for (let index = 2; taken.has(name.toLowerCase()); index++) {
      const suffix = ` (${index})`;
      name = `${Array.from(base)
        .slice(0, max - suffix.length)
        .join('')
        .trim()}${suffix}`;
    }
    taken.add(name.toLowerCase());
    return name;
  });
}

/**
 * An Excel date for a calendar date (`YYYY-MM-DD`) or for the local date and time of an ISO
 * date-time. Excel dates have no time zone, so the wall-clock time is kept as if it were UTC.
 */
export function excelDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const plain = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (plain) return new Date(Date.UTC(Number(plain[1]), Number(plain[2]) - 1, Number(plain[3])));
  const local = new Date(value);
  if (Number.isNaN(local.getTime())) return null;
  return new Date(
    Date.UTC(
      local.getFullYear(),
      local.getMonth(),
      local.getDate(),
      local.getHours(),
      local.getMinutes(),
      local.getSeconds(),
    ),
  );
}

/** A number for a cell, or nothing for a missing or non-finite value (never the text "NaN"). */
export function excelNumber(value: number | null | undefined, decimals?: number): number | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  if (decimals === undefined) return value;
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

export function isFormattedNumber(value: CellValue): value is FormattedNumber {
  return typeof value === 'object' && value !== null && !(value instanceof Date);
}
