import { minutesToClock, type Schedule } from '@clinic/contract';
import { Button, Card, Group, Loader, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useMemo, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchedulesInRange } from '../api/get-schedules-in-range.ts';
import { placeSchedule } from '../calendar.ts';
import { canStartVisit, StatusBadge, stateColors, useScheduleText } from './schedule-status.tsx';
import { LoadFailed } from '../../../shared/ui/load-failed.tsx';

/** Today's visits by start time, beside the calendar. */
export function TodayVisits({
  today,
  timeZone,
  onSchedule,
  onStartVisit,
}: {
  today: string;
  timeZone: string;
  onSchedule: (schedule: Schedule) => void;
  /** Opens the video visit; offered for waiting and running visits. */
  onStartVisit?: ((schedule: Schedule) => void) | undefined;
}): ReactElement {
  const { t } = useTranslation();
  const text = useScheduleText();
  const query = useSchedulesInRange({ startDate: today, endDate: today });
  const placed = useMemo(
    () =>
      (query.data ?? [])
        .map((schedule) => placeSchedule(schedule, timeZone))
        .filter((item) => item.date === today)
        .sort((left, right) => left.startMinute - right.startMinute),
    [query.data, timeZone, today],
  );
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="today-visits-title">
      <Stack gap="sm">
        <Title order={3} size="h5" id="today-visits-title">
          {t('schedule.todayTitle')}
        </Title>
        {query.isPending && <Loader size="sm" role="status" aria-label={t('common.loading')} />}
        {query.isError && <LoadFailed onRetry={() => void query.refetch()} />}
        {query.data && placed.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('schedule.todayEmpty')}
          </Text>
        )}
        {placed.length > 0 && (
          <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {placed.map((item) => (
              <li key={item.schedule.seqSchedule}>
                <UnstyledButton
                  onClick={() => onSchedule(item.schedule)}
                  w="100%"
                  p={6}
                  style={{
                    borderRadius: 4,
                    borderLeft: `3px solid var(--mantine-color-${stateColors[item.state]}-filled)`,
                    background: 'var(--mantine-color-default-hover)',
                  }}
                >
                  {/* The name on a line of its own (a long one wraps between words), the time and status below it. */}
                  <Text size="sm" fw={600} style={{ overflowWrap: 'break-word' }}>
                    {item.schedule.patientName}
                  </Text>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {minutesToClock(item.startMinute)}–{minutesToClock(item.endMinute % 1440)} ·{' '}
                      {text.duration(item.schedule.scheduleExpectProgressTime)}
                    </Text>
                    <StatusBadge state={item.state} />
                  </Group>
                </UnstyledButton>
                {onStartVisit && canStartVisit(item.state) && (
                  <Button
                    size="compact-xs"
                    mt={4}
                    ml={6}
                    onClick={() => onStartVisit(item.schedule)}
                    aria-label={t('videoCall.startVisitOf', { name: item.schedule.patientName })}
                  >
                    {t('videoCall.startVisit')}
                  </Button>
                )}
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
