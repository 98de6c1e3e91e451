import { durationMinutes, type ScheduleDuration, type ScheduleState } from '@clinic/contract';
import { Badge, Box, Group, Text, type MantineColor } from '@mantine/core';
import { useCallback, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

export const scheduleStates: readonly ScheduleState[] = ['waiting', 'inProgress', 'completed', 'cancelled', 'expired'];

/** One colour per state of SPEC 4 "Schedule", used by the calendar, the lists and the legend. */
export const stateColors: Record<ScheduleState, MantineColor> = {
  waiting: 'blue',
  inProgress: 'grape',
  completed: 'teal',
  cancelled: 'gray',
  expired: 'orange',
};

/** A video visit can be opened for a visit still waiting or already running (SPEC 4 "Schedule"). */
export function canStartVisit(state: ScheduleState): boolean {
  return state === 'waiting' || state === 'inProgress';
}

export function useScheduleText(): {
  state: (state: ScheduleState) => string;
  duration: (duration: ScheduleDuration) => string;
} {
  const { t } = useTranslation();
  const state = useCallback((value: ScheduleState): string => t(`schedule.states.${value}`), [t]);
  const duration = useCallback(
    (value: ScheduleDuration): string => t('schedule.durationMinutes', { minutes: durationMinutes(value) }),
    [t],
  );
  return { state, duration };
}

export function StatusBadge({ state }: { state: ScheduleState }): ReactElement {
  const text = useScheduleText();
  return (
    <Badge color={stateColors[state]} variant="light" size="sm">
      {text.state(state)}
    </Badge>
  );
}

/** The legend of the status colours. */
export function StatusLegend(): ReactElement {
  const { t } = useTranslation();
  const text = useScheduleText();
  return (
    <Group gap="md" role="list" aria-label={t('schedule.legend')}>
      {scheduleStates.map((state) => (
        <Group key={state} gap={6} role="listitem" wrap="nowrap">
          <Box
            w={12}
            h={12}
            bg={`var(--mantine-color-${stateColors[state]}-filled)`}
            style={{ borderRadius: 3 }}
            aria-hidden
          />
          <Text size="xs">{text.state(state)}</Text>
        </Group>
      ))}
    </Group>
  );
}
