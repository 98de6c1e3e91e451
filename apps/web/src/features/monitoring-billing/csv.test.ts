import type { MonitoringSheetRow } from '@clinic/contract';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/translation.json';
import { csvText } from './csv.ts';
import { monitoringSheet } from './monitoring-sheet.ts';
import type { SheetSpec } from '../../shared/excel/sheets.ts';

/**
 * The rows and fields of a CSV as a spreadsheet reads it with the given list separator: a quote
 * starts or ends a quoted part, two quotes inside one stand for a quote, a separator or a line
 * break inside a quoted part belongs to the field.
 */
function fieldsOf(text: string, separator: ',' | ';'): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === '"' && quoted && text[index + 1] === '"') {
      field += '"';
      index++;
    } else if (char === '"') quoted = !quoted;
    else if (!quoted && char === separator) {
      row.push(field);
      field = '';
    } else if (!quoted && char === '\r' && text[index + 1] === '\n') {
      rows.push([...row, field]);
      row = [];
      field = '';
      index++;
    } else field += char;
  }
  return rows;
}

/** What a spreadsheet would run as a formula (OWASP's list of starts). */
const formulaStart = /^[=+\-@\t\r]/;

const hostile = [
  'Lee;=HYPERLINK("http://evil.example","open")',
  '=1+1',
  '+SUM(A1:A2)',
  '-2+3',
  '@SUM(A1)',
  '\t=1+1',
  '\r=1+1',
  'Kim, Ji-woo; "Jay"',
];

const monitoringRow = (patientName: string, index: number): MonitoringSheetRow => ({
  seqMedicalRelation: index + 1,
  patientName,
  patientEmail: `x;=cmd|' /C calc'!A0@example.com`,
  month: '2026-11',
  deviceDays: 3,
  videoMinutes: 0,
  loggedMinutes: 12,
  minutes: 12,
  interactive: false,
  ongoing: true,
  periods: [],
  codes: [],
});

async function everyCsv(): Promise<{ csv: string; names: string[] }[]> {
  const t = await i18next.createInstance().init({ lng: 'en', resources: { en: { translation: en } } });
  const plain: SheetSpec = {
    name: 'Sheet',
    columns: [{ header: 'Name' }, { header: 'Note' }],
    rows: hostile.map((name) => [name, '-']),
  };
  return [
    { csv: csvText(plain), names: hostile },
    { csv: csvText(monitoringSheet(t, '2026-11', hostile.map(monitoringRow))), names: hostile },
  ];
}

describe('CSV', () => {
  it('quotes every field, writes dates as dates and numbers as numbers', () => {
    const text = csvText({
      name: 'Sheet',
      columns: [{ header: 'Name' }, { header: 'Date' }, { header: 'Minutes' }, { header: 'Note' }],
      rows: [
        ['Kim, Ji-woo', new Date(Date.UTC(2026, 11, 3)), 25, 'said "better"'],
        ['=HYPERLINK("x")', null, { value: 0.5, format: '0%' }, 'line\nbreak'],
      ],
    });
    expect(text).toBe(
      '\ufeff"Name","Date","Minutes","Note"\r\n' +
        '"Kim, Ji-woo","2026-12-03","25","said ""better"""\r\n' +
        `"'=HYPERLINK(""x"")","","0.5","line\nbreak"\r\n`,
    );
  });

  it('opened with "," as the separator, keeps each field whole and never starts one with a formula', async () => {
    for (const { csv, names } of await everyCsv()) {
      const [header, ...rows] = fieldsOf(csv.replace(/^\ufeff/, ''), ',');
      expect(rows.every((row) => row.length === header!.length)).toBe(true);
      expect(rows.flat().filter((field) => formulaStart.test(field))).toEqual([]);
      expect(rows.map((row) => row[0])).toEqual(names.map((name) => (formulaStart.test(name) ? `'${name}` : name)));
    }
  });

  it('opened with ";" as the separator, splits no line at a semicolon inside a field', async () => {
    for (const { csv, names } of await everyCsv()) {
      const lines = fieldsOf(csv.replace(/^\ufeff/, ''), ';');
      expect(lines.every((line) => line.length === 1)).toBe(true);
      expect(lines.flat().filter((field) => formulaStart.test(field))).toEqual([]);
      expect(lines[1]![0]).toContain(names[0]);
    }
  });
});
