import { type Schedule } from '@clinic/contract';
import { ActionIcon, Box, Button, Group, Loader, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { useEffect, useRef, useState, type CSSProperties, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../shared/ui/confirm-modal.tsx';
import { showsEnd, showsStart, type CallStatus } from '../call-status.ts';
import { formatClock } from '../call-timer.ts';
import { useVideoCall } from '../hooks/use-video-call.ts';
import { CallTimerDisplay } from './call-timer-display.tsx';
import { DeviceSettingsModal } from './device-settings-modal.tsx';
import { Icon } from '../../../shared/ui/icons.tsx';
import { SidePanel } from './side-panel.tsx';

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

function ToggleButton({
  on,
  onLabel,
  offLabel,
  iconOn,
  iconOff,
  onToggle,
}: {
  on: boolean;
  onLabel: string;
  offLabel: string;
  iconOn: Parameters<typeof Icon>[0]['name'];
  iconOff: Parameters<typeof Icon>[0]['name'];
  onToggle: () => void;
}): ReactElement {
  const label = on ? offLabel : onLabel;
  return (
    <Tooltip label={label}>
      <ActionIcon
        size="xl"
        radius="xl"
        variant={on ? 'filled' : 'white'}
        color={on ? 'dark' : 'red'}
        aria-label={label}
        aria-pressed={!on}
        onClick={onToggle}
      >
        <Icon name={on ? iconOn : iconOff} />
      </ActionIcon>
    </Tooltip>
  );
}

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
  const [controlsOpen, setControlsOpen] = useState(true);
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
  const statusText = completed ? t('videoCall.status.completed') : t(`videoCall.status.${status}`);
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
          <Text fw={700} truncate>
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
          <Box
            data-testid="call-status"
            data-status={status}
            role="status"
            aria-live="polite"
            pos="absolute"
            left="50%"
            top={status === 'on' ? 12 : '40%'}
            px="md"
            py={6}
            bg={status === 'on' ? 'rgba(0,0,0,0.35)' : 'rgba(0,0,0,0.6)'}
            style={{
              transform: 'translateX(-50%)',
              borderRadius: 8,
              zIndex: 3,
              textAlign: 'center',
              pointerEvents: status === 'stopping' ? 'auto' : 'none',
            }}
          >
            <Group gap="xs" justify="center" wrap="nowrap">
              {(status === 'connecting' || status === 'reconnecting') && <Loader size="xs" color="white" />}
              <Text size={status === 'on' ? 'xs' : 'md'}>{statusText}</Text>
            </Group>
            {status === 'stopping' && !call.busy && (
              <Group mt="sm" gap="xs" justify="center">
                <Button size="xs" variant="white" color="dark" onClick={call.reset}>
                  {t('videoCall.backToWaiting')}
                </Button>
                <Button size="xs" variant="white" color="dark" onClick={onClose}>
                  {t('videoCall.closeWindow')}
                </Button>
              </Group>
            )}
            {completed && (
              <Button
                mt="sm"
                size="xs"
                variant="white"
                color="dark"
                onClick={onClose}
                style={{ pointerEvents: 'auto' }}
              >
                {t('videoCall.closeWindow')}
              </Button>
            )}
          </Box>
          <Box pos="absolute" left={0} right={0} bottom={0} style={{ zIndex: 4 }}>
            <Group justify="center">
              <ActionIcon
                variant="filled"
                color="dark"
                aria-label={controlsOpen ? t('videoCall.controls.collapse') : t('videoCall.controls.expand')}
                aria-expanded={controlsOpen}
                aria-controls="call-controls"
                onClick={() => setControlsOpen((value) => !value)}
              >
                <Icon name={controlsOpen ? 'chevronDown' : 'chevronUp'} />
              </ActionIcon>
            </Group>
            {controlsOpen && (
              <Group
                id="call-controls"
                role="toolbar"
                aria-label={t('videoCall.controls.label')}
                justify="center"
                gap="md"
                py="sm"
                bg="rgba(0,0,0,0.55)"
              >
                <ToggleButton
                  on={media.micOn}
                  onLabel={t('videoCall.controls.micOn')}
                  offLabel={t('videoCall.controls.micOff')}
                  iconOn="mic"
                  iconOff="micOff"
                  onToggle={() => media.setMicOn(!media.micOn)}
                />
                <ToggleButton
                  on={media.cameraOn}
                  onLabel={t('videoCall.controls.cameraOn')}
                  offLabel={t('videoCall.controls.cameraOff')}
                  iconOn="camera"
                  iconOff="cameraOff"
                  onToggle={() => media.setCameraOn(!media.cameraOn)}
                />
                <ToggleButton
                  on={call.speakerOn}
                  onLabel={t('videoCall.controls.speakerOn')}
                  offLabel={t('videoCall.controls.speakerOff')}
                  iconOn="speaker"
                  iconOff="speakerOff"
                  onToggle={() => call.setSpeakerOn(!call.speakerOn)}
                />
                <Tooltip label={t('videoCall.controls.swap')}>
                  <ActionIcon
                    size="xl"
                    radius="xl"
                    variant="filled"
                    color="dark"
                    aria-label={t('videoCall.controls.swap')}
                    aria-pressed={swapped}
                    onClick={() => setSwapped((value) => !value)}
                  >
                    <Icon name="swap" />
                  </ActionIcon>
                </Tooltip>
              </Group>
            )}
          </Box>
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
        closeButtonProps={{ 'aria-label': t('common.close') }}
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
