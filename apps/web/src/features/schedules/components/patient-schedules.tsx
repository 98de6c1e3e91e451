import { durationMinutes, minutesToClock, scheduleStateOf, wallClockIn, type Schedule } from '@clinic/contract';
import { browserTimeZone } from '@clinic/client/time-zone';
import { Alert, Button, Card, Group, Loader, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../shared/dates/date-format.ts';
import { usePatientSchedules } from '../api/get-patient-schedules.ts';
import { firstOpenSlot, measuredLength } from '../calendar.ts';
import { ScheduleModal, type ScheduleModalTarget } from './schedule-modal.tsx';
import { StatusBadge, useScheduleText } from './schedule-status.tsx';
import { LoadFailed } from '../../../shared/ui/load-failed.tsx';

/**
 * The patient details `remote` tab: the patient's visits, the latest completed one and booking,
 * which needs the patient's app (visits are held there): without it the tab says so up front.
 */
export function PatientSchedules({
  seqMedicalRelation,
  isAppMember,
}: {
  seqMedicalRelation: number;
  isAppMember: boolean;
}): ReactElement {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const text = useScheduleText();
  const timeZone = browserTimeZone();
  const query = usePatientSchedules(seqMedicalRelation);
  const [target, setTarget] = useState<ScheduleModalTarget | null>(null);
  const notAppMemberId = useId();

  const book = (): void => {
    const today = wallClockIn(new Date(), timeZone).date;
    setTarget({ kind: 'new', ...firstOpenSlot(today, timeZone), seqMedicalRelation });
  };

  const when = (schedule: Schedule): { date: string; time: string } => {
    const start = wallClockIn(new Date(schedule.scheduleExpectStartDatetime), timeZone);
    const end = start.minute + durationMinutes(schedule.scheduleExpectProgressTime);
    return {
      date: formatDate(start.date, language),
      time: `${minutesToClock(start.minute)}–${minutesToClock(end % 1440)}`,
    };
  };

  const measured = (schedule: Schedule): string => {
    const length = measuredLength(schedule.scheduleProgressTime);
    return length ? t('schedule.measuredValue', length) : '–';
  };

  const latest = query.data?.latestDoneSchedule;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3} size="h4">
          {t('schedule.patientTab.title')}
        </Title>
        <Button onClick={book} disabled={!isAppMember} aria-describedby={isAppMember ? undefined : notAppMemberId}>
          {t('schedule.patientTab.book')}
        </Button>
      </Group>
      {!isAppMember && (
        <Alert color="gray" id={notAppMemberId}>
          {t('schedule.patientTab.notAppMember')}
        </Alert>
      )}
      {query.isPending && <Loader size="sm" role="status" aria-label={t('common.loading')} />}
      {query.isError && <LoadFailed onRetry={() => void query.refetch()} />}
      {query.data && (
        <Card withBorder padding="md" component="section" aria-label={t('schedule.patientTab.latestDone')}>
          <Title order={4} size="h6" mb="xs">
            {t('schedule.patientTab.latestDone')}
          </Title>
          {latest ? (
            <Stack gap={4}>
              <Text size="sm">
                {when(latest).date} {when(latest).time} · {text.duration(latest.scheduleExpectProgressTime)} ·{' '}
                {t('schedule.fields.measured')}: {measured(latest)}
              </Text>
              {latest.scheduleStartDatetime && (
                <Text size="xs" c="dimmed">
                  {t('schedule.fields.startedAt')}: {formatDateTime(latest.scheduleStartDatetime, language)}
                </Text>
              )}
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {latest.scheduleNote || t('schedule.noNote')}
              </Text>
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {t('schedule.patientTab.noDone')}
            </Text>
          )}
        </Card>
      )}
      {query.data && query.data.scheduleList.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('schedule.patientTab.empty')}
        </Text>
      )}
      {query.data && query.data.scheduleList.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover aria-label={t('schedule.patientTab.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('schedule.patientTab.columns.date')}</Table.Th>
                <Table.Th>{t('schedule.patientTab.columns.time')}</Table.Th>
                <Table.Th>{t('schedule.patientTab.columns.duration')}</Table.Th>
                <Table.Th>{t('schedule.patientTab.columns.measured')}</Table.Th>
                <Table.Th>{t('schedule.patientTab.columns.status')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('schedule.patientTab.columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.scheduleList.map((schedule) => {
                const at = when(schedule);
                const state = scheduleStateOf(schedule.scheduleStatus);
                const action = state === 'waiting' ? t('schedule.patientTab.change') : t('schedule.patientTab.details');
                return (
                  <Table.Tr key={schedule.seqSchedule}>
                    <Table.Td>{at.date}</Table.Td>
                    <Table.Td>{at.time}</Table.Td>
                    <Table.Td>{text.duration(schedule.scheduleExpectProgressTime)}</Table.Td>
                    <Table.Td>{measured(schedule)}</Table.Td>
                    <Table.Td>
                      <StatusBadge state={state} />
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={() => setTarget({ kind: 'existing', schedule })}
                        aria-label={t('schedule.patientTab.openVisit', { action, date: at.date, time: at.time })}
                      >
                        {action}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {target && <ScheduleModal target={target} onClose={() => setTarget(null)} />}
    </Stack>
  );
}
