import { type PatientSchedule } from '@clinic/contract';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, minutesOf } from '../visits/visits.ts';

/**
 * The next visit, large, with the Join button while its waiting room is open (from 15 minutes
 * before it until its end) or its call is.
 */
export function NextVisit({
  visit,
  callOpen,
  waitingRoomOpen,
  onJoin,
}: {
  visit: PatientSchedule;
  callOpen: boolean;
  waitingRoomOpen: boolean;
  onJoin: () => void;
}): ReactElement {
  const { t, i18n } = useTranslation();
  const date = formatDateTime(visit.scheduleExpectStartDatetime, i18n.language);
  return (
    <Paper
      component="section"
      aria-labelledby="next-visit-title"
      withBorder
      p="lg"
      bg={callOpen ? 'teal.0' : undefined}
      style={{ borderColor: callOpen ? 'var(--mantine-color-teal-6)' : undefined }}
    >
      <Stack gap="xs">
        <Title order={3} id="next-visit-title" size="h4">
          {t('call.nextVisit')}
        </Title>
        <Text size="xl" fw={700}>
          {date}
        </Text>
        <Text>
          {t('visit.with', { clinician: visit.managerName })} ·{' '}
          {t('visit.length', { minutes: minutesOf(visit.scheduleExpectProgressTime) })}
        </Text>
        {callOpen || waitingRoomOpen ? (
          <Group justify="space-between" align="center" mt="xs">
            <Text fw={600} c="teal.8" role="status">
              {callOpen
                ? t('call.open', { clinician: visit.managerName })
                : t('call.canWait', { clinician: visit.managerName })}
            </Text>
            <Button size="lg" onClick={onJoin}>
              {t('call.join')}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('call.notOpen')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
