import type { Schedule } from '@clinic/contract';
import { ActionIcon, Center, Group, Loader, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchFile } from '../../../shared/api/api-client.ts';
import { ImagePreview } from '../../../shared/ui/image/authorized-image.tsx';
import { Icon } from './icons.tsx';

/** One served photo, whole (contained), through an object URL revoked when it changes. */
function Photo({ path, alt }: { path: string; alt: string }): ReactElement {
  const { t } = useTranslation();
  const file = useQuery({
    queryKey: ['file', path],
    queryFn: ({ signal }) => fetchFile(path, { signal, silent: true }),
    staleTime: Infinity,
  });
  const imageRef = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const image = imageRef.current;
    if (!image || !file.data) return undefined;
    const url = URL.createObjectURL(file.data);
    image.src = url;
    return () => {
      image.removeAttribute('src');
      URL.revokeObjectURL(url);
    };
  }, [file.data]);
  if (file.isError) return <Text c="red">{t('common.loadFailed')}</Text>;
  if (!file.data) return <Loader aria-label={t('common.loading')} />;
  return <img ref={imageRef} alt={alt} style={{ maxWidth: '100%', maxHeight: '70vh', objectFit: 'contain' }} />;
}

/** SPEC 2 image slider: the symptom photos of a visit with left/right cycling and thumbnails. */
export function PhotoSlider({ schedule, initialIndex }: { schedule: Schedule; initialIndex: number }): ReactElement {
  const { t } = useTranslation();
  const photos = schedule.schedulePhotoList;
  const total = photos.length;
  const [index, setIndex] = useState(() => (total > 0 ? Math.min(Math.max(initialIndex, 0), total - 1) : 0));
  const step = (delta: number): void => setIndex((value) => (total === 0 ? 0 : (value + delta + total) % total));

  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'ArrowLeft') setIndex((value) => (total === 0 ? 0 : (value - 1 + total) % total));
      if (event.key === 'ArrowRight') setIndex((value) => (total === 0 ? 0 : (value + 1) % total));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [total]);

  const current = photos[index];
  return (
    <Stack p="md" gap="md" component="main">
      <Title order={1} size="h4">
        {t('videoCall.photos.title', { name: schedule.patientName })}
      </Title>
      {!current ? (
        <Text c="dimmed">{t('videoCall.photos.none')}</Text>
      ) : (
        <>
          <Group wrap="nowrap" justify="space-between" align="center">
            <ActionIcon
              size="xl"
              variant="default"
              aria-label={t('videoCall.photos.previous')}
              onClick={() => step(-1)}
            >
              <Icon name="chevronLeft" />
            </ActionIcon>
            <Center style={{ flex: 1, minHeight: 300 }} aria-live="polite">
              <Photo path={current} alt={t('videoCall.panel.photo', { number: index + 1 })} />
            </Center>
            <ActionIcon size="xl" variant="default" aria-label={t('videoCall.photos.next')} onClick={() => step(1)}>
              <Icon name="chevronRight" />
            </ActionIcon>
          </Group>
          <Text ta="center" size="sm" data-testid="photo-counter">
            {t('videoCall.photos.counter', { current: index + 1, total })}
          </Text>
          <Group
            gap="xs"
            justify="center"
            component="ul"
            aria-label={t('videoCall.photos.thumbnails')}
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {photos.map((path, position) => (
              <li key={path}>
                <UnstyledButton
                  onClick={() => setIndex(position)}
                  aria-label={t('videoCall.panel.photo', { number: position + 1 })}
                  aria-current={position === index || undefined}
                  style={{
                    outline: position === index ? '3px solid var(--mantine-color-teal-6)' : undefined,
                    borderRadius: 6,
                  }}
                >
                  <ImagePreview path={path} alt="" width={64} height={64} />
                </UnstyledButton>
              </li>
            ))}
          </Group>
        </>
      )}
    </Stack>
  );
}
