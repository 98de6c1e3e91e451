import { getAllScheduleByRangeForClinic, wallClockIn, type Schedule } from '@clinic/contract';
import { browserTimeZone } from '@clinic/client/time-zone';
import { keepPreviousData, queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { queryClient } from '../../../shared/api/query-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { defaultView, rangeOf } from '../calendar.ts';

export interface ScheduleRange {
  /** YYYY-MM-DD in the browser's time zone, both included. */
  startDate: string;
  endDate: string;
}

/** The clinician's visits between two dates, with datetimes in the browser's time zone. */
export async function getSchedulesInRangeRequest(range: ScheduleRange, signal?: AbortSignal): Promise<Schedule[]> {
  const reply = await callApi(getAllScheduleByRangeForClinic, range, { signal });
  return reply.scheduleList;
}

const justReadMs = 5_000;

const schedulesInRangeQuery = ({ startDate, endDate }: ScheduleRange) =>
  queryOptions({
    queryKey: queryKeys.schedulesInRange(startDate, endDate),
    queryFn: ({ signal }) => getSchedulesInRangeRequest({ startDate, endDate }, signal),
    // Patients book and cancel behind the clinician's back, and visits start and expire: read again
    // whenever a view opens, unless just read (by home's route, while its code loaded).
    staleTime: 0,
    refetchOnMount: (query) => Date.now() - query.state.dataUpdatedAt > justReadMs,
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });

/** Asks for the visits home's appointments view first shows: today's, and those of its first period. */
export async function prefetchFirstSchedules(): Promise<void> {
  const today = wallClockIn(new Date(), browserTimeZone()).date;
  // On a phone both are today's: one request, as the cache shares a query in flight.
  const ranges = [rangeOf(defaultView(), today), { startDate: today, endDate: today }];
  await Promise.all(ranges.map((range) => queryClient.prefetchQuery(schedulesInRangeQuery(range))));
}

export function useSchedulesInRange(range: ScheduleRange): UseQueryResult<Schedule[]> {
  return useQuery(schedulesInRangeQuery(range));
}
