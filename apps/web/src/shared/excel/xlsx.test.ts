import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { excelDateFormat, excelDateTimeFormat, excelPercentFormat, type SheetSpec } from './sheets.ts';
import { xlsxBytes } from './xlsx.ts';

const recorded = new Date(Date.UTC(2026, 2, 14, 9, 30));
const day = new Date(Date.UTC(2026, 2, 14));

const sheets: SheetSpec[] = [
  {
    name: 'Min-jun & "Chan"',
    columns: [
      { header: 'Start', width: 18, format: excelDateTimeFormat },
      { header: 'Joint <knee>' },
      { header: 'Max angle', width: 14, format: '0.0' },
      { header: 'Review', width: 40 },
    ],
    rows: [
      [recorded, 'Knee', 120.5, 'Felt fine\nthen tired'],
      [null, 'Hip\u0007', null, null],
    ],
  },
  {
    name: 'Adherence',
    columns: [{ header: 'Day' }, { header: 'Rate' }, { header: 'Same text' }],
    rows: [[day, { value: 0.755, format: excelPercentFormat }, 'Knee']],
  },
];

async function parsed(): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsxBytes(sheets, 'Clinic').buffer);
  return workbook;
}

describe('xlsx workbook', () => {
  it('holds the sheets in order with the creator', async () => {
    const workbook = await parsed();
    expect(workbook.creator).toBe('Clinic');
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Min-jun & "Chan"', 'Adherence']);
  });

  it('writes a bold, frozen header row and the column widths', async () => {
    const sheet = (await parsed()).worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Start', 'Joint <knee>', 'Max angle', 'Review']);
    for (let column = 1; column <= 4; column++) expect(sheet.getRow(1).getCell(column).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.columns.map((column) => column.width)).toEqual([18, 14, 14, 40]);
  });

  it('writes a bold title line above the header, freezing both', async () => {
    const workbook = new ExcelJS.Workbook();
    const titled: SheetSpec = {
      name: 'Titled',
      title: 'A title longer than a tab',
      columns: [{ header: 'Day' }],
      rows: [[1]],
    };
    await workbook.xlsx.load(xlsxBytes([titled], 'Clinic').buffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'A title longer than a tab']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).values).toEqual([undefined, 'Day']);
    expect(sheet.getRow(3).values).toEqual([undefined, 1]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 2 });
  });

  it('keeps dates, numbers and text typed, with their formats', async () => {
    const [records, adherence] = (await parsed()).worksheets;
    const row = records!.getRow(2);
    expect(row.getCell(1).value).toEqual(recorded);
    expect(row.getCell(1).numFmt).toBe(excelDateTimeFormat);
    expect(row.getCell(2).value).toBe('Knee');
    expect(row.getCell(3).value).toBe(120.5);
    expect(row.getCell(3).numFmt).toBe('0.0');
    expect(row.getCell(4).value).toBe('Felt fine\nthen tired');
    expect(row.getCell(4).alignment).toMatchObject({ wrapText: true, vertical: 'top' });
    // Nothing for a missing value; a control character XML cannot hold is dropped.
    expect(records!.getRow(3).values).toEqual([undefined, undefined, 'Hip']);
    expect(records!.actualRowCount).toBe(3);

    const rates = adherence!.getRow(2);
    expect(rates.getCell(1).value).toEqual(day);
    expect(rates.getCell(1).numFmt).toBe(excelDateFormat);
    expect(rates.getCell(2).value).toBe(0.755);
    expect(rates.getCell(2).numFmt).toBe(excelPercentFormat);
    expect(rates.getCell(3).value).toBe('Knee');
  });
});
