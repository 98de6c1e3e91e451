import { ActionIcon, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchFile } from '../../api/api-client.ts';
import { Icon } from '../icons.tsx';
import { ThumbnailList } from './thumbnail-list.tsx';

/** One served image, whole (contained), through an object URL revoked when it changes. */
function WholeImage({ path, alt }: { path: string; alt: string }): ReactElement {
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
  if (!file.data) return <Loader role="status" aria-label={t('common.loading')} />;
  return <img ref={imageRef} alt={alt} style={{ maxWidth: '100%', maxHeight: '70vh', objectFit: 'contain' }} />;
}

/** The index `delta` steps from `index`, going round at both ends. */
function cycled(index: number, delta: number, total: number): number {
  return total === 0 ? 0 : (index + delta + total) % total;
}

/** SPEC 2 image slider: served images with left/right cycling (buttons and arrow keys) and thumbnails. */
export function ImageSlider({ paths, initialIndex }: { paths: readonly string[]; initialIndex: number }): ReactElement {
  const { t } = useTranslation();
  const total = paths.length;
  const [index, setIndex] = useState(() => (total > 0 ? Math.min(Math.max(initialIndex, 0), total - 1) : 0));
  const step = (delta: number): void => setIndex((value) => cycled(value, delta, total));

  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'ArrowLeft') setIndex((value) => cycled(value, -1, total));
      if (event.key === 'ArrowRight') setIndex((value) => cycled(value, 1, total));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [total]);

  const current = paths[index];
  if (!current) return <Text c="dimmed">{t('imageSlider.none')}</Text>;
  return (
    <Stack gap="md">
      <Group wrap="nowrap" justify="space-between" align="center">
        <ActionIcon size="xl" variant="default" aria-label={t('imageSlider.previous')} onClick={() => step(-1)}>
          <Icon name="chevronLeft" />
        </ActionIcon>
        <Center style={{ flex: 1, minHeight: 300 }} aria-live="polite">
          <WholeImage path={current} alt={t('imageSlider.photo', { number: index + 1 })} />
        </Center>
        <ActionIcon size="xl" variant="default" aria-label={t('imageSlider.next')} onClick={() => step(1)}>
          <Icon name="chevronRight" />
        </ActionIcon>
      </Group>
      <Text ta="center" size="sm" data-testid="photo-counter">
        {t('imageSlider.counter', { current: index + 1, total })}
      </Text>
      <ThumbnailList
        paths={paths}
        size={64}
        labelOf={(position) => t('imageSlider.photo', { number: position + 1 })}
        onSelect={setIndex}
        listLabel={t('imageSlider.thumbnails')}
        currentIndex={index}
      />
    </Stack>
  );
}
