import { Alert, Box, Button, Group, Modal, Slider, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import {
  canCrop,
  fitScale,
  initialCrop,
  maxCropWidth,
  minCropWidth,
  moveCrop,
  outputSize,
  resizeCrop,
  type CropBox,
  type Size,
} from '../../image/crop.ts';

const stage: Size = { width: 440, height: 360 };

/** Draws the box of an image to a white-backed JPEG of at most 550x660. */
function cropToJpeg(image: HTMLImageElement, box: CropBox): Promise<Blob> {
  const size = outputSize(box);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('no canvas'));
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size.width, size.height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, box.x, box.y, box.width, box.height, 0, 0, size.width, size.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no blob'))), 'image/jpeg', 0.9),
  );
}

interface Loaded {
  file: File;
  image: HTMLImageElement;
  url: string;
  size: Size;
}

export interface ImageCropperProps {
  file: File | null;
  onCancel: () => void;
  onCropped: (jpeg: Blob) => void;
}

/** A 10:12 crop: drag the box (or use the arrow keys) to move it, the slider to change its size. */
export function ImageCropper({ file, onCancel, onCropped }: ImageCropperProps): ReactElement {
  const { t } = useTranslation();
  const [state, setState] = useState<{ loaded: Loaded; box: CropBox }>();
  const [failure, setFailure] = useState<{ file: File | null; kind: 'load' | 'small' }>();
  // Everything belongs to the file it was made for; a new file starts afresh.
  const loaded = state && state.loaded.file === file ? state.loaded : undefined;
  const box = loaded ? state?.box : undefined;
  const failed = failure && failure.file === file ? failure.kind : undefined;
  const setBox = (next: CropBox): void => setState((current) => (current ? { ...current, box: next } : current));
  const [busy, setBusy] = useState(false);
  const drag = useRef<{ x: number; y: number } | undefined>(undefined);

  useEffect(() => {
    if (!file) return undefined;
    let cancelled = false;
    const setFailed = (kind: 'load' | 'small'): void => setFailure({ file, kind });
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      if (cancelled) return;
      const size = { width: image.naturalWidth, height: image.naturalHeight };
      if (!canCrop(size)) {
        setFailed('small');
        return;
      }
      setState({ loaded: { file, image, url, size }, box: initialCrop(size) });
    };
    image.onerror = () => {
      if (!cancelled) setFailed('load');
    };
    image.src = url;
    return () => {
      cancelled = true;
      URL.revokeObjectURL(url);
    };
  }, [file]);

  const scale = loaded ? fitScale(loaded.size, stage) : 1;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>): void => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>): void => {
    if (!drag.current || !loaded || !box) return;
    const dx = (event.clientX - drag.current.x) / scale;
    const dy = (event.clientY - drag.current.y) / scale;
    drag.current = { x: event.clientX, y: event.clientY };
    setBox(moveCrop(box, dx, dy, loaded.size));
  };
  const onPointerUp = (): void => {
    drag.current = undefined;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (!loaded || !box) return;
    const step = 10 / scale;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    setBox(moveCrop(box, move[0], move[1], loaded.size));
  };

  const apply = async (): Promise<void> => {
    if (!loaded || !box) return;
    setBusy(true);
    try {
      onCropped(await cropToJpeg(loaded.image, box));
    } catch {
      setFailure({ file, kind: 'load' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={file !== null} onClose={onCancel} title={t('image.cropTitle')} size="auto" centered>
      <Stack gap="md" w={stage.width}>
        {failed && (
          <Alert color="red" role="alert">
            {failed === 'small'
              ? t('image.tooSmall', { width: minCropWidth, height: Math.round(minCropWidth * 1.2) })
              : t('image.loadFailed')}
          </Alert>
        )}
        {loaded && box && (
          <>
            <Text size="sm" c="dimmed">
              {t('image.cropHint')}
            </Text>
            <Box
              pos="relative"
              w={loaded.size.width * scale}
              h={loaded.size.height * scale}
              mx="auto"
              style={{ userSelect: 'none', touchAction: 'none' }}
            >
              <img
                src={loaded.url}
                alt=""
                draggable={false}
                style={{ width: '100%', height: '100%', display: 'block', opacity: 0.55 }}
              />
              <div
                role="group"
                tabIndex={0}
                aria-label={t('image.cropArea')}
                onPointerDown={onPointerDown}
                onPointerMove={onPointerMove}
                onPointerUp={onPointerUp}
                onPointerCancel={onPointerUp}
                onKeyDown={onKeyDown}
                style={{
                  position: 'absolute',
                  left: box.x * scale,
                  top: box.y * scale,
                  width: box.width * scale,
                  height: box.height * scale,
                  cursor: 'move',
                  outline: '2px solid var(--mantine-color-teal-5)',
                  boxShadow: '0 0 0 9999px rgba(0, 0, 0, 0.35)',
                  backgroundImage: `url(${loaded.url})`,
                  backgroundSize: `${loaded.size.width * scale}px ${loaded.size.height * scale}px`,
                  backgroundPosition: `${-box.x * scale}px ${-box.y * scale}px`,
                  overflow: 'hidden',
                }}
              />
            </Box>
            <div>
              <Text size="sm" fw={500} id="crop-size-label">
                {t('image.cropSize')}
              </Text>
              <Slider
                min={minCropWidth}
                max={Math.floor(maxCropWidth(loaded.size))}
                value={Math.round(box.width)}
                onChange={(width) => setBox(resizeCrop(box, width, loaded.size))}
                label={(value) => `${value} px`}
                thumbLabel={t('image.cropSize')}
              />
            </div>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void apply()} loading={busy} disabled={!loaded || !box}>
            {t('image.applyCrop')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
