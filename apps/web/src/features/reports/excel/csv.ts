import { isFormattedNumber, type CellValue, type SheetSpec } from './sheets.ts';

/** Text that a spreadsheet would read as a formula when the file is opened. */
const formulaStart = /^[=+\-@\t\r]/;

function csvCell(value: CellValue): string {
  if (value === null) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (isFormattedNumber(value)) return String(value.value);
  if (typeof value === 'number') return String(value);
  const text = formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A sheet as CSV (RFC 4180): the header row, then the rows, lines ending in CRLF; dates as
 * YYYY-MM-DD; text a spreadsheet would run as a formula starts with an apostrophe. A byte-order
 * mark leads, so that Excel reads the UTF-8 names of every language.
 */
export function csvText(sheet: SheetSpec): string {
  const lines = [sheet.columns.map((column) => csvCell(column.header)), ...sheet.rows.map((row) => row.map(csvCell))];
  return `\ufeff${lines.map((line) => line.join(',')).join('\r\n')}\r\n`;
}
