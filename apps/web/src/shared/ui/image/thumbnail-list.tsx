import { Group, UnstyledButton } from '@mantine/core';
import type { ReactElement } from 'react';
import { ImagePreview } from './authorized-image.tsx';

/** Served images as a row of square thumbnail buttons; the current one, if any, is outlined. */
export function ThumbnailList({
  paths,
  size,
  labelOf,
  onSelect,
  listLabel,
  currentIndex,
}: {
  paths: readonly string[];
  size: number;
  /** The accessible name of the button of the image at an index (the image itself is decorative). */
  labelOf: (index: number) => string;
  onSelect: (index: number) => void;
  listLabel?: string | undefined;
  currentIndex?: number | undefined;
}): ReactElement {
  return (
    <Group
      gap="xs"
      component="ul"
      aria-label={listLabel}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
      justify={currentIndex === undefined ? undefined : 'center'}
    >
      {paths.map((path, index) => (
        <li key={path}>
          <UnstyledButton
            onClick={() => onSelect(index)}
            aria-label={labelOf(index)}
            aria-current={index === currentIndex || undefined}
            style={{
              outline: index === currentIndex ? '3px solid var(--mantine-color-teal-6)' : undefined,
              borderRadius: 6,
            }}
          >
            <ImagePreview path={path} alt="" width={size} height={size} />
          </UnstyledButton>
        </li>
      ))}
    </Group>
  );
}
