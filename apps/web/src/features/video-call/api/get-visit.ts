import { getAllScheduleByRangeForClinic, wallClockIn, type Schedule } from '@clinic/contract';
import { browserTimeZone } from '@clinic/client/time-zone';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

function shift(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/**
 * The visit of the call screen, looked up among the clinician's visits around today (a call is held
 * on its day, possibly spanning midnight). Null when it is not one of them.
 */
export async function getVisitRequest(seqSchedule: number, signal?: AbortSignal): Promise<Schedule | null> {
  const today = wallClockIn(new Date(), browserTimeZone()).date;
  const reply = await callApi(
    getAllScheduleByRangeForClinic,
    { startDate: shift(today, -1), endDate: shift(today, 1) },
    { signal },
  );
  return reply.scheduleList.find((schedule) => schedule.seqSchedule === seqSchedule) ?? null;
}

const visitQuery = (seqSchedule: number) =>
  queryOptions({
    queryKey: [...queryKeys.schedules, 'visit', seqSchedule] as const,
    queryFn: ({ signal }) => getVisitRequest(seqSchedule, signal),
    staleTime: 30_000,
    refetchOnWindowFocus: false,
  });

export function useVisit(seqSchedule: number | null): UseQueryResult<Schedule | null> {
  return useQuery({ ...visitQuery(seqSchedule ?? 0), enabled: seqSchedule !== null });
}
