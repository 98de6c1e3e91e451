import { durationMinutes, minutesToClock, scheduleStateOf, wallClockIn, type Schedule } from '@clinic/contract';
import { browserTimeZone } from '@clinic/client/time-zone';
import { Group, Stack, Text } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/dates/date-format.ts';
import { measuredLength } from '../calendar.ts';
import { StatusBadge, useScheduleText } from './schedule-status.tsx';
import { VisitSymptoms } from './visit-symptoms.tsx';

/** A visit as the medical record keeps it: time, length, status, the visit note, symptoms and photos. */
export function VisitFacts({ visit }: { visit: Schedule }): ReactElement {
  const { t, i18n } = useTranslation();
  const text = useScheduleText();
  const start = wallClockIn(new Date(visit.scheduleExpectStartDatetime), browserTimeZone());
  const end = (start.minute + durationMinutes(visit.scheduleExpectProgressTime)) % 1440;
  const measured = measuredLength(visit.scheduleProgressTime);
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Text size="sm">
          {formatDate(start.date, i18n.language)} {minutesToClock(start.minute)}–{minutesToClock(end)} ·{' '}
          {text.duration(visit.scheduleExpectProgressTime)}
          {measured && ` · ${t('schedule.fields.measured')}: ${t('schedule.measuredValue', measured)}`}
        </Text>
        <StatusBadge state={scheduleStateOf(visit.scheduleStatus)} />
      </Group>
      {visit.scheduleNote && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {visit.scheduleNote}
        </Text>
      )}
      <VisitSymptoms schedule={visit} />
    </Stack>
  );
}
