import { getRomStatistics, type ReplyOf } from '@clinic/contract';
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { callApi } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

export type RomStatistics = Pick<ReplyOf<typeof getRomStatistics> & { isSuccess: true }, 'days' | 'prescriptions'>;

export interface RomStatisticsParams {
  seqMedicalRelation: number;
  /** YYYY-MM-DD, in the time zone the HTTP client sends. */
  startDate: string;
  endDate: string;
  position: number | null;
  mode: number | null;
}

async function getRomStatisticsRequest(params: RomStatisticsParams, signal?: AbortSignal): Promise<RomStatistics> {
  const { days, prescriptions } = await callApi(getRomStatistics, params, { signal });
  return { days, prescriptions };
}

/**
 * Per day the smallest and largest angle, exercise time and sessions, with the prescribed ranges:
 * the ROM chart of the exercise screens and the ROM monitoring of a report.
 */
export function useRomStatistics(params: RomStatisticsParams, enabled = true): UseQueryResult<RomStatistics> {
  return useQuery({
    queryKey: queryKeys.romStatistics(params),
    // Devices upload and move statuses behind the app's back: every visit asks again.
    staleTime: 0,
    queryFn: ({ signal }) => getRomStatisticsRequest(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
