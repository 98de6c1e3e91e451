import { useEffect, useRef, type ReactElement } from 'react';

/** A <video> showing a stream, or nothing. */
export function StreamVideo({
  stream,
  muted,
  label,
  testId,
  mirrored,
  party,
}: {
  stream: MediaStream | null;
  muted: boolean;
  label: string;
  testId: string;
  mirrored?: boolean;
  /** Whose stream it is, in a call of three or more. */
  party?: string;
}): ReactElement {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.srcObject = stream;
    if (stream) video.play().catch(() => undefined);
  }, [stream]);
  return (
    <video
      ref={ref}
      data-testid={testId}
      data-party={party}
      aria-label={label}
      autoPlay
      playsInline
      muted={muted}
      style={{
        width: '100%',
        height: '100%',
        objectFit: 'cover',
        background: '#1a1b1e',
        display: 'block',
        transform: mirrored ? 'scaleX(-1)' : undefined,
      }}
    />
  );
}
