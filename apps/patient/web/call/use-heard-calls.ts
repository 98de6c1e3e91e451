import { useEffect, useState } from 'react';
import type { RealtimeChannel } from '../realtime/realtime-channel.ts';
import { heardCalls, type HeardCall } from './call.ts';

/** The calls the socket has said were opened or closed since the page was loaded, by visit. */
export function useHeardCalls(channel: RealtimeChannel): ReadonlyMap<number, HeardCall> {
  const [heard, setHeard] = useState<ReadonlyMap<number, HeardCall>>(() => new Map());
  useEffect(
    () =>
      channel.subscribe((message) => {
        if (message.type === 'meeting') setHeard((current) => heardCalls(current, message, Date.now()));
      }),
    [channel],
  );
  return heard;
}
