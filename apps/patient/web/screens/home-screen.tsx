import { type PatientSchedule } from '@clinic/contract';
import { Alert, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useVisits } from '../api/visits.ts';
import { isCallOpen, nextVisit } from '../call/call.ts';
import { useHeardCalls } from '../call/use-heard-calls.ts';
import { useWaitingRoomOpen } from '../call/use-waiting-room-open.ts';
import { AsOf } from '../offline/as-of.tsx';
import { useRealtimeChannel } from '../realtime/realtime-channel.ts';
import { browserStorage, patientStorageKeys } from '../session/token-store.ts';
import { splitVisits } from '../visits/visits.ts';
import { CancelDialog } from './cancel-dialog.tsx';
import { NextVisit } from './next-visit.tsx';
import { SymptomsModal } from './symptoms-modal.tsx';
import { VisitCard } from './visit-card.tsx';

function storedName(): string | null {
  try {
    return browserStorage()?.getItem(patientStorageKeys.userName) ?? null;
  } catch {
    return null;
  }
}

export function HomeScreen({
  focusVisit,
  onBook,
  onJoin,
}: {
  /** The visit a link opened the screen on. */
  focusVisit?: number | undefined;
  onBook: () => void;
  onJoin: (visit: PatientSchedule) => void;
}): ReactElement {
  const { t } = useTranslation();
  const visits = useVisits();
  const heard = useHeardCalls(useRealtimeChannel());
  const [cancelling, setCancelling] = useState<PatientSchedule>();
  const [editing, setEditing] = useState<PatientSchedule>();
  const name = storedName();
  const { upcoming, past } = splitVisits(visits.data ?? []);
  const callOpen = (visit: PatientSchedule): boolean =>
    isCallOpen(visit, heard.get(visit.seqSchedule), visits.dataUpdatedAt);
  const next = nextVisit(upcoming, callOpen);
  const waitingRoomOpen = useWaitingRoomOpen(next);
  // The dialog shows the visit as it is now, after a refetch.
  const current = (visit: PatientSchedule | undefined): PatientSchedule | undefined =>
    visit && (visits.data?.find((entry) => entry.seqSchedule === visit.seqSchedule) ?? visit);

  return (
    <Container size="sm" py="md">
      <Stack gap="lg">
        <Group justify="space-between" align="center">
          <Title order={2}>{name ? t('home.greeting', { name }) : t('home.greetingAnonymous')}</Title>
          <Button size="md" onClick={onBook}>
            {t('home.book')}
          </Button>
        </Group>
        <AsOf query={visits} />
        {visits.isPending && (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm">{t('home.loading')}</Text>
          </Group>
        )}
        {visits.isError && !visits.data && (
          <Alert color="red" role="alert">
            <Group justify="space-between">
              <Text size="sm">{t('home.loadFailed')}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => void visits.refetch()}>
                {t('common.retry')}
              </Button>
            </Group>
          </Alert>
        )}
        {visits.data && (
          <>
            {next && (
              <NextVisit
                visit={next}
                callOpen={callOpen(next)}
                waitingRoomOpen={waitingRoomOpen}
                onJoin={() => onJoin(next)}
              />
            )}
            <section aria-labelledby="upcoming-title">
              <Title order={3} id="upcoming-title" mb="xs">
                {t('home.upcoming')}
              </Title>
              {upcoming.length === 0 ? (
                <Text c="dimmed">{t('home.noUpcoming')}</Text>
              ) : (
                <Stack gap="sm">
                  {upcoming.map((visit) => (
                    <VisitCard
                      key={visit.seqSchedule}
                      visit={visit}
                      focused={visit.seqSchedule === focusVisit}
                      onCancel={() => setCancelling(visit)}
                      onSymptoms={() => setEditing(visit)}
                    />
                  ))}
                </Stack>
              )}
            </section>
            <section aria-labelledby="past-title">
              <Title order={3} id="past-title" mb="xs">
                {t('home.past')}
              </Title>
              {past.length === 0 ? (
                <Text c="dimmed">{t('home.noPast')}</Text>
              ) : (
                <Stack gap="sm">
                  {past.map((visit) => (
                    <VisitCard key={visit.seqSchedule} visit={visit} focused={visit.seqSchedule === focusVisit} />
                  ))}
                </Stack>
              )}
            </section>
          </>
        )}
      </Stack>
      <CancelDialog visit={current(cancelling)} onClose={() => setCancelling(undefined)} />
      <SymptomsModal visit={current(editing)} onClose={() => setEditing(undefined)} />
    </Container>
  );
}
