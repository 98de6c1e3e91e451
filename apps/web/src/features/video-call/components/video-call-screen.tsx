import { type Schedule } from '@clinic/contract';
import { ActionIcon, Box, Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { useEffect, useRef, useState, type CSSProperties, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../shared/ui/confirm-modal.tsx';
import { showsEnd, showsStart, type CallStatus } from '../call-status.ts';
import { formatClock } from '../call-timer.ts';
import { useVideoCall } from '../hooks/use-video-call.ts';
import { CallControls } from './call-controls.tsx';
import { CallGuests } from './call-guests.tsx';
import { GuestTiles } from './guest-tiles.tsx';
import { CallStatusOverlay } from './call-status-overlay.tsx';
import { CallTimerDisplay } from './call-timer-display.tsx';
import { DeviceSettingsModal } from './device-settings-modal.tsx';
import { Icon } from '../../../shared/ui/icons.tsx';
import { SidePanel } from './side-panel.tsx';
import { WaitingRoomNotice } from './waiting-room-notice.tsx';

export interface VideoCallScreenProps {
  schedule: Schedule;
  /** The expected start, already formatted for the header. */
  startTime: string;
  onSessionEnded: () => void;
  /** Closes the screen (the popup, or back a page). */
  onClose: () => void;
  onOpenPhoto: (index: number) => void;
}

const mainStyle: CSSProperties = {
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  objectFit: 'contain',
};
const pipStyle: CSSProperties = {
  position: 'absolute',
  right: 16,
  top: 16,
  width: 220,
  height: 124,
  objectFit: 'cover',
  borderRadius: 8,
  border: '2px solid rgba(255,255,255,0.6)',
  background: '#222',
  zIndex: 2,
};

/** SPEC 2 "Video visit screen": the clinician's side of the call. */
export function VideoCallScreen({
  schedule,
  startTime,
  onSessionEnded,
  onClose,
  onOpenPhoto,
}: VideoCallScreenProps): ReactElement {
  const { t } = useTranslation();
  const remoteVideoRef = useRef<HTMLVideoElement | null>(null);
  const call = useVideoCall({ schedule, onSessionEnded, remoteVideoRef });
  const { state, media } = call;
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [flipped, setFlipped] = useState(false);
  const [remoteMirrored, setRemoteMirrored] = useState(false);
  const [swapped, setSwapped] = useState(false);
  const [panelOpen, setPanelOpen] = useState(true);
  const selfRef = useRef<HTMLVideoElement | null>(null);

  // The self view shows the camera while it is on.
  const selfTrack = media.cameraOn ? media.videoTrack : null;
  useEffect(() => {
    const video = selfRef.current;
    if (!video) return;
    video.srcObject = selfTrack ? new MediaStream([selfTrack]) : null;
    if (selfTrack) video.play().catch(() => undefined);
  }, [selfTrack]);

  const status: CallStatus = state.status;
  const completed = status === 'waiting' && state.elapsed > 0;
  const remoteStyle: CSSProperties = {
    ...(swapped ? pipStyle : mainStyle),
    transform: remoteMirrored ? 'scaleX(-1)' : undefined,
    cursor: 'pointer',
    background: swapped ? '#222' : 'black',
  };
  const selfStyle: CSSProperties = {
    ...(swapped ? mainStyle : pipStyle),
    transform: flipped ? 'scaleX(-1)' : undefined,
    visibility: selfTrack ? 'visible' : 'hidden',
  };

  return (
    <Box
      h="100dvh"
      bg="dark.8"
      c="white"
      style={{ display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
      aria-label={t('videoCall.screenLabel')}
      component="main"
    >
      <Group component="header" px="md" py={8} justify="space-between" wrap="nowrap" bg="dark.9" gap="md">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Box pos="relative">
            <Tooltip label={t('videoCall.settings')}>
              <ActionIcon
                variant="subtle"
                color="gray.3"
                size="lg"
                aria-label={t('videoCall.settings')}
                onClick={() => setSettingsOpen(true)}
              >
                <Icon name="gear" />
              </ActionIcon>
            </Tooltip>
          </Box>
          {media.setupAlert && (
            <Group
              gap={6}
              wrap="nowrap"
              role="status"
              data-testid="device-setup-warning"
              px={10}
              py={4}
              bg="yellow.1"
              c="dark.9"
              style={{ borderRadius: 12, fontSize: 13 }}
            >
              <Icon name="warning" size={16} />
              <span>{t('videoCall.setupWarning')}</span>
            </Group>
          )}
          {/* The screen's heading: whom the call is with. */}
          <Text component="h1" fz="md" fw={700} truncate>
            {schedule.patientName}
          </Text>
          <Text size="sm" c="gray.4">
            {startTime}
          </Text>
        </Group>
        <Group gap="md" wrap="nowrap">
          <CallTimerDisplay elapsed={state.elapsed} duration={schedule.scheduleExpectProgressTime} />
          {showsStart(state) && (
            <Button
              color="teal"
              onClick={call.start}
              disabled={media.setupAlert || call.otherCallOpen}
              loading={call.busy}
            >
              {t('videoCall.start')}
            </Button>
          )}
          {showsEnd(state) && (
            <Button color="red" onClick={call.end} loading={call.busy && status === 'stopping'}>
              {t('videoCall.end')}
            </Button>
          )}
        </Group>
      </Group>

      <Box style={{ flex: 1, display: 'flex', minHeight: 0 }}>
        <Box pos="relative" style={{ flex: 1, minWidth: 0, background: 'black' }}>
          <video
            ref={remoteVideoRef}
            data-testid="remote-video"
            aria-label={t('videoCall.remoteVideo')}
            title={t('videoCall.mirrorHint')}
            autoPlay
            playsInline
            style={remoteStyle}
            onClick={() => setRemoteMirrored((value) => !value)}
            data-mirrored={remoteMirrored}
          />
          <video
            ref={selfRef}
            data-testid="self-video"
            aria-label={t('videoCall.selfVideo')}
            autoPlay
            playsInline
            muted
            style={selfStyle}
            data-flipped={flipped}
          />
          <GuestTiles guests={call.guests} />
          <CallStatusOverlay
            status={status}
            completed={completed}
            busy={call.busy}
            onBackToWaiting={call.reset}
            onClose={onClose}
          />
          <WaitingRoomNotice
            pos="absolute"
            top={16}
            left={16}
            call={{ seqSchedule: schedule.seqSchedule, meetingId: call.meetingId, onFailure: call.showAlert }}
          />
          <CallControls
            media={media}
            speakerOn={call.speakerOn}
            onSpeakerOn={call.setSpeakerOn}
            swapped={swapped}
            onSwap={() => setSwapped((value) => !value)}
          />
        </Box>

        <Box
          component="aside"
          aria-label={t('videoCall.panel.label')}
          bg="white"
          c="dark.9"
          style={{ display: 'flex', flexShrink: 0, borderLeft: '1px solid var(--mantine-color-gray-3)' }}
        >
          <ActionIcon
            variant="subtle"
            color="gray"
            h="100%"
            radius={0}
            aria-label={panelOpen ? t('videoCall.panel.collapse') : t('videoCall.panel.expand')}
            aria-expanded={panelOpen}
            aria-controls="call-side-panel"
            onClick={() => setPanelOpen((value) => !value)}
          >
            <Icon name={panelOpen ? 'chevronRight' : 'chevronLeft'} />
          </ActionIcon>
          <Box id="call-side-panel" w={340} p="sm" style={{ overflowY: 'auto' }} hidden={!panelOpen}>
            <CallGuests schedule={schedule} meetingId={call.meetingId} onFailure={call.showAlert} />
            <SidePanel schedule={schedule} onAlert={(text) => call.showAlert(text)} onOpenPhoto={onOpenPhoto} />
          </Box>
        </Box>
      </Box>

      <DeviceSettingsModal
        opened={settingsOpen}
        media={media}
        flipped={flipped}
        onClose={() => setSettingsOpen(false)}
        onComplete={(choice, flip) => {
          setSettingsOpen(false);
          setFlipped(flip);
          void media.applyChoice(choice);
        }}
      />
      <ConfirmModal
        opened={call.confirmingEnd}
        title={t('videoCall.confirmEnd.title')}
        body={t('videoCall.confirmEnd.body', { time: formatClock(state.elapsed) })}
        onConfirm={call.confirmEnd}
        onClose={call.cancelEnd}
      />
      <Modal
        opened={call.alert !== null}
        onClose={call.dismissAlert}
        title={t('videoCall.alertTitle')}
        centered
        zIndex={400}
      >
        <Stack gap="md">
          <Text size="sm" role="alert">
            {call.alert}
          </Text>
          <Group justify="flex-end">
            <Button onClick={call.dismissAlert} data-autofocus>
              {t('videoCall.ok')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Box>
  );
}
