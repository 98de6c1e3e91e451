import type { Schedule } from '@clinic/contract';
import { Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageSlider } from '../../../shared/ui/image/image-slider.tsx';
import { ThumbnailList } from '../../../shared/ui/image/thumbnail-list.tsx';

/** What the patient sent with a booking: the symptoms text and photo thumbnails that open the slider. */
export function VisitSymptoms({ schedule }: { schedule: Schedule }): ReactElement | null {
  const { t } = useTranslation();
  const [opened, setOpened] = useState<number | null>(null);
  const photos = schedule.schedulePhotoList;
  if (!schedule.scheduleSymptoms && photos.length === 0) return null;
  return (
    <Stack gap={4}>
      {schedule.scheduleSymptoms && (
        <>
          <Text size="xs" c="dimmed">
            {t('schedule.fields.symptoms')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {schedule.scheduleSymptoms}
          </Text>
        </>
      )}
      {photos.length > 0 && (
        <>
          <Text size="xs" c="dimmed">
            {t('schedule.fields.photos')}
          </Text>
          <ThumbnailList
            paths={photos}
            size={64}
            labelOf={(index) => t('schedule.openPhoto', { number: index + 1 })}
            onSelect={setOpened}
          />
        </>
      )}
      <Modal
        opened={opened !== null}
        onClose={() => setOpened(null)}
        title={t('schedule.photosTitle', { name: schedule.patientName })}
        size="xl"
      >
        {opened !== null && <ImageSlider paths={photos} initialIndex={opened} />}
      </Modal>
    </Stack>
  );
}
