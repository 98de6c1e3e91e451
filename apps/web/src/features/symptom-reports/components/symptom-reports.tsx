import { symptomReportRules, type SymptomReport } from '@clinic/contract';
import { Paper, Table, Text, Title } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/dates/date-format.ts';
import { PagedTable } from '../../../shared/ui/paged-table.tsx';
import { useSymptomReportPage } from '../api/symptom-reports.ts';

const pageSize = 20;

function ReportRow({ report }: { report: SymptomReport }): ReactElement {
  const { t, i18n } = useTranslation();
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(report.reportedAt, i18n.language)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }} fw={700}>
        {t('patientDetails.symptomReports.painValue', { level: report.painLevel, max: symptomReportRules.painMax })}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {report.symptoms ?? (
          <Text span c="dimmed" fz="sm">
            {t('patientDetails.symptomReports.noText')}
          </Text>
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(report.receivedAt, i18n.language)}</Table.Td>
    </Table.Tr>
  );
}

/** The symptom reports tab: what the patient sent from their app, newest first, a page at a time. */
export function SymptomReports({ seqMedicalRelation }: { seqMedicalRelation: number }): ReactElement {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const reports = useSymptomReportPage(seqMedicalRelation, page, pageSize);

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="symptom-reports-heading">
      <Title order={3} id="symptom-reports-heading">
        {t('patientDetails.symptomReports.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('patientDetails.symptomReports.intro')}
      </Text>
      <PagedTable
        query={reports}
        rowsOf={(data) => data.symptomReportList}
        renderRow={(report) => <ReportRow key={report.seqSymptomReport} report={report} />}
        columns={[
          t('patientDetails.symptomReports.columns.reportedAt'),
          t('patientDetails.symptomReports.columns.pain', {
            min: symptomReportRules.painMin,
            max: symptomReportRules.painMax,
          }),
          t('patientDetails.symptomReports.columns.symptoms'),
          t('patientDetails.symptomReports.columns.receivedAt'),
        ]}
        label={t('patientDetails.symptomReports.title')}
        emptyText={t('patientDetails.symptomReports.empty')}
        totalLabel={(count) => t('patientDetails.symptomReports.total', { count })}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        minWidth={640}
        tableProps={{ striped: true }}
      />
    </Paper>
  );
}
