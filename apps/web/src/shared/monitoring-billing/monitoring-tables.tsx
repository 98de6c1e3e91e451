import type { MonitoringMonth, MonitoringPeriod } from '@clinic/contract';
import { Table, Text } from '@mantine/core';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../dates/date-format.ts';
import { codesText, monthConsentKey } from './monitoring-format.ts';

/** The 30-day periods with their days of device data and the codes each has earned, or that it is in progress. */
export function PeriodsTable({ periods }: { periods: readonly MonitoringPeriod[] }): ReactElement {
  const { t, i18n } = useTranslation();
  return (
    <Table withTableBorder fz="sm" verticalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('monitoringBilling.period')}</Table.Th>
          <Table.Th>{t('monitoringBilling.days')}</Table.Th>
          <Table.Th>{t('monitoringBilling.codes')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {periods.map((period) => (
          <Table.Tr key={period.startDate}>
            <Table.Td>
              {t('report.periodRange', {
                start: formatDate(period.startDate, i18n.language),
                end: formatDate(period.endDate, i18n.language),
              })}
              {period.ongoing && ` ${t('monitoringBilling.ongoing')}`}
            </Table.Td>
            <Table.Td>{period.days}</Table.Td>
            <Table.Td>
              {period.ongoing ? t('monitoringBilling.inProgress') : codesText(period.codes)}
              {period.uncountedCodes && period.uncountedCodes.length > 0 && (
                <Text span size="sm" c="red.8" display="block">
                  {t('monitoringBilling.consent.uncounted')}: {codesText(period.uncountedCodes)}
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * Calendar months of monitoring, one a row: device days, the minutes and where they came from,
 * whether an interactive communication took place, and the codes earned; whether consent was in
 * force and the codes not counted without it (months kept before consent was recorded have neither).
 * The first column names the row (the month, or the patient on the monthly sheet).
 */
export function MonthsTable<Row extends MonitoringMonth>({
  rows,
  first,
  caption,
}: {
  rows: readonly Row[];
  first: { header: string; cell: (row: Row) => ReactNode; key: (row: Row) => string | number };
  caption?: string;
}): ReactElement {
  const { t } = useTranslation();
  const withConsent = rows.some((row) => row.consent !== undefined);
  return (
    // A table wider than the screen scrolls: the region takes the focus, so a keyboard scrolls it too.
    <Table.ScrollContainer
      minWidth={640}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={t('monitoringBilling.monthsTable')}
    >
      <Table withTableBorder fz="sm" verticalSpacing={4}>
        {caption && <Table.Caption>{caption}</Table.Caption>}
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{first.header}</Table.Th>
            <Table.Th>{t('monitoringBilling.deviceDays')}</Table.Th>
            <Table.Th>{t('monitoringBilling.videoMinutes')}</Table.Th>
            <Table.Th>{t('monitoringBilling.loggedMinutes')}</Table.Th>
            <Table.Th>{t('monitoringBilling.minutes')}</Table.Th>
            <Table.Th>{t('monitoringBilling.interactive')}</Table.Th>
            <Table.Th>{t('monitoringBilling.codes')}</Table.Th>
            {withConsent && <Table.Th>{t('monitoringBilling.consent.column')}</Table.Th>}
            {withConsent && <Table.Th>{t('monitoringBilling.consent.uncounted')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={first.key(row)}>
              <Table.Td>{first.cell(row)}</Table.Td>
              <Table.Td>{row.deviceDays}</Table.Td>
              <Table.Td>{row.videoMinutes}</Table.Td>
              <Table.Td>{row.loggedMinutes}</Table.Td>
              <Table.Td>{row.minutes}</Table.Td>
              <Table.Td>{row.interactive ? t('common.yes') : t('common.no')}</Table.Td>
              <Table.Td>{codesText(row.codes, row.ongoing ? t('monitoringBilling.inProgress') : undefined)}</Table.Td>
              {withConsent && <Table.Td>{row.consent && t(monthConsentKey[row.consent])}</Table.Td>}
              {withConsent && <Table.Td>{codesText(row.uncountedCodes ?? [])}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
