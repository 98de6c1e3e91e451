import { Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useVisit } from '../../features/video-call/api/get-visit.ts';
import { ImageSlider } from '../../shared/ui/image/image-slider.tsx';

/** The symptom photo slider of a video visit, in its own pop-up (SPEC 2). */
export function Component(): ReactElement {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const seqSchedule = Number(params.get('seqSchedule')) || null;
  const index = Number(params.get('index')) || 0;
  const visit = useVisit(seqSchedule);
  const schedule = visit.data ?? null;

  useEffect(() => {
    if (schedule) document.title = t('videoCall.photos.title', { name: schedule.patientName });
  }, [schedule, t]);

  if (visit.isPending && seqSchedule !== null) {
    return (
      <Center mih="100dvh">
        <Loader role="status" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (!schedule) {
    return (
      <Center mih="100dvh">
        <Text>{t('imageSlider.none')}</Text>
      </Center>
    );
  }
  return (
    <Stack p="md" gap="md" component="main">
      <Title order={1} size="h4">
        {t('videoCall.photos.title', { name: schedule.patientName })}
      </Title>
      <ImageSlider paths={schedule.schedulePhotoList} initialIndex={index} />
    </Stack>
  );
}
