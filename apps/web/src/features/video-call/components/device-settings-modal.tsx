import { Button, Checkbox, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { pickDevice, type DeviceChoice, type DeviceItem } from '../devices.ts';
import type { LocalMedia } from '../hooks/use-local-media.ts';

function DeviceSelect({
  label,
  items,
  value,
  onChange,
}: {
  label: string;
  items: DeviceItem[];
  value: string | null;
  onChange: (value: string) => void;
}): ReactElement {
  const { t } = useTranslation();
  return (
    <NativeSelect
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.currentTarget.value)}
      disabled={items.length === 0}
      data={
        items.length === 0
          ? [{ value: '', label: t('videoCall.devices.none') }]
          : items.map((item) => ({ value: item.deviceId, label: item.title }))
      }
    />
  );
}

/** SPEC 2 device-setting modal: flip, camera, microphone, speaker and "complete setup". */
export function DeviceSettingsModal({
  opened,
  media,
  flipped,
  onClose,
  onComplete,
}: {
  opened: boolean;
  media: LocalMedia;
  flipped: boolean;
  onClose: () => void;
  onComplete: (choice: DeviceChoice, flipped: boolean) => void;
}): ReactElement {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('videoCall.devices.title')} centered>
      {opened && <DeviceForm media={media} flipped={flipped} onComplete={onComplete} />}
    </Modal>
  );
}

function DeviceForm({
  media,
  flipped,
  onComplete,
}: {
  media: LocalMedia;
  flipped: boolean;
  onComplete: (choice: DeviceChoice, flipped: boolean) => void;
}): ReactElement {
  const { t } = useTranslation();
  // A device not chosen yet reads as the one the select shows: the saved one if still there, else the first.
  const [choice, setChoice] = useState<DeviceChoice>(() => ({
    videoInputDeviceId: pickDevice(media.lists.videoinput, media.choice.videoInputDeviceId),
    audioInputDeviceId: pickDevice(media.lists.audioinput, media.choice.audioInputDeviceId),
    audioOutputDeviceId: pickDevice(media.lists.audiooutput, media.choice.audioOutputDeviceId),
  }));
  const [flip, setFlip] = useState(flipped);
  return (
    <Stack gap="sm">
      <Checkbox
        label={t('videoCall.devices.flip')}
        checked={flip}
        onChange={(event) => setFlip(event.currentTarget.checked)}
      />
      <DeviceSelect
        label={t('videoCall.devices.camera')}
        items={media.lists.videoinput}
        value={choice.videoInputDeviceId}
        onChange={(value) => setChoice((previous) => ({ ...previous, videoInputDeviceId: value }))}
      />
      <DeviceSelect
        label={t('videoCall.devices.microphone')}
        items={media.lists.audioinput}
        value={choice.audioInputDeviceId}
        onChange={(value) => setChoice((previous) => ({ ...previous, audioInputDeviceId: value }))}
      />
      {media.canChooseSpeaker ? (
        <DeviceSelect
          label={t('videoCall.devices.speaker')}
          items={media.lists.audiooutput}
          value={choice.audioOutputDeviceId}
          onChange={(value) => setChoice((previous) => ({ ...previous, audioOutputDeviceId: value }))}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t('videoCall.devices.defaultSpeaker')}
        </Text>
      )}
      <Button onClick={() => onComplete(choice, flip)}>{t('videoCall.devices.complete')}</Button>
    </Stack>
  );
}
