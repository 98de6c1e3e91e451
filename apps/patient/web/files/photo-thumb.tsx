import { Box, Image, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactElement } from 'react';
import { api } from '../api/client.ts';
import { queryKeys } from '../api/queries.ts';

/** A photo served with the session (never a token in its address), shown from a blob URL; not kept offline. */
export function PhotoThumb({ path, alt, height = 88 }: { path: string; alt: string; height?: number }): ReactElement {
  const blob = useQuery({
    queryKey: queryKeys.photo(path),
    queryFn: ({ signal }) => api.fetchFile(path, { signal }),
    staleTime: Infinity,
    retry: false,
  });
  const imageRef = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const image = imageRef.current;
    if (!blob.data || !image) return undefined;
    const objectUrl = URL.createObjectURL(blob.data);
    image.src = objectUrl;
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob.data]);
  if (blob.data) return <Image ref={imageRef} alt={alt} h={height} w="100%" fit="cover" radius="sm" />;
  return (
    <Box
      h={height}
      bg="gray.1"
      style={{ display: 'grid', placeItems: 'center', borderRadius: 4 }}
      aria-label={alt || undefined}
    >
      {blob.isPending ? <Loader size="xs" /> : alt && <Text size="xs">{alt}</Text>}
    </Box>
  );
}
