import type { TFunction } from 'i18next';
import { logProblem } from '../log/log-problem.ts';
import { showToast } from '../notices/toasts.ts';
import type { SheetSpec } from './sheets.ts';

/** Hands a file to the browser's download. */
export function downloadFile(bytes: BlobPart, fileName: string, type: string): void {
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

/** Builds a workbook and downloads it; a failure is logged and told to the clinician, never thrown. */
export async function exportWorkbook(
  t: TFunction,
  build: () => Promise<{ sheets: readonly SheetSpec[]; fileName: string }>,
): Promise<void> {
  try {
    // The writer is loaded at the first export, while the rows are read.
    const [{ sheets, fileName }, { xlsxBytes }] = await Promise.all([build(), import('./xlsx.ts')]);
    downloadFile(xlsxBytes(sheets, t('app.name')), fileName, xlsxType);
  } catch (error) {
    logProblem('export failed', error);
    showToast({ color: 'red', message: t('report.exportFailed') });
  }
}
