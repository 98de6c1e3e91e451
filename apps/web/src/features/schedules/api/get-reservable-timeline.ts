import { getReservableTimeline, type TimelineWindow } from '@clinic/contract';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export interface ReservableTimeline {
  /** The time zone the windows are kept in. */
  timeZone: string;
  timeline: TimelineWindow[];
}

/** The clinician's weekly open hours, in which patients may book. */
export async function getReservableTimelineRequest(signal?: AbortSignal): Promise<ReservableTimeline> {
  const reply = await callApi(getReservableTimeline, {}, { signal });
  return { timeZone: reply.timeZone, timeline: reply.timeline };
}

export const reservableTimelineQuery = queryOptions({
  queryKey: queryKeys.reservableTimeline,
  queryFn: ({ signal }) => getReservableTimelineRequest(signal),
  staleTime: 0,
});

export function useReservableTimeline(enabled = true): UseQueryResult<ReservableTimeline> {
  return useQuery({ ...reservableTimelineQuery, enabled });
}
