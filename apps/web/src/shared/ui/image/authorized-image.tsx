import { Box, Center, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactElement } from 'react';
import { fetchFile } from '../../api/api-client.ts';

/** The bytes of a served upload; they need the access token, so an <img src> cannot fetch them itself. */
function useFileBlob(path: string | null | undefined) {
  return useQuery({
    queryKey: ['file', path],
    queryFn: ({ signal }) => fetchFile(path ?? '', { signal, silent: true }),
    enabled: Boolean(path),
    staleTime: Infinity,
    gcTime: 10 * 60 * 1000,
  });
}

export interface ImagePreviewProps {
  /** A served path (e.g. an upload's publicPath) fetched with the session. */
  path?: string | null;
  /** A local image, e.g. a crop not saved yet; shown instead of `path`. */
  blob?: Blob | null;
  alt: string;
  width: number;
  height: number;
  /** Shown when there is no image (e.g. initials). */
  fallback?: string;
  radius?: number | string;
}

/**
 * SPEC 2 image preview: shows a local blob or a served upload through an object URL (the CSP allows
 * blob: images) and revokes the URL when the image changes or leaves the screen.
 */
export function ImagePreview({
  path,
  blob,
  alt,
  width,
  height,
  fallback,
  radius = 'var(--mantine-radius-md)',
}: ImagePreviewProps): ReactElement {
  const served = useFileBlob(blob ? null : path);
  const shown = blob ?? (path ? served.data : undefined);
  const imageRef = useRef<HTMLImageElement>(null);

  useEffect(() => {
    const image = imageRef.current;
    if (!image || !shown) return undefined;
    const url = URL.createObjectURL(shown);
    image.src = url;
    return () => {
      image.removeAttribute('src');
      URL.revokeObjectURL(url);
    };
  }, [shown]);

  if (!shown) {
    return (
      <Center
        w={width}
        h={height}
        bg="gray.1"
        style={{ borderRadius: radius, flexShrink: 0 }}
        aria-busy={served.isFetching || undefined}
      >
        <Text c="dimmed" fw={600} size={width > 80 ? 'xl' : 'sm'} aria-hidden>
          {fallback ?? ''}
        </Text>
      </Center>
    );
  }
  return (
    <Box w={width} h={height} style={{ flexShrink: 0 }}>
      <img
        ref={imageRef}
        alt={alt}
        width={width}
        height={height}
        style={{ objectFit: 'cover', borderRadius: radius, display: 'block', width, height }}
      />
    </Box>
  );
}
