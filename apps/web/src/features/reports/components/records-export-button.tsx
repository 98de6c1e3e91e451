import type { PatientListItem } from '@clinic/contract';
import { Button } from '@mantine/core';
import dayjs from 'dayjs';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { todayIso } from '../../../shared/dates/date-format.ts';
import { useRecordsExport } from '../hooks/use-records-export.tsx';

/** How far back the patient-list export reaches. */
export const recordsExportDays = 365;

/**
 * "Export records" of the patient list: every device record of the last year of every patient shown,
 * one sheet each, behind the blocking progress overlay with the count x / y.
 */
export function RecordsExportButton({ patients }: { patients: readonly PatientListItem[] }): ReactElement {
  const { t } = useTranslation();
  const recordsExport = useRecordsExport();

  const run = (): Promise<void> => {
    const endDate = todayIso();
    const startDate = dayjs(endDate)
      .subtract(recordsExportDays - 1, 'day')
      .format('YYYY-MM-DD');
    return recordsExport.run(patients, { startDate, endDate });
  };

  return (
    <>
      <Button
        variant="default"
        disabled={patients.length === 0 || recordsExport.busy}
        onClick={() => void run()}
        title={t('report.exportList.hint', { days: recordsExportDays })}
      >
        {t('report.exportList.button')}
      </Button>
      {recordsExport.overlay}
    </>
  );
}
