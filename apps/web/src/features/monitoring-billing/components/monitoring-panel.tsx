import {
  monitoringActivities,
  monitoringTimeLimits,
  type MonitoringActivity,
  type MonitoringTimeSource,
} from '@clinic/contract';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, todayIso } from '../../../shared/dates/date-format.ts';
import { DateField } from '../../../shared/forms/date-field.tsx';
import { NumberField } from '../../../shared/forms/number-field.tsx';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { useMonitoringChanges, usePatientMonitoring } from '../api/monitoring-billing.ts';
import { ConsentSection } from './monitoring-consent.tsx';
import { monthLabel, recentMonths } from '../../../shared/monitoring-billing/monitoring-format.ts';
import { MonthsTable, PeriodsTable } from '../../../shared/monitoring-billing/monitoring-tables.tsx';

/** How many months back the month choice reaches. */
const monthsOffered = 12;

/**
 * Logging time on the patient's monitoring. From the message thread (`source` messages) the activity
 * is talking with the patient and never an interactive communication (decision 0016), so neither is asked.
 */
export function LogTimeForm({
  seqMedicalRelation,
  month,
  source = 'manual',
  onLogged,
}: {
  seqMedicalRelation: number;
  month: string;
  source?: MonitoringTimeSource;
  onLogged?: (entry: { date: string; minutes: number }) => void;
}): ReactElement {
  const { t } = useTranslation();
  const fromThread = source === 'messages';
  const headingId = fromThread ? 'message-time-heading' : 'monitoring-log-heading';
  const { add } = useMonitoringChanges(seqMedicalRelation);
  const today = todayIso();
  const [date, setDate] = useState(today.startsWith(month) ? today : `${month}-01`);
  const [minutes, setMinutes] = useState<number | ''>('');
  const [activity, setActivity] = useState<MonitoringActivity>('dataReview');
  const [interactive, setInteractive] = useState(false);
  const [note, setNote] = useState('');
  const complete = date !== '' && minutes !== '';
  return (
    <form
      aria-labelledby={headingId}
      onSubmit={(event) => {
        event.preventDefault();
        if (!complete) return;
        add.mutate(
          fromThread
            ? { date, minutes, activity: 'communication', interactive: false, note, source }
            : { date, minutes, activity, interactive, note },
          {
            onSuccess: () => {
              setMinutes('');
              setNote('');
              setInteractive(false);
              onLogged?.({ date, minutes });
            },
          },
        );
      }}
    >
      <Stack gap="sm">
        <Title order={4} id={headingId}>
          {t(fromThread ? 'monitoringBilling.messagesLog.title' : 'monitoringBilling.logTitle')}
        </Title>
        {fromThread && (
          <Text size="sm" c="dimmed">
            {t('monitoringBilling.messagesLog.hint')}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: fromThread ? 2 : 3 }}>
          <DateField label={t('monitoringBilling.date')} value={date} onChange={setDate} required notInFuture />
          <NumberField
            label={t('monitoringBilling.minutesField')}
            value={minutes}
            min={monitoringTimeLimits.minutes[0]}
            max={monitoringTimeLimits.minutes[1]}
            onChange={setMinutes}
          />
          {!fromThread && (
            <SelectField
              label={t('monitoringBilling.activity')}
              allowEmpty={false}
              value={activity}
              onChange={(value) => setActivity(value as MonitoringActivity)}
              options={monitoringActivities.map((value) => ({
                value,
                label: t(`monitoringBilling.activities.${value}`),
              }))}
            />
          )}
        </SimpleGrid>
        <TextInput
          label={t('monitoringBilling.note')}
          value={note}
          maxLength={monitoringTimeLimits.noteMax}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        {!fromThread && (
          <Checkbox
            label={t('monitoringBilling.interactiveField')}
            checked={interactive}
            onChange={(event) => setInteractive(event.currentTarget.checked)}
          />
        )}
        {add.isError && <Alert color="red">{t('monitoringBilling.changeFailed')}</Alert>}
        <Button type="submit" disabled={!complete} loading={add.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('monitoringBilling.add')}
        </Button>
      </Stack>
    </form>
  );
}

function EpisodeStart({
  seqMedicalRelation,
  startDate,
  setByClinician,
}: {
  seqMedicalRelation: number;
  startDate: string | null;
  setByClinician: boolean;
}): ReactElement {
  const { t, i18n } = useTranslation();
  const { setStart } = useMonitoringChanges(seqMedicalRelation);
  const [chosen, setChosen] = useState('');
  return (
    <Stack gap="xs">
      <Text size="sm">
        {startDate
          ? t(setByClinician ? 'monitoringBilling.startSet' : 'monitoringBilling.startFromData', {
              date: formatDate(startDate, i18n.language),
            })
          : t('monitoringBilling.noStart')}
      </Text>
      <Group align="flex-end" gap="sm">
        <DateField label={t('monitoringBilling.startDate')} value={chosen} onChange={setChosen} notInFuture />
        <Button
          variant="default"
          disabled={chosen === ''}
          loading={setStart.isPending}
          onClick={() => setStart.mutate(chosen, { onSuccess: () => setChosen('') })}
        >
          {t('monitoringBilling.setStart')}
        </Button>
        {setByClinician && (
          <Button variant="subtle" loading={setStart.isPending} onClick={() => setStart.mutate(null)}>
            {t('monitoringBilling.clearStart')}
          </Button>
        )}
      </Group>
      {setStart.isError && <Alert color="red">{t('monitoringBilling.changeFailed')}</Alert>}
    </Stack>
  );
}

/**
 * The patient's dashboard: consent to monitoring, monitoring periods, the chosen month's minutes and
 * codes, and logged time.
 */
export function MonitoringPanel({ seqMedicalRelation }: { seqMedicalRelation: number }): ReactElement {
  const { t, i18n } = useTranslation();
  const months = recentMonths(todayIso(), monthsOffered);
  const [month, setMonth] = useState(months[0]!);
  const monitoring = usePatientMonitoring(seqMedicalRelation, month);
  const { remove } = useMonitoringChanges(seqMedicalRelation);
  const data = monitoring.data;
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="monitoring-heading">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <Title order={3} id="monitoring-heading">
            {t('monitoringBilling.title')}
          </Title>
          <SelectField
            label={t('monitoringBilling.month')}
            allowEmpty={false}
            size="sm"
            value={month}
            onChange={setMonth}
            options={months.map((value) => ({ value, label: monthLabel(value, i18n.language) }))}
          />
        </Group>
        <ConsentSection seqMedicalRelation={seqMedicalRelation} />
        {monitoring.isError && <Alert color="red">{t('common.loadFailed')}</Alert>}
        {!data && !monitoring.isError && <Loader size="sm" role="status" aria-label={t('common.loading')} />}
        {data && (
          <>
            <EpisodeStart
              key={`${data.startDate}-${data.startSetByClinician}`}
              seqMedicalRelation={seqMedicalRelation}
              startDate={data.startDate}
              setByClinician={data.startSetByClinician}
            />
            {data.periods.length > 0 && <PeriodsTable periods={data.periods} />}
            <MonthsTable
              rows={[data.month]}
              first={{
                header: t('monitoringBilling.month'),
                cell: (row) => monthLabel(row.month, i18n.language),
                key: (row) => row.month,
              }}
            />
            {data.codeTable === null && (
              <Text size="sm" c="dimmed">
                {t('monitoringBilling.codesOff')}
              </Text>
            )}
            <Title order={4}>{t('monitoringBilling.entries')}</Title>
            {data.entries.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('monitoringBilling.noEntries')}
              </Text>
            ) : (
              <Table withTableBorder fz="sm" verticalSpacing={4}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('monitoringBilling.date')}</Table.Th>
                    <Table.Th>{t('monitoringBilling.minutesField')}</Table.Th>
                    <Table.Th>{t('monitoringBilling.activity')}</Table.Th>
                    <Table.Th>{t('monitoringBilling.interactive')}</Table.Th>
                    <Table.Th>{t('monitoringBilling.note')}</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>{t('monitoringBilling.remove')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.entries.map((entry) => (
                    <Table.Tr key={entry.seqMonitoringTime}>
                      <Table.Td>{formatDate(entry.date, i18n.language)}</Table.Td>
                      <Table.Td>{entry.minutes}</Table.Td>
                      <Table.Td>
                        {t(`monitoringBilling.activities.${entry.activity}`)}
                        {entry.source === 'messages' && ` · ${t('monitoringBilling.fromMessages')}`}
                      </Table.Td>
                      <Table.Td>{entry.interactive ? t('common.yes') : t('common.no')}</Table.Td>
                      <Table.Td>{entry.note}</Table.Td>
                      <Table.Td>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          loading={remove.isPending && remove.variables === entry.seqMonitoringTime}
                          aria-label={t('monitoringBilling.removeEntry', {
                            minutes: entry.minutes,
                            date: formatDate(entry.date, i18n.language),
                          })}
                          onClick={() => remove.mutate(entry.seqMonitoringTime)}
                        >
                          {t('monitoringBilling.remove')}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            {remove.isError && <Alert color="red">{t('monitoringBilling.changeFailed')}</Alert>}
            <LogTimeForm key={month} seqMedicalRelation={seqMedicalRelation} month={month} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
