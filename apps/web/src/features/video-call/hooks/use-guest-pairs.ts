import { isGuestParty, startMeshCall, type CallMesh, type CallPeer } from '@clinic/call';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { onRealtimeMessage, type RealtimeConnection } from '../../../shared/realtime/realtime-connection.ts';
import type { Joining } from './use-prepared-session.ts';

/**
 * The clinician's connections with the guests of the open call, one per guest (the pair with the
 * patient is the call's own session): made as each guest joins and says hello, closed when the
 * clinician removes them, and sending what the clinician's camera and microphone send.
 */
export function useGuestPairs({
  joining,
  realtimeRef,
  audioTrack,
  videoTrack,
}: {
  joining: Joining | null;
  realtimeRef: RefObject<RealtimeConnection | null>;
  audioTrack: MediaStreamTrack | null;
  videoTrack: MediaStreamTrack | null;
}): CallPeer[] {
  const [peers, setPeers] = useState<CallPeer[]>([]);
  const tracks = useRef({ audio: audioTrack, video: videoTrack });
  const meshRef = useRef<CallMesh | null>(null);

  useEffect(() => {
    if (!joining) return;
    const call = startMeshCall({
      self: 'clinician',
      accepts: isGuestParty,
      joined: joining,
      send: (message) => void realtimeRef.current?.send(message),
      subscribe: onRealtimeMessage,
      localTracks: tracks.current,
      onPeers: setPeers,
    });
    meshRef.current = call.mesh;
    return () => {
      call.stop();
      meshRef.current = null;
      setPeers([]);
    };
  }, [joining, realtimeRef]);

  useEffect(() => {
    tracks.current = { audio: audioTrack, video: videoTrack };
    void meshRef.current?.replaceTrack('audio', audioTrack);
    void meshRef.current?.replaceTrack('video', videoTrack);
  }, [audioTrack, videoTrack]);

  return peers;
}
