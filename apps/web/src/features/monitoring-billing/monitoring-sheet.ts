import type { MonitoringSheetRow } from '@clinic/contract';
import type { TFunction } from 'i18next';
import { codesText, monthConsentKey } from '../../shared/monitoring-billing/monitoring-format.ts';
import { excelDate, excelDateFormat, excelFileName, sheetName, type SheetSpec } from '../../shared/excel/sheets.ts';

/**
 * The monthly monitoring sheet: one row per patient, the periods ending in the month, minutes, the
 * codes earned, whether consent was in force and the codes not counted without it. The tab is named
 * short enough for Excel in every language; the full title heads the sheet.
 */
export function monitoringSheet(t: TFunction, month: string, rows: readonly MonitoringSheetRow[]): SheetSpec {
  return {
    name: sheetName(t('monitoringBilling.sheet.tab', { month })),
    title: `${t('monitoringBilling.sheet.title')} ${month}`,
    columns: [
      { header: t('monitoringBilling.sheet.patient'), width: 24 },
      { header: t('monitoringBilling.sheet.email'), width: 28 },
      { header: t('monitoringBilling.month'), width: 10 },
      { header: t('monitoringBilling.deviceDays'), width: 12 },
      { header: t('monitoringBilling.sheet.periodStart'), width: 14, format: excelDateFormat },
      { header: t('monitoringBilling.sheet.periodEnd'), width: 14, format: excelDateFormat },
      { header: t('monitoringBilling.days'), width: 12 },
      { header: t('monitoringBilling.videoMinutes'), width: 14 },
      { header: t('monitoringBilling.loggedMinutes'), width: 14 },
      { header: t('monitoringBilling.minutes'), width: 10 },
      { header: t('monitoringBilling.interactive'), width: 14 },
      { header: t('monitoringBilling.codes'), width: 30 },
      { header: t('monitoringBilling.consent.column'), width: 18 },
      { header: t('monitoringBilling.consent.uncounted'), width: 30 },
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
        codesText(row.codes, row.ongoing ? t('monitoringBilling.inProgress') : undefined),
        row.consent ? t(monthConsentKey[row.consent]) : null,
        codesText(row.uncountedCodes ?? []),
      ];
    }),
  };
}

export function monitoringSheetFileName(month: string, extension: 'xlsx' | 'csv'): string {
  return excelFileName(['MonitoringSheet', month], extension);
}
