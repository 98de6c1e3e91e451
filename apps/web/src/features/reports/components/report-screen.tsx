import { fieldErrorsOf, fieldErrorsOfReply } from '@clinic/client/form-issues';
import {
  exerciseModes,
  reportParameters,
  reportPeriod,
  reportRules,
  type DeviceType,
  type ReportParameter,
} from '@clinic/contract';
import {
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import dayjs from 'dayjs';
import { useMemo, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, todayIso } from '../../../shared/dates/date-format.ts';
import { DateField } from '../../../shared/forms/date-field.tsx';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { TextareaField } from '../../../shared/forms/textarea-field.tsx';
import { showToast } from '../../../shared/notices/toasts.ts';
import { isApiError } from '@clinic/client/api-error';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { useReportConditions } from '../api/get-report-conditions.ts';
import { useRomStatistics } from '../../../shared/api/rom-statistics.ts';
import { useSavedReport } from '../api/get-report.ts';
import { useReportList } from '../api/list-reports.ts';
import { useSaveReport } from '../api/save-report.ts';
import { isReportParameter, orderedParameters, type ConditionFactsOf, type ReportView } from '../report-model.ts';
import { modeKeyOf, positionKeyOf } from '../../../shared/i18n/exercise-keys.ts';
import { ReportOutput } from './report-output.tsx';
import { LoadFailed } from '../../../shared/ui/load-failed.tsx';

/** The default period: the last 30 days up to today. */
export function defaultReportRange(today = todayIso()): { startDate: string; endDate: string } {
  return { startDate: dayjs(today).subtract(29, 'day').format('YYYY-MM-DD'), endDate: today };
}

/** Why a period cannot be reported, per date field as contract message keys (the server's own rule). */
function periodErrors(range: { startDate: string; endDate: string }): Record<string, string> {
  return fieldErrorsOf(reportPeriod.safeParse(range));
}

const jointsByDevice: Record<DeviceType, number[]> = { 1: [1, 2, 3, 4, 5], 2: [3, 4] };

function ReportBuilder({
  seqMedicalRelation,
  deviceType,
  conditionFacts,
}: {
  seqMedicalRelation: number;
  deviceType: DeviceType;
  conditionFacts: ConditionFactsOf;
}): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const [range, setRange] = useState(() => defaultReportRange());
  const [parameters, setParameters] = useState<ReportParameter[]>(['maxAngle', 'minAngle']);
  const [position, setPosition] = useState('');
  const [mode, setMode] = useState('');
  const [chiefComplaint, setChiefComplaint] = useState<string | null>(null);
  const [expertOpinion, setExpertOpinion] = useState('');
  const [withMessages, setWithMessages] = useState(false);
  const [withOutcomes, setWithOutcomes] = useState(false);
  const [parameterError, setParameterError] = useState<string | undefined>();
  // What the server refused of the last save, until the period changes.
  const [refused, setRefused] = useState<Record<string, string>>({});
  const save = useSaveReport();

  const dateErrors = { ...refused, ...periodErrors(range) };
  const problem = dateErrors.startDate ?? dateErrors.endDate;
  const conditions = useReportConditions({ seqMedicalRelation, ...range }, problem === undefined);
  const romStatistics = useRomStatistics(
    {
      seqMedicalRelation,
      ...range,
      position: position === '' ? null : Number(position),
      mode: mode === '' ? null : Number(mode),
    },
    problem === undefined,
  );
  const complaint = chiefComplaint ?? conditions.data?.lastStatus?.chiefComplaint ?? '';

  const view = useMemo<ReportView | null>(
    () =>
      conditions.data && romStatistics.data
        ? {
            // The thread's messages show only when ticked (the server sends them either way).
            data: {
              ...conditions.data,
              ...(!withMessages && { messages: null }),
              // The questionnaire scores too: a section only when ticked.
              ...(!withOutcomes && { outcomes: null }),
            },
            romDays: romStatistics.data.days,
            startDate: range.startDate,
            endDate: range.endDate,
            parameters: orderedParameters(parameters),
            position: position === '' ? null : Number(position),
            mode: mode === '' ? null : Number(mode),
            chiefComplaint: complaint,
            expertOpinion,
            createdAt: null,
          }
        : null,
    [
      conditions.data,
      romStatistics.data,
      range,
      parameters,
      position,
      mode,
      complaint,
      expertOpinion,
      withMessages,
      withOutcomes,
    ],
  );

  const changeRange = (change: Partial<typeof range>): void => {
    setRange((previous) => ({ ...previous, ...change }));
    setRefused({});
  };

  const onSave = (): void => {
    save.mutate(
      {
        seqMedicalRelation,
        startDate: range.startDate,
        endDate: range.endDate,
        parameters: orderedParameters(parameters),
        position: position === '' ? null : Number(position),
        mode: mode === '' ? null : Number(mode),
        chiefComplaint: complaint,
        expertOpinion,
        messages: withMessages,
        outcomes: withOutcomes,
      },
      {
        onSuccess: () => showToast({ color: 'teal', message: t('report.savedNotice') }),
        onError: (error) => {
          if (isApiError(error)) setRefused(fieldErrorsOfReply(error.fields));
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="md" component="section" aria-label={t('report.builder')}>
        <Stack gap="sm">
          <Title order={3}>{t('report.builder')}</Title>
          <SimpleGrid cols={{ base: 1, sm: 4 }}>
            <DateField
              label={t('report.from')}
              value={range.startDate}
              onChange={(startDate) => changeRange({ startDate })}
              error={dateErrors.startDate}
              notInFuture
              required
            />
            <DateField
              label={t('report.to')}
              value={range.endDate}
              onChange={(endDate) => changeRange({ endDate })}
              error={dateErrors.endDate}
              notInFuture
              required
            />
            <SelectField
              label={t('report.joint')}
              value={position}
              onChange={setPosition}
              placeholder={t('report.allJoints')}
              options={jointsByDevice[deviceType].map((joint) => {
                const key = positionKeyOf(joint);
                return { value: String(joint), label: key ? t(key) : String(joint) };
              })}
            />
            <SelectField
              label={t('report.mode')}
              value={mode}
              onChange={setMode}
              placeholder={t('report.allModes')}
              options={exerciseModes.map((value) => {
                const key = modeKeyOf(value);
                return { value: String(value), label: key ? t(key) : String(value) };
              })}
            />
          </SimpleGrid>
          <Checkbox.Group
            label={t('report.parameters')}
            value={parameters}
            onChange={(values) => {
              const chosen = values.filter(isReportParameter);
              setParameters(chosen);
              setParameterError(chosen.length === 0 ? 'validation.report_parameter_required' : undefined);
            }}
            error={message(parameterError)}
          >
            <Group gap="lg" mt={4}>
              {reportParameters.map((parameter) => (
                <Checkbox key={parameter} value={parameter} label={t(`report.parameterNames.${parameter}`)} />
              ))}
            </Group>
          </Checkbox.Group>
          <Checkbox
            label={t('report.outcomes.include')}
            checked={withOutcomes}
            onChange={(event) => setWithOutcomes(event.currentTarget.checked)}
          />
          <Checkbox
            label={t('report.messages.include')}
            checked={withMessages}
            onChange={(event) => setWithMessages(event.currentTarget.checked)}
          />
          <TextareaField
            label={t('report.chiefComplaint')}
            value={complaint}
            onChange={setChiefComplaint}
            maxLength={reportRules.chiefComplaintMax}
          />
          <TextareaField
            label={t('report.expertOpinion')}
            value={expertOpinion}
            onChange={setExpertOpinion}
            maxLength={reportRules.expertOpinionMax}
          />
        </Stack>
      </Paper>
      {(conditions.isPending || romStatistics.isPending) && problem === undefined && (
        <Loader role="status" aria-label={t('common.loading')} />
      )}
      {(conditions.isError || romStatistics.isError) && (
        <LoadFailed
          onRetry={() => {
            void conditions.refetch();
            void romStatistics.refetch();
          }}
        />
      )}
      {view && (
        <ReportOutput
          report={view}
          conditionFacts={conditionFacts}
          actions={(output) => (
            <Button
              {...output}
              onClick={onSave}
              loading={save.isPending}
              disabled={problem !== undefined || output.disabled}
            >
              {t('report.save')}
            </Button>
          )}
        />
      )}
    </Stack>
  );
}

function SavedReportView({
  seqReport,
  conditionFacts,
  onClose,
}: {
  seqReport: number;
  conditionFacts: ConditionFactsOf;
  onClose: () => void;
}): ReactElement {
  const { t, i18n } = useTranslation();
  const report = useSavedReport(seqReport);
  const view = useMemo<ReportView | null>(
    () => (report.data ? { ...report.data, parameters: orderedParameters(report.data.parameters) } : null),
    [report.data],
  );
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3}>
          {report.data
            ? t('report.savedList.viewing', { date: formatDateTime(report.data.createdAt, i18n.language) })
            : t('report.savedList.title')}
        </Title>
        <Button variant="subtle" onClick={onClose}>
          {t('report.savedList.close')}
        </Button>
      </Group>
      {report.isPending && <Loader role="status" aria-label={t('common.loading')} />}
      {report.isError && <LoadFailed onRetry={() => void report.refetch()} />}
      {view && <ReportOutput report={view} conditionFacts={conditionFacts} />}
    </Stack>
  );
}

function SavedReportList({
  seqMedicalRelation,
  openSeq,
  onOpen,
}: {
  seqMedicalRelation: number;
  openSeq: number | null;
  onOpen: (seqReport: number) => void;
}): ReactElement {
  const { t, i18n } = useTranslation();
  const list = useReportList(seqMedicalRelation);
  const title = t('report.savedList.title');
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={3}>{title}</Title>
        {list.isPending && <Loader role="status" aria-label={t('common.loading')} />}
        {list.isError && <LoadFailed onRetry={() => void list.refetch()} />}
        {list.data && list.data.length === 0 && <Text c="dimmed">{t('report.savedList.empty')}</Text>}
        {list.data && list.data.length > 0 && (
          <Table fz="sm" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('report.savedList.createdAt')}</Table.Th>
                <Table.Th>{t('report.sections.period')}</Table.Th>
                <Table.Th>{t('report.parameters')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('report.savedList.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((item) => {
                const period = t('report.periodRange', {
                  start: formatDate(item.startDate, i18n.language),
                  end: formatDate(item.endDate, i18n.language),
                });
                return (
                  <Table.Tr key={item.seqReport} aria-current={item.seqReport === openSeq || undefined}>
                    <Table.Td>{formatDateTime(item.createdAt, i18n.language)}</Table.Td>
                    <Table.Td>{period}</Table.Td>
                    <Table.Td>
                      {orderedParameters(item.parameters)
                        .map((parameter) => t(`report.parameterNames.${parameter}`))
                        .join(', ')}
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => onOpen(item.seqReport)}
                        aria-label={t('report.savedList.openLabel', { period })}
                      >
                        {t('report.savedList.open')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}

/** The report tab: a new report (period, parameters, words, preview, Save) or a kept one, and the kept reports. */
export function ReportScreen({
  seqMedicalRelation,
  deviceType,
  conditionFacts,
}: {
  seqMedicalRelation: number;
  deviceType: DeviceType;
  conditionFacts: ConditionFactsOf;
}): ReactElement {
  const [openSeq, setOpenSeq] = useState<number | null>(null);
  return (
    <Stack gap="lg">
      <SavedReportList seqMedicalRelation={seqMedicalRelation} openSeq={openSeq} onOpen={setOpenSeq} />
      {openSeq === null ? (
        <ReportBuilder
          seqMedicalRelation={seqMedicalRelation}
          deviceType={deviceType}
          conditionFacts={conditionFacts}
        />
      ) : (
        <SavedReportView
          key={openSeq}
          seqReport={openSeq}
          conditionFacts={conditionFacts}
          onClose={() => setOpenSeq(null)}
        />
      )}
    </Stack>
  );
}
