import { useEffect, type RefObject } from 'react';

/** The patient's video counts as gone when no frame came for this long. */
const frameStallMs = 3_000;

/**
 * The patient's media on the remote element: its video counts while a live, unmuted track plays
 * frames; the speaker mutes the element, and the chosen output plays it where the browser allows.
 * `onAvailable` and `onOutputFailed` keep their identity across renders.
 */
export function useRemoteVideo({
  remoteVideoRef,
  remote,
  speakerOn,
  outputId,
  onAvailable,
  onOutputFailed,
}: {
  remoteVideoRef: RefObject<HTMLVideoElement | null>;
  /** The remote stream, a new object each time the session hands it over (with new tracks). */
  remote: { stream: MediaStream } | null;
  speakerOn: boolean;
  outputId: string | null | undefined;
  onAvailable: (available: boolean) => void;
  onOutputFailed: () => void;
}): void {
  useEffect(() => {
    const video = remoteVideoRef.current;
    const stream = remote?.stream ?? null;
    if (video && video.srcObject !== stream) {
      video.srcObject = stream;
      if (stream) video.play().catch(() => undefined);
    }
    if (!stream) return undefined;
    let lastFrames = -1;
    let lastFrameAt = Date.now();
    const check = (): void => {
      const live = stream.getVideoTracks().some((track) => track.readyState === 'live' && !track.muted);
      const frames = video?.getVideoPlaybackQuality?.().totalVideoFrames ?? 0;
      if (frames !== lastFrames) {
        lastFrames = frames;
        lastFrameAt = Date.now();
      }
      onAvailable(live && Date.now() - lastFrameAt < frameStallMs && frames > 0);
    };
    const tracks = stream.getTracks();
    for (const track of tracks) {
      track.addEventListener('mute', check);
      track.addEventListener('unmute', check);
      track.addEventListener('ended', check);
    }
    const timer = setInterval(check, 500);
    check();
    return () => {
      clearInterval(timer);
      for (const track of tracks) {
        track.removeEventListener('mute', check);
        track.removeEventListener('unmute', check);
        track.removeEventListener('ended', check);
      }
    };
  }, [remote, remoteVideoRef, onAvailable]);

  useEffect(() => {
    const video = remoteVideoRef.current;
    if (video) video.muted = !speakerOn;
  }, [speakerOn, remoteVideoRef]);

  useEffect(() => {
    const video = remoteVideoRef.current;
    if (!video || !('setSinkId' in video) || !outputId) return;
    video.setSinkId(outputId).catch(onOutputFailed);
  }, [outputId, onOutputFailed, remoteVideoRef]);
}
