import type { MonitoringSheetRow } from '@clinic/contract';
import type { TFunction } from 'i18next';
import { codesText } from '../monitoring-format.ts';
import { excelDate, excelDateFormat, excelFileName, sheetName, type SheetSpec } from './sheets.ts';

/** The monthly monitoring sheet: one row per patient, the periods ending in the month, minutes and codes. */
export function monitoringSheet(t: TFunction, month: string, rows: readonly MonitoringSheetRow[]): SheetSpec {
  return {
    name: sheetName(`${t('monitoringTime.sheet.title')} ${month}`),
    columns: [
      { header: t('monitoringTime.sheet.patient'), width: 24 },
      { header: t('monitoringTime.sheet.email'), width: 28 },
      { header: t('monitoringTime.month'), width: 10 },
      { header: t('monitoringTime.deviceDays'), width: 12 },
      { header: t('monitoringTime.sheet.periodStart'), width: 14, format: excelDateFormat },
      { header: t('monitoringTime.sheet.periodEnd'), width: 14, format: excelDateFormat },
      { header: t('monitoringTime.days'), width: 12 },
      { header: t('monitoringTime.videoMinutes'), width: 14 },
      { header: t('monitoringTime.loggedMinutes'), width: 14 },
      { header: t('monitoringTime.minutes'), width: 10 },
      { header: t('monitoringTime.interactive'), width: 14 },
      { header: t('monitoringTime.codes'), width: 30 },
    ],
    rows: rows.map((row) => {
      // The period billed with the month: the latest one ending in it.
      const period = row.periods.at(-1);
      return [
        row.patientName,
        row.patientEmail,
        row.month,
        row.deviceDays,
        excelDate(period?.startDate),
        excelDate(period?.endDate),
        period?.days ?? null,
        row.videoMinutes,
        row.loggedMinutes,
        row.minutes,
        row.interactive ? t('common.yes') : t('common.no'),
        codesText(row.codes),
      ];
    }),
  };
}

export function monitoringSheetFileName(month: string, extension: 'xlsx' | 'csv'): string {
  return excelFileName(['MonitoringSheet', month], extension);
}
