import type { MonitoringSheetRow } from '@clinic/contract';
import { Alert, Badge, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { todayIso } from '../../../shared/dates/date-format.ts';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { csvText } from '../csv.ts';
import { monitoringSheet, monitoringSheetFileName } from '../monitoring-sheet.ts';
import { downloadFile, exportWorkbook } from '../../../shared/excel/write-workbook.ts';
import { useMonitoringSheet } from '../api/monitoring-billing.ts';
import { monthLabel, recentMonths } from '../../../shared/monitoring-billing/monitoring-format.ts';
import { MonthsTable } from '../../../shared/monitoring-billing/monitoring-tables.tsx';

const monthsOffered = 12;

function SheetContent(): ReactElement {
  const { t, i18n } = useTranslation();
  const months = recentMonths(todayIso(), monthsOffered);
  const [month, setMonth] = useState(months[0]!);
  const sheet = useMonitoringSheet(month);
  const rows: MonitoringSheetRow[] = sheet.data?.rows ?? [];
  const spec = () => monitoringSheet(t, month, rows);
  return (
    <Stack gap="md">
      <Group align="flex-end" justify="space-between">
        <SelectField
          label={t('monitoringBilling.month')}
          allowEmpty={false}
          value={month}
          onChange={setMonth}
          options={months.map((value) => ({ value, label: monthLabel(value, i18n.language) }))}
        />
        <Group gap="sm">
          <Button
            variant="default"
            disabled={!sheet.data}
            onClick={() =>
              void exportWorkbook(t, () =>
                Promise.resolve({ sheets: [spec()], fileName: monitoringSheetFileName(month, 'xlsx') }),
              )
            }
          >
            {t('monitoringBilling.sheet.exportExcel')}
          </Button>
          <Button
            variant="default"
            disabled={!sheet.data}
            onClick={() =>
              downloadFile(csvText(spec()), monitoringSheetFileName(month, 'csv'), 'text/csv;charset=utf-8')
            }
          >
            {t('monitoringBilling.sheet.exportCsv')}
          </Button>
        </Group>
      </Group>
      {sheet.isError && <Alert color="red">{t('common.loadFailed')}</Alert>}
      {sheet.isPending && <Loader size="sm" role="status" aria-label={t('common.loading')} />}
      {sheet.data?.codeTable === null && (
        <Text size="sm" c="dimmed">
          {t('monitoringBilling.codesOff')}
        </Text>
      )}
      {sheet.data &&
        (rows.length === 0 ? (
          <Text c="dimmed">{t('monitoringBilling.sheet.empty')}</Text>
        ) : (
          <MonthsTable
            rows={rows}
            first={{
              header: t('monitoringBilling.sheet.patient'),
              cell: (row) => (
                <>
                  {row.patientName}
                  {row.consent === 'none' && (
                    <Badge color="red" variant="light" ml="xs">
                      {t('monitoringBilling.consent.noConsentMark')}
                    </Badge>
                  )}
                  {row.consent === 'partial' && (
                    <Badge color="yellow" variant="light" ml="xs">
                      {t('monitoringBilling.consent.partialMark')}
                    </Badge>
                  )}
                </>
              ),
              key: (row) => row.seqMedicalRelation,
            }}
          />
        ))}
    </Stack>
  );
}

/** "Monitoring sheet" of the patient list: a month's monitoring of every patient, to export as Excel or CSV. */
export function MonitoringSheetButton(): ReactElement {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        {t('monitoringBilling.sheet.button')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('monitoringBilling.sheet.title')} size="xl">
        {opened && <SheetContent />}
      </Modal>
    </>
  );
}
