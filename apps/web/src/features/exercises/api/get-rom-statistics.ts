import { getRomStatistics, type ReplyOf } from '@clinic/contract';
import { keepPreviousData, queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { exerciseKeys } from './exercise-keys.ts';

export type RomStatistics = Pick<ReplyOf<typeof getRomStatistics> & { isSuccess: true }, 'days' | 'prescriptions'>;

export interface RomStatisticsParams {
  seqMedicalRelation: number;
  /** YYYY-MM-DD, in the time zone the HTTP client sends. */
  startDate: string;
  endDate: string;
  position: number | null;
  mode: number | null;
}

/** Per day the smallest and largest angle, exercise time and sessions, with the prescribed ranges. */
export async function getRomStatisticsRequest(
  params: RomStatisticsParams,
  signal?: AbortSignal,
): Promise<RomStatistics> {
  const { days, prescriptions } = await callApi(getRomStatistics, params, { signal });
  return { days, prescriptions };
}

export const romStatisticsQuery = (params: RomStatisticsParams) =>
  queryOptions({
    queryKey: [...exerciseKeys.statistics, params],
    // Devices upload and move statuses behind the app's back: every visit asks again.
    staleTime: 0,
    queryFn: ({ signal }) => getRomStatisticsRequest(params, signal),
    placeholderData: keepPreviousData,
  });

export function useRomStatistics(params: RomStatisticsParams): UseQueryResult<RomStatistics> {
  return useQuery(romStatisticsQuery(params));
}
