import { getAllScheduleByRangeForClinic, type Schedule } from '@clinic/contract';
import { keepPreviousData, queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

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

const schedulesInRangeQuery = ({ startDate, endDate }: ScheduleRange) =>
  queryOptions({
    queryKey: queryKeys.schedulesInRange(startDate, endDate),
    queryFn: ({ signal }) => getSchedulesInRangeRequest({ startDate, endDate }, signal),
    // Patients book and cancel behind the clinician's back, and visits start and expire.
    staleTime: 0,
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });

export function useSchedulesInRange(range: ScheduleRange): UseQueryResult<Schedule[]> {
  return useQuery(schedulesInRangeQuery(range));
}
