import { scheduleStateOf, type PatientSchedule, type ScheduleState } from '@clinic/contract';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, isChangeable, minutesOf } from '../visits/visits.ts';

const stateColors: Record<ScheduleState, string> = {
  waiting: 'teal',
  inProgress: 'blue',
  completed: 'gray',
  cancelled: 'red',
  expired: 'orange',
};

export function VisitCard({
  visit,
  focused = false,
  onCancel,
  onSymptoms,
}: {
  visit: PatientSchedule;
  /** The visit a link opened (a notification's): scrolled to, focused and outlined. */
  focused?: boolean;
  onCancel?: () => void;
  onSymptoms?: () => void;
}): ReactElement {
  const { t, i18n } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  const state = scheduleStateOf(visit.scheduleStatus);
  const date = formatDateTime(visit.scheduleExpectStartDatetime, i18n.language);
  const label = t('visit.label', { clinician: visit.managerName, date });
  useEffect(() => {
    if (!focused) return;
    ref.current?.scrollIntoView({ block: 'center' });
    ref.current?.focus({ preventScroll: true });
  }, [focused]);
  return (
    <Paper
      ref={ref}
      component="article"
      withBorder
      p="md"
      aria-label={label}
      aria-current={focused ? 'true' : undefined}
      tabIndex={focused ? -1 : undefined}
      style={focused ? { borderColor: 'var(--mantine-color-teal-7)', borderWidth: 2 } : undefined}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text fw={600}>{date}</Text>
            <Text size="sm">{t('visit.with', { clinician: visit.managerName })}</Text>
          </div>
          <Badge color={stateColors[state]} variant="light" tt="none" style={{ flexShrink: 0 }}>
            {t(`visit.status.${state}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t('visit.length', { minutes: minutesOf(visit.scheduleExpectProgressTime) })} ·{' '}
          {visit.bookedBy === 'patient' ? t('visit.bookedByPatient') : t('visit.bookedByClinician')}
        </Text>
        {visit.scheduleSymptoms && (
          <Text size="sm" lineClamp={2}>
            {t('visit.symptomsSaved', { text: visit.scheduleSymptoms })}
          </Text>
        )}
        {visit.schedulePhotoList.length > 0 && (
          <Text size="sm" c="dimmed">
            {t('visit.photos', { count: visit.schedulePhotoList.length })}
          </Text>
        )}
        {isChangeable(visit) && (onCancel ?? onSymptoms) && (
          <Group gap="xs" mt={4}>
            {onSymptoms && (
              <Button size="xs" variant="light" onClick={onSymptoms} aria-label={`${t('visit.symptoms')} – ${label}`}>
                {t('visit.symptoms')}
              </Button>
            )}
            {onCancel && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={onCancel}
                aria-label={`${t('visit.cancel')} – ${label}`}
              >
                {t('visit.cancel')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
