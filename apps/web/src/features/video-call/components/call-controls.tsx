import { ActionIcon, Box, Group, Tooltip } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../shared/ui/icons.tsx';
import type { LocalMedia } from '../hooks/use-local-media.ts';

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

/** The call's toolbar over the video (microphone, camera, speaker, swap), which folds away. */
export function CallControls({
  media,
  speakerOn,
  onSpeakerOn,
  swapped,
  onSwap,
}: {
  media: LocalMedia;
  speakerOn: boolean;
  onSpeakerOn: (on: boolean) => void;
  swapped: boolean;
  onSwap: () => void;
}): ReactElement {
  const { t } = useTranslation();
  const [controlsOpen, setControlsOpen] = useState(true);
  return (
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
            on={speakerOn}
            onLabel={t('videoCall.controls.speakerOn')}
            offLabel={t('videoCall.controls.speakerOff')}
            iconOn="speaker"
            iconOff="speakerOff"
            onToggle={() => onSpeakerOn(!speakerOn)}
          />
          <Tooltip label={t('videoCall.controls.swap')}>
            <ActionIcon
              size="xl"
              radius="xl"
              variant="filled"
              color="dark"
              aria-label={t('videoCall.controls.swap')}
              aria-pressed={swapped}
              onClick={onSwap}
            >
              <Icon name="swap" />
            </ActionIcon>
          </Tooltip>
        </Group>
      )}
    </Box>
  );
}
