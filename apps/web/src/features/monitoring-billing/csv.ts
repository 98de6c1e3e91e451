import { isFormattedNumber, type CellValue, type SheetSpec } from '../../shared/excel/sheets.ts';

/** Text a spreadsheet would run as a formula when the file is opened (OWASP's list of starts). */
const formulaStart = /^[=+\-@\t\r]/;

/**
 * One field, always quoted (quotes inside doubled): a comma or a semicolon in it never splits it,
 * whichever list separator the spreadsheet reads with (`;` in Czech Excel). Text that would run as
 * a formula starts with an apostrophe; numbers and dates never do.
 */
function csvField(value: CellValue): string {
  let text: string;
  if (value === null) text = '';
  else if (value instanceof Date) text = value.toISOString().slice(0, 10);
  else if (isFormattedNumber(value)) text = String(value.value);
  else if (typeof value === 'number') text = String(value);
  else text = formulaStart.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * A sheet as CSV (RFC 4180), the one CSV writer of the app: the header row, then the rows, lines
 * ending in CRLF; every field quoted; dates as YYYY-MM-DD. A byte-order mark leads, so that Excel
 * reads the UTF-8 names of every language. The sheet's title stays in the workbook: a CSV is the
 * bare table, for other programs to read.
 */
export function csvText(sheet: SheetSpec): string {
  const lines = [sheet.columns.map((column) => csvField(column.header)), ...sheet.rows.map((row) => row.map(csvField))];
  return `\ufeff${lines.map((line) => line.join(',')).join('\r\n')}\r\n`;
}
