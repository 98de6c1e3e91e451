import type { PatientSchedule } from '@clinic/contract';
import { Alert, Box, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { showToast } from '../notices/toasts.ts';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallStatus } from '../call/call.ts';
import { LobbyPanel } from '../call/lobby-panel.tsx';
import { PeerTiles } from '../call/peer-tiles.tsx';
import { StreamVideo } from '../call/stream-video.tsx';
import { usePatientCall } from '../call/use-call.ts';
import { useRealtimeChannel } from '../realtime/realtime-channel.ts';
import { formatDateTime } from '../visits/visits.ts';

const busy: readonly CallStatus[] = ['joining', 'waiting', 'connecting', 'reconnecting'];

/** The patient's video visit: the clinician large, the patient's own camera small, controls below. */
export function CallScreen({ visit, onLeave }: { visit: PatientSchedule; onLeave: () => void }): ReactElement {
  const { t, i18n } = useTranslation();
  const channel = useRealtimeChannel();
  const call = usePatientCall(visit.seqSchedule, channel);
  const date = formatDateTime(visit.scheduleExpectStartDatetime, i18n.language);
  const over = call.status === 'ended' || call.status === 'failed';
  const leave = (): void => {
    // The call stays open for the patient to join again.
    if (!over) showToast({ color: 'teal', message: t('call.left') });
    onLeave();
  };

  return (
    <Container size="sm" py="md">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h3">
            {t('call.title', { clinician: visit.managerName })}
          </Title>
          <Text size="sm" c="dimmed">
            {date}
          </Text>
        </div>
        <Group gap="xs" role="status" data-testid="call-status" data-status={call.status}>
          {busy.includes(call.status) && <Loader size="xs" />}
          <Text size="sm" fw={500}>
            {call.status === 'ended' && call.endedByClinician ? t('call.ended') : t(`call.status.${call.status}`)}
          </Text>
        </Group>
        {call.status === 'lobby' && call.lobby && (
          <LobbyPanel
            clinician={visit.managerName}
            waitingSince={call.lobby.waitingSince}
            clinicianOnline={call.lobby.clinicianOnline}
            canKnock={call.lobby.canKnock}
            onKnock={call.knock}
          />
        )}
        {call.status === 'failed' && call.failure && (
          <Alert color="red" role="alert">
            {call.failure.text ?? t(call.failure.key)}
          </Alert>
        )}
        {call.mediaProblem && !over && (
          <Alert color="orange" role="alert">
            {t(`call.media.${call.mediaProblem}`)}
          </Alert>
        )}
        {!over && (
          <Box
            pos="relative"
            bg="dark.7"
            // Tall enough to see the clinician, short enough to keep the controls on a phone's screen.
            h="min(56vh, 640px)"
            style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
          >
            <StreamVideo
              stream={call.remoteStream}
              muted={false}
              label={t('call.remoteVideo', { clinician: visit.managerName })}
              testId="remote-video"
            />
            <Box
              pos="absolute"
              right={12}
              bottom={12}
              w="28%"
              maw={160}
              style={{
                aspectRatio: '3 / 4',
                borderRadius: 'var(--mantine-radius-sm)',
                overflow: 'hidden',
                border: '2px solid white',
              }}
            >
              <StreamVideo
                stream={call.cameraOn ? call.selfStream : null}
                muted
                mirrored
                label={t('call.selfVideo')}
                testId="self-video"
              />
              {!call.cameraOn && (
                <Text pos="absolute" inset={0} c="white" size="xs" ta="center" pt="40%">
                  {t('call.cameraIsOff')}
                </Text>
              )}
            </Box>
          </Box>
        )}
        {!over && <PeerTiles peers={call.guests} />}
        <Group justify="center" gap="xs">
          {!over && (
            <>
              <Button
                variant={call.micOn ? 'default' : 'filled'}
                color={call.micOn ? undefined : 'orange'}
                disabled={!call.hasMic}
                onClick={call.toggleMic}
              >
                {call.micOn ? t('call.micOff') : t('call.micOn')}
              </Button>
              <Button
                variant={call.cameraOn ? 'default' : 'filled'}
                color={call.cameraOn ? undefined : 'orange'}
                disabled={!call.hasCamera}
                onClick={call.toggleCamera}
              >
                {call.cameraOn ? t('call.cameraOff') : t('call.cameraOn')}
              </Button>
              <Button color="red" onClick={leave}>
                {t('call.leave')}
              </Button>
            </>
          )}
          {call.status === 'failed' && <Button onClick={call.retry}>{t('common.retry')}</Button>}
          {over && (
            <Button variant="default" onClick={onLeave}>
              {t('call.back')}
            </Button>
          )}
        </Group>
      </Stack>
    </Container>
  );
}
