import { symptomReportRules, type SymptomReport } from '@clinic/contract';
import { Loader, Paper, Table, Text, Title } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/dates/date-format.ts';
import { LoadFailed } from '../../../shared/ui/load-failed.tsx';
import { Pager } from '../../../shared/ui/pager.tsx';
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
  const list = reports.data?.symptomReportList;
  const total = reports.data?.totalCount ?? 0;

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="symptom-reports-heading">
      <Title order={3} id="symptom-reports-heading">
        {t('patientDetails.symptomReports.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('patientDetails.symptomReports.intro')}
      </Text>
      {reports.isPending && <Loader size="sm" role="status" aria-label={t('common.loading')} />}
      {reports.isError && <LoadFailed onRetry={() => void reports.refetch()} />}
      {reports.data && total === 0 && <Text c="dimmed">{t('patientDetails.symptomReports.empty')}</Text>}
      {list && total > 0 && (
        <>
          <Table.ScrollContainer minWidth={640}>
            <Table striped fz="sm" aria-label={t('patientDetails.symptomReports.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('patientDetails.symptomReports.columns.reportedAt')}</Table.Th>
                  <Table.Th>
                    {t('patientDetails.symptomReports.columns.pain', {
                      min: symptomReportRules.painMin,
                      max: symptomReportRules.painMax,
                    })}
                  </Table.Th>
                  <Table.Th>{t('patientDetails.symptomReports.columns.symptoms')}</Table.Th>
                  <Table.Th>{t('patientDetails.symptomReports.columns.receivedAt')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((report) => (
                  <ReportRow key={report.seqSymptomReport} report={report} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pager
            page={page}
            size={pageSize}
            total={total}
            onChange={setPage}
            totalLabel={t('patientDetails.symptomReports.total', { count: total })}
          />
        </>
      )}
    </Paper>
  );
}
