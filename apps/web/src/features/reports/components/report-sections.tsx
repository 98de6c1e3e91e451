import { reportRules, type ConditionEntry, type ReportParameter } from '@clinic/contract';
import { Badge, Box, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/dates/date-format.ts';
import { useUnit } from '../../../shared/units/unit-preference.ts';
import { formatHeight, formatWeight, type UnitLabels } from '../../../shared/units/units.ts';
import { MonthsTable, PeriodsTable } from '../../../shared/monitoring-billing/monitoring-tables.tsx';
import { monthLabel } from '../../../shared/monitoring-billing/monitoring-format.ts';
import { orderedParameters, type ConditionFactsOf, type ReportView } from '../report-model.ts';
import { ReportMessages } from './report-messages.tsx';
import { modeKeyOf, positionKeyOf } from '../../../shared/i18n/exercise-keys.ts';
import { ReportOutcomeScores } from './report-outcomes.tsx';

function Section({ title, children }: { title: string; children: ReactNode }): ReactElement {
  return (
    <Paper withBorder p="md" component="section" aria-label={title} className="report-section">
      <Stack gap="xs">
        <Title order={3} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function Facts({ rows }: { rows: { label: string; value: ReactNode }[] }): ReactElement {
  return (
    <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing="xs" fz="sm">
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.label}>
            <Table.Th w="40%" fw={500} c="dimmed">
              {row.label}
            </Table.Th>
            <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{row.value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function ConditionColumn({
  title,
  entry,
  conditionFacts,
}: {
  title: string;
  entry: ConditionEntry | null;
  conditionFacts: ConditionFactsOf;
}): ReactElement {
  const { t, i18n } = useTranslation();
  return (
    <Box>
      <Text fw={600} size="sm">
        {title}
      </Text>
      {entry ? (
        <>
          <Text size="xs" c="dimmed">
            {t('report.conditions.recordedAt', { date: formatDate(entry.recordedAt, i18n.language) })}
          </Text>
          <Facts rows={conditionFacts(entry).filter((fact) => fact.value !== '')} />
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {t('report.conditions.none')}
        </Text>
      )}
    </Box>
  );
}

/**
 * The sections of a report (SPEC 3 "Report sections"): patient and period, ROM monitoring, the
 * questionnaire scores when chosen, the first and latest condition, adherence, days with device
 * data, chief complaint and expert opinion.
 * The same sections make the screen and the printed page; `chart` draws one ROM parameter.
 */
export function ReportSections({
  report,
  conditionFacts,
  chart,
}: {
  report: ReportView;
  conditionFacts: ConditionFactsOf;
  chart: (parameter: ReportParameter) => ReactNode;
}): ReactElement {
  const { t, i18n } = useTranslation();
  const unit = useUnit();
  const language = i18n.language;
  const { patient, adherence, deviceDays, monitoring, initStatus, lastStatus } = report.data;
  const unitLabels: UnitLabels = {
    cm: t('units.cm'),
    kg: t('units.kg'),
    ft: t('units.ft'),
    in: t('units.in'),
    lb: t('units.lb'),
  };
  const positionKey = report.position === null ? undefined : positionKeyOf(report.position);
  const modeKey = report.mode === null ? undefined : modeKeyOf(report.mode);
  const gender =
    patient.patientInfoGender === 'M'
      ? t('report.patient.genders.M')
      : patient.patientInfoGender === 'F'
        ? t('report.patient.genders.F')
        : t('report.patient.genders.unset');
  const period = t('report.periodRange', {
    start: formatDate(report.startDate, language),
    end: formatDate(report.endDate, language),
  });

  return (
    <Stack gap="md" className="report-sections">
      <Section title={t('report.sections.patient')}>
        <SimpleGrid cols={2} spacing="md">
          <Facts
            rows={[
              { label: t('report.patient.name'), value: patient.patientName },
              { label: t('report.patient.email'), value: patient.patientEmail ?? '—' },
              { label: t('report.patient.birth'), value: formatDate(patient.patientInfoBirth, language) },
              { label: t('report.patient.age'), value: String(patient.patientAge) },
            ]}
          />
          <Facts
            rows={[
              { label: t('report.patient.gender'), value: gender },
              { label: t('report.patient.height'), value: formatHeight(patient.heightCm, unit, unitLabels) },
              { label: t('report.patient.weight'), value: formatWeight(patient.weightKg, unit, unitLabels) },
              { label: t('report.sections.period'), value: period },
            ]}
          />
        </SimpleGrid>
      </Section>

      <Section title={t('report.sections.rom')}>
        <Text size="sm" c="dimmed">
          {t('report.romFilter', {
            joint: positionKey ? t(positionKey) : t('report.allJoints'),
            mode: modeKey ? t(modeKey) : t('report.allModes'),
          })}
        </Text>
        {report.romDays.length === 0 ? (
          <Text c="dimmed">{t('report.noData')}</Text>
        ) : (
          orderedParameters(report.parameters).map((parameter) => (
            <Box key={parameter} className="report-chart">
              <Text fw={600} size="sm">
                {t(`report.parameterNames.${parameter}`)}
              </Text>
              {chart(parameter)}
            </Box>
          ))
        )}
      </Section>

      {report.data.outcomes && (
        <Section title={t('questionnaires.scores.title')}>
          <ReportOutcomeScores outcomes={report.data.outcomes} />
        </Section>
      )}

      <Section title={t('report.sections.conditions')}>
        <SimpleGrid cols={2} spacing="lg">
          <ConditionColumn title={t('report.conditions.first')} entry={initStatus} conditionFacts={conditionFacts} />
          <ConditionColumn title={t('report.conditions.latest')} entry={lastStatus} conditionFacts={conditionFacts} />
        </SimpleGrid>
      </Section>

      <Section title={t('report.sections.adherence')}>
        <Facts
          rows={[
            { label: t('report.adherence.prescribed'), value: String(adherence.prescribedSessions) },
            { label: t('report.adherence.completed'), value: String(adherence.completedSessions) },
            {
              label: t('report.adherence.rate'),
              value:
                adherence.rate === null ? t('report.adherence.none') : `${Math.round(adherence.rate * 1000) / 10}%`,
            },
          ]}
        />
      </Section>

      <Section title={t('report.sections.deviceDays')}>
        <Text size="sm" c="dimmed">
          {t('report.deviceDays.explanation', { days: reportRules.billingDays, period: reportRules.periodDays })}
        </Text>
        <Table withTableBorder fz="sm" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('report.deviceDays.period')}</Table.Th>
              <Table.Th>{t('report.deviceDays.days')}</Table.Th>
              <Table.Th>{t('report.deviceDays.billing', { days: reportRules.billingDays })}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {deviceDays.map((row) => (
              <Table.Tr key={row.startDate} data-meets={row.meetsBillingThreshold || undefined}>
                <Table.Td>
                  {t('report.periodRange', {
                    start: formatDate(row.startDate, language),
                    end: formatDate(row.endDate, language),
                  })}
                </Table.Td>
                <Table.Td>{row.days}</Table.Td>
                <Table.Td>
                  {row.meetsBillingThreshold ? (
                    <Badge color="teal" variant="light">
                      {t('report.deviceDays.meets')}
                    </Badge>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('report.deviceDays.notMet')}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>

      <Section title={t('monitoringBilling.reportSection')}>
        <Text size="sm" c="dimmed">
          {t('monitoringBilling.reportExplanation')}
        </Text>
        {monitoring.periods.length > 0 && <PeriodsTable periods={monitoring.periods} />}
        {monitoring.months.length > 0 && (
          <MonthsTable
            rows={monitoring.months}
            first={{
              header: t('monitoringBilling.month'),
              cell: (row) => monthLabel(row.month, language),
              key: (row) => row.month,
            }}
          />
        )}
      </Section>

      {report.data.messages && (
        <Section title={t('report.messages.title')}>
          <ReportMessages
            messages={report.data.messages}
            patientName={patient.patientName}
            clinicianName={report.data.clinician.managerName}
          />
        </Section>
      )}

      <Section title={t('report.chiefComplaint')}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {report.chiefComplaint || '—'}
        </Text>
      </Section>
      <Section title={t('report.expertOpinion')}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="expert-opinion">
          {report.expertOpinion || '—'}
        </Text>
      </Section>
    </Stack>
  );
}
