import { getGuests, type CallGuest } from '@clinic/contract';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';

export const guestsQueryKey = (seqSchedule: number): readonly unknown[] => ['meeting', 'guests', seqSchedule];

/** The guests invited to a visit's call, the latest first. */
export function useGuestList(seqSchedule: number): UseQueryResult<CallGuest[]> {
  return useQuery({
    queryKey: guestsQueryKey(seqSchedule),
    queryFn: async ({ signal }) => (await callApi(getGuests, { seqSchedule }, { signal })).guests,
    // A guest whose browser falls silent is told of by nobody: read again to see them leave.
    refetchInterval: 30_000,
  });
}
