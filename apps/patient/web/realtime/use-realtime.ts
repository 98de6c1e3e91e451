import type { RealtimeStatus } from '@clinic/client/realtime-client';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { startLazily } from '../lazy/start-lazily.ts';
import { createRealtimeHub, type RealtimeChannel } from './realtime-channel.ts';

/**
 * The socket of the signed-in patient (connect.ts), and the channel that video calls signal through.
 * Its client and the contract's message checks load beside the first screen, not before it.
 */
export function useRealtime(): { status: RealtimeStatus; channel: RealtimeChannel } {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<RealtimeStatus>('connecting');
  const [hub] = useState(createRealtimeHub);

  useEffect(
    () =>
      startLazily(
        () => import('./connect.ts'),
        ({ connectRealtime }) => connectRealtime(queryClient, hub, setStatus),
      ),
    [queryClient, hub],
  );

  return { status, channel: hub };
}
