import type { PatientSummary } from '@clinic/contract';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import dayjs from 'dayjs';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { todayIso } from '../../../shared/dates/date-format.ts';
import { logProblem } from '../../../shared/log/log-problem.ts';
import { ProgressOverlay } from '../../../shared/ui/progress-overlay.tsx';
import { getRecordsByRangeRequest } from '../api/get-records-by-range.ts';
import { recordSheets, recordsFileName } from '../excel/report-sheets.ts';
import { downloadWorkbook } from '../excel/write-workbook.ts';

/** How far back the patient-list export reaches. */
export const recordsExportDays = 365;

/**
 * "Export records" of the patient list: the device records of the last year of every patient shown,
 * one sheet each, behind the blocking progress overlay with the count x / y.
 */
export function RecordsExportButton({ patients }: { patients: readonly PatientSummary[] }): ReactElement {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  const run = async (): Promise<void> => {
    const endDate = todayIso();
    const startDate = dayjs(endDate)
      .subtract(recordsExportDays - 1, 'day')
      .format('YYYY-MM-DD');
    const list = [...patients];
    setProgress({ done: 0, total: list.length });
    try {
      const collected = [];
      for (const [index, patient] of list.entries()) {
        const records = await getRecordsByRangeRequest({
          seqMedicalRelation: patient.seqMedicalRelation,
          startDate,
          endDate,
        });
        collected.push({ patientName: patient.patientName, records });
        setProgress({ done: index + 1, total: list.length });
      }
      const only = list.length === 1 ? (list[0] ?? null) : null;
      await downloadWorkbook(recordSheets(t, collected), recordsFileName(only, startDate, endDate), t('app.name'));
    } catch (error) {
      logProblem('records export failed', error);
      notifications.show({ color: 'red', message: t('report.exportFailed') });
    } finally {
      setProgress(null);
    }
  };

  return (
    <>
      <Button
        variant="default"
        disabled={patients.length === 0 || progress !== null}
        onClick={() => void run()}
        title={t('report.exportList.hint', { days: recordsExportDays })}
      >
        {t('report.exportList.button')}
      </Button>
      {progress && (
        <ProgressOverlay label={t('report.exportList.progress')} done={progress.done} total={progress.total} />
      )}
    </>
  );
}
