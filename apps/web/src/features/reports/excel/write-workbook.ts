import type { TFunction } from 'i18next';
import { logProblem } from '../../../shared/log/log-problem.ts';
import { showToast } from '../../../shared/notices/toasts.ts';
import { excelDateFormat, isFormattedNumber, type SheetSpec } from './sheets.ts';

/**
 * Builds an .xlsx workbook of the sheets. exceljs is large, so it is loaded only when a clinician
 * exports something.
 */
export async function workbookBytes(sheets: readonly SheetSpec[], creator: string): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = creator;
  workbook.created = new Date();
  for (const spec of sheets) {
    const sheet = workbook.addWorksheet(spec.name);
    sheet.columns = spec.columns.map((column, index) => ({
      key: String(index),
      header: column.header,
      width: column.width ?? 14,
    }));
    sheet.getRow(1).font = { bold: true };
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
    for (const values of spec.rows) {
      const row = sheet.addRow(values.map((value) => (isFormattedNumber(value) ? value.value : value)));
      values.forEach((value, index) => {
        const cell = row.getCell(index + 1);
        const columnFormat = spec.columns[index]?.format;
        if (isFormattedNumber(value)) cell.numFmt = value.format;
        else if (value instanceof Date) cell.numFmt = columnFormat?.startsWith('yyyy') ? columnFormat : excelDateFormat;
        else if (typeof value === 'number' && columnFormat && !columnFormat.startsWith('yyyy')) {
          cell.numFmt = columnFormat;
        }
        if (typeof value === 'string' && value.includes('\n')) cell.alignment = { wrapText: true, vertical: 'top' };
      });
    }
  }
  return workbook.xlsx.writeBuffer();
}

/** Hands a file to the browser's download. */
export function downloadFile(bytes: ArrayBuffer, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function downloadWorkbook(sheets: readonly SheetSpec[], fileName: string, creator: string): Promise<void> {
  downloadFile(await workbookBytes(sheets, creator), fileName, xlsxType);
}

/** Builds a workbook and downloads it; a failure is logged and told to the clinician, never thrown. */
export async function exportWorkbook(
  t: TFunction,
  build: () => Promise<{ sheets: readonly SheetSpec[]; fileName: string }>,
): Promise<void> {
  try {
    const { sheets, fileName } = await build();
    await downloadWorkbook(sheets, fileName, t('app.name'));
  } catch (error) {
    logProblem('export failed', error);
    showToast({ color: 'red', message: t('report.exportFailed') });
  }
}
