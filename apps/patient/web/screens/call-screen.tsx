import { lobbyRules, type PatientSchedule } from '@clinic/contract';
import { Alert, Box, Button, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { showToast } from '../notices/toasts.ts';
import { useEffect, useRef, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallStatus } from '../call/call.ts';
import { usePatientCall } from '../call/use-call.ts';
import { useRealtimeChannel } from '../realtime/realtime-channel.ts';
import { formatDateTime, formatTime } from '../visits/visits.ts';

/** A <video> showing a stream, or nothing. */
function StreamVideo({
  stream,
  muted,
  label,
  testId,
  mirrored,
}: {
  stream: MediaStream | null;
  muted: boolean;
  label: string;
  testId: string;
  mirrored?: boolean;
}): ReactElement {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.srcObject = stream;
    if (stream) video.play().catch(() => undefined);
  }, [stream]);
  return (
    <video
      ref={ref}
      data-testid={testId}
      aria-label={label}
      autoPlay
      playsInline
      muted={muted}
      style={{
        width: '100%',
        height: '100%',
        objectFit: 'cover',
        background: '#1a1b1e',
        display: 'block',
        transform: mirrored ? 'scaleX(-1)' : undefined,
      }}
    />
  );
}

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
          <Paper component="section" aria-labelledby="lobby-title" withBorder p="md">
            <Stack gap="xs">
              <Title order={3} size="h4" id="lobby-title">
                {t('call.lobby.title')}
              </Title>
              <Text>
                {t('call.lobby.since', {
                  time: formatTime(call.lobby.waitingSince, i18n.language),
                  clinician: visit.managerName,
                })}
              </Text>
              <Text fw={500} data-testid="clinician-presence" data-online={String(call.lobby.clinicianOnline)}>
                {call.lobby.clinicianOnline
                  ? t('call.lobby.online', { clinician: visit.managerName })
                  : t('call.lobby.offline', { clinician: visit.managerName })}
              </Text>
              <Group gap="sm" align="center">
                <Button variant="light" disabled={!call.lobby.canKnock} onClick={call.knock}>
                  {t('call.lobby.knock')}
                </Button>
                {!call.lobby.canKnock && (
                  <Text size="sm" c="dimmed">
                    {t('call.lobby.knockLater', { seconds: lobbyRules.knockSeconds })}
                  </Text>
                )}
              </Group>
            </Stack>
          </Paper>
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
