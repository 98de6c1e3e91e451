import { Alert, Button, FileButton, Group, Stack } from '@mantine/core';
import { useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../i18n/use-message.ts';
import { imageAccept, imageFileProblem, uploadMaxMegabytes } from '../../image/image-file.ts';
import { ImageCropper } from './image-cropper.tsx';
import { ImagePreview } from './authorized-image.tsx';

export interface ImageSelectorProps {
  /** The saved image (a served path), if any. */
  path: string | null;
  /** A new crop that is not saved yet. */
  pending: Blob | null;
  /** True when the saved image is to be removed at the next save. */
  removed: boolean;
  onCropped: (jpeg: Blob) => void;
  onRemove: () => void;
  alt: string;
  fallback?: string;
}

/** SPEC 2 image selector and preview: choose an image, crop it to 10:12, see it before saving. */
export function ImageSelector({
  path,
  pending,
  removed,
  onCropped,
  onRemove,
  alt,
  fallback,
}: ImageSelectorProps): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string>();
  const resetRef = useRef<() => void>(null);

  const choose = (chosen: File | null): void => {
    setProblem(undefined);
    // The same file can be chosen again (e.g. after cancelling the crop).
    resetRef.current?.();
    if (!chosen) return;
    const issue = imageFileProblem(chosen);
    if (issue === 'type') setProblem(message('CM0415'));
    else if (issue === 'size') setProblem(t('image.tooLarge', { size: uploadMaxMegabytes }));
    else setFile(chosen);
  };

  const hasImage = Boolean(pending) || (Boolean(path) && !removed);

  return (
    <Stack gap="xs" align="flex-start">
      <ImagePreview
        path={removed ? null : path}
        blob={pending}
        alt={alt}
        width={120}
        height={144}
        fallback={fallback}
      />
      <Group gap="xs">
        <FileButton onChange={choose} accept={imageAccept} resetRef={resetRef}>
          {(props) => (
            <Button {...props} variant="light" size="xs">
              {t('image.choose')}
            </Button>
          )}
        </FileButton>
        {hasImage && (
          <Button variant="subtle" color="red" size="xs" onClick={onRemove}>
            {t('image.remove')}
          </Button>
        )}
      </Group>
      {problem && (
        <Alert color="red" role="alert" py={6}>
          {problem}
        </Alert>
      )}
      <ImageCropper
        file={file}
        onCancel={() => setFile(null)}
        onCropped={(jpeg) => {
          setFile(null);
          onCropped(jpeg);
        }}
      />
    </Stack>
  );
}
