import type { WaitingPatient } from '@clinic/contract';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onRealtimeMessage } from '../../../shared/realtime/realtime-connection.ts';
import { waitingPatientsQuery } from '../api/get-waiting-patients.ts';
import { playChime } from '../waiting-room-chime.ts';
import { changesWaitingList, readWaitingRoomSound } from '../waiting-room.ts';

/**
 * The patients in the waiting rooms of the clinician's visits, read again as the socket tells of
 * them; a knock chimes unless the clinician turned the sound off in this browser.
 */
export function useWaitingPatients(): UseQueryResult<WaitingPatient[]> {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onRealtimeMessage((message) => {
        if (message.type !== 'lobby') return;
        // Read at each knock: the switch may have been turned in another tab.
        if (message.state === 'knocked' && readWaitingRoomSound()) playChime();
        if (changesWaitingList(queryClient.getQueryData(waitingPatientsQuery.queryKey), message))
          void queryClient.invalidateQueries({ queryKey: waitingPatientsQuery.queryKey });
      }),
    [queryClient],
  );
  return useQuery(waitingPatientsQuery);
}
