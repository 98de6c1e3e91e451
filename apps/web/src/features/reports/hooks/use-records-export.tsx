import { recordRangePageMax } from '@clinic/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ProgressOverlay } from '../../../shared/ui/progress-overlay.tsx';
import { getRecordsByRangePage } from '../api/get-records-by-range.ts';
import { recordSheets, recordsFileName } from '../excel/report-sheets.ts';
import { exportWorkbook } from '../../../shared/excel/write-workbook.ts';
import { collectPatientRecords, type RecordsPatient } from '../records-export.ts';

export interface RecordsExport {
  busy: boolean;
  /** The blocking progress overlay while several patients or pages are being read. */
  overlay: ReactNode;
  run: (patients: readonly RecordsPatient[], range: { startDate: string; endDate: string }) => Promise<void>;
}

/** Exports every device record of the patients in a period to Excel, one sheet each. */
export function useRecordsExport(): RecordsExport {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  const run: RecordsExport['run'] = async (patients, range) => {
    setBusy(true);
    await exportWorkbook(t, async () => {
      const collected = await collectPatientRecords(
        patients,
        (seqMedicalRelation, page) =>
          getRecordsByRangePage({ seqMedicalRelation, startDate: range.startDate, endDate: range.endDate }, page),
        recordRangePageMax,
        (done, total) => setProgress({ done, total }),
      );
      const only = patients.length === 1 ? (patients[0] ?? null) : null;
      return { sheets: recordSheets(t, collected), fileName: recordsFileName(only, range.startDate, range.endDate) };
    });
    setProgress(null);
    setBusy(false);
  };

  const overlay = progress && (
    <ProgressOverlay label={t('report.exportList.progress')} done={progress.done} total={progress.total} />
  );
  return { busy, overlay, run };
}
