import { type PatientSchedule } from '@clinic/contract';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, minutesOf } from '../visits/visits.ts';

/** The next visit, large, with the Join button while its call is open. */
export function NextVisit({
  visit,
  callOpen,
  onJoin,
}: {
  visit: PatientSchedule;
  callOpen: boolean;
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
        {callOpen ? (
          <Group justify="space-between" align="center" mt="xs">
            <Text fw={600} c="teal.8" role="status">
              {t('call.open', { clinician: visit.managerName })}
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
