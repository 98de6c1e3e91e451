import { useContractForm } from '@clinic/client/contract-form';
import { addSymptomReport, symptomReportRules, type SymptomReport } from '@clinic/contract';
import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { showToast } from '../notices/toasts.ts';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useSymptomReports } from '../api/program.ts';
import { useClinicians } from '../api/visits.ts';
import { messageText } from '../i18n/i18n.ts';
import { AsOf } from '../offline/as-of.tsx';
import { flushOutbox, outbox, queueWrite } from '../offline/outbox.ts';
import type { OutboxEntry } from '../offline/outbox-store.ts';
import { useOutboxEntries } from '../offline/use-outbox.ts';
import { formatDateTime } from '../visits/visits.ts';
import { PainScale } from './pain-scale.tsx';

interface Values {
  seqMedicalRelation: number | null;
  painLevel: number | null;
  symptoms: string;
}

const initialValues: Values = { seqMedicalRelation: null, painLevel: null, symptoms: '' };

/** What a report shows, whether the server has it or it waits on this device. */
interface ShownReport {
  key: string;
  seqMedicalRelation: number;
  painLevel: number;
  symptoms: string | null;
  reportedAt: string;
  /** Still on this device: waiting to be sent, or refused by the server. */
  entry?: OutboxEntry;
}

function shownOfEntry(entry: OutboxEntry): ShownReport | undefined {
  const parsed = addSymptomReport.request.safeParse(entry.body);
  if (!parsed.success) return undefined;
  const { seqMedicalRelation, painLevel, symptoms, reportedAt } = parsed.data;
  return { key: entry.idempotencyKey, seqMedicalRelation, painLevel, symptoms, reportedAt, entry };
}

function shownOfReport(report: SymptomReport): ShownReport {
  const { seqSymptomReport, seqMedicalRelation, painLevel, symptoms, reportedAt } = report;
  return { key: String(seqSymptomReport), seqMedicalRelation, painLevel, symptoms, reportedAt };
}

function ReportItem({ report, clinician }: { report: ShownReport; clinician?: string | undefined }): ReactElement {
  const { t, i18n } = useTranslation();
  const date = formatDateTime(report.reportedAt, i18n.language);
  const refusal = report.entry?.refusal;
  return (
    <Paper component="li" withBorder p="sm" aria-label={t('symptomReports.reportLabel', { date })}>
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text fw={600} size="sm">
              {date}
            </Text>
            {clinician && <Text size="sm">{t('symptomReports.to', { clinician })}</Text>}
          </div>
          {report.entry && (
            <Badge color={refusal ? 'red' : 'yellow'} variant="light" tt="none" style={{ flexShrink: 0 }}>
              {t(refusal ? 'symptomReports.refused' : 'symptomReports.waiting')}
            </Badge>
          )}
        </Group>
        <Text size="sm" fw={500}>
          {t('program.pain', { level: report.painLevel })}
        </Text>
        {report.symptoms && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {report.symptoms}
          </Text>
        )}
        {refusal && (
          <Group justify="space-between" align="center">
            <Text size="sm" c="red.8">
              {messageText(refusal.failedCode || undefined)}
            </Text>
            <Button
              size="xs"
              variant="light"
              color="red"
              aria-label={t('symptomReports.discardLabel', { date })}
              onClick={() => void outbox.discard(report.key)}
            >
              {t('symptomReports.discard')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

export function SymptomsScreen(): ReactElement {
  const { t } = useTranslation();
  const clinicians = useClinicians();
  const reports = useSymptomReports();
  const waiting = useOutboxEntries(addSymptomReport);
  const [saveFailed, setSaveFailed] = useState(false);
  const list = clinicians.data ?? [];
  // With one clinician there is nothing to choose.
  const onlyClinician = list.length === 1 ? list[0]?.seqMedicalRelation : undefined;

  const form = useContractForm({
    initialValues,
    schema: addSymptomReport.request,
    toRequest: (values: Values) => ({
      // The report's identity from now on: sent again after a lost reply, it is still one report.
      idempotencyKey: crypto.randomUUID(),
      seqMedicalRelation: values.seqMedicalRelation ?? onlyClinician,
      painLevel: values.painLevel ?? undefined,
      symptoms: values.symptoms.trim() === '' ? null : values.symptoms,
      reportedAt: new Date().toISOString(),
    }),
    send: (request) => queueWrite(addSymptomReport, request),
    // Kept on the device: the form is free for the next report, and the patient hears how the sending went.
    onReply: (entry, current) => {
      current.reset();
      void flushOutbox()
        .catch(() => undefined)
        .then(() => {
          const kept = outbox.entries().find((waiting) => waiting.idempotencyKey === entry.idempotencyKey);
          if (kept?.refusal) showToast({ color: 'red', message: t('symptomReports.refusedNotice') });
          else
            showToast({
              color: 'teal',
              message: t(kept ? 'symptomReports.savedOffline' : 'symptomReports.sent'),
            });
        });
    },
    onError: () => setSaveFailed(true),
  });
  const { values, errors, setValue } = form;

  const clinicianName = (seqMedicalRelation: number): string | undefined =>
    list.length > 1 ? list.find((entry) => entry.seqMedicalRelation === seqMedicalRelation)?.managerName : undefined;
  const shown: ShownReport[] = [
    ...waiting
      .map(shownOfEntry)
      .filter((report) => report !== undefined)
      .reverse(),
    ...(reports.data ?? []).map(shownOfReport),
  ];

  return (
    <Container size="sm" py="md">
      <Stack gap="lg">
        <div>
          <Title order={2} id="symptoms-title">
            {t('symptomReports.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('symptomReports.intro')}
          </Text>
        </div>
        <AsOf query={reports} />

        {clinicians.isPending && (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm">{t('symptomReports.loading')}</Text>
          </Group>
        )}
        {clinicians.isError && !clinicians.data && (
          <Alert color="red" role="alert">
            <Group justify="space-between">
              <Text size="sm">{t('symptomReports.cliniciansFailed')}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => void clinicians.refetch()}>
                {t('common.retry')}
              </Button>
            </Group>
          </Alert>
        )}
        {clinicians.isSuccess && list.length === 0 && (
          <Alert color="yellow" role="status">
            {t('symptomReports.noClinicians')}
          </Alert>
        )}
        {list.length > 0 && (
          <Paper withBorder p="md">
            <form
              noValidate
              aria-labelledby="symptoms-title"
              onSubmit={(event) => {
                setSaveFailed(false);
                form.onSubmit(event);
              }}
            >
              <Stack gap="md">
                {saveFailed && (
                  <Alert color="red" role="alert">
                    {t('symptomReports.saveFailed')}
                  </Alert>
                )}
                {list.length > 1 ? (
                  <NativeSelect
                    label={t('symptomReports.clinician')}
                    size="md"
                    value={values.seqMedicalRelation === null ? '' : String(values.seqMedicalRelation)}
                    data={[
                      { value: '', label: t('symptomReports.chooseClinician'), disabled: true },
                      ...list.map((clinician) => ({
                        value: String(clinician.seqMedicalRelation),
                        label: clinician.managerSpecialty
                          ? `${clinician.managerName} (${clinician.managerSpecialty})`
                          : clinician.managerName,
                      })),
                    ]}
                    onChange={(event) => {
                      const value = Number(event.currentTarget.value);
                      setValue('seqMedicalRelation', Number.isInteger(value) && value > 0 ? value : null);
                    }}
                    error={errors.seqMedicalRelation && messageText(errors.seqMedicalRelation)}
                  />
                ) : (
                  <Text size="sm">{t('symptomReports.to', { clinician: list[0]?.managerName ?? '' })}</Text>
                )}
                <PainScale
                  label={t('symptomReports.pain')}
                  description={t('symptomReports.painHint')}
                  value={values.painLevel}
                  error={errors.painLevel && messageText(errors.painLevel)}
                  onChange={(level) => setValue('painLevel', level)}
                />
                <Textarea
                  label={t('symptomReports.text')}
                  size="md"
                  autosize
                  minRows={3}
                  maxRows={8}
                  maxLength={symptomReportRules.symptomsMax}
                  value={values.symptoms}
                  onChange={(event) => setValue('symptoms', event.currentTarget.value)}
                  description={t('symptomReports.counter', {
                    count: values.symptoms.length,
                    max: symptomReportRules.symptomsMax,
                  })}
                  error={errors.symptoms && messageText(errors.symptoms)}
                />
                <Button type="submit" size="md">
                  {t('symptomReports.submit')}
                </Button>
              </Stack>
            </form>
          </Paper>
        )}

        <section aria-labelledby="reports-title">
          <Title order={3} id="reports-title" mb="xs">
            {t('symptomReports.list')}
          </Title>
          {reports.isPending && shown.length === 0 && (
            <Group gap="xs" role="status">
              <Loader size="sm" />
              <Text size="sm">{t('symptomReports.loading')}</Text>
            </Group>
          )}
          {reports.isError && !reports.data && (
            <Alert color="red" role="alert" mb="xs">
              <Group justify="space-between">
                <Text size="sm">{t('symptomReports.loadFailed')}</Text>
                <Button size="xs" variant="light" color="red" onClick={() => void reports.refetch()}>
                  {t('common.retry')}
                </Button>
              </Group>
            </Alert>
          )}
          {reports.isSuccess && shown.length === 0 && <Text c="dimmed">{t('symptomReports.none')}</Text>}
          {shown.length > 0 && (
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
              {shown.map((report) => (
                <ReportItem key={report.key} report={report} clinician={clinicianName(report.seqMedicalRelation)} />
              ))}
            </Stack>
          )}
        </section>
      </Stack>
    </Container>
  );
}
