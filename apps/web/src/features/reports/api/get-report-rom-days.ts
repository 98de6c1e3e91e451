import { getRomStatistics } from '@clinic/contract';
import { keepPreviousData, queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import type { RomDay } from '../report-model.ts';
import { reportKeys } from './report-keys.ts';

export interface RomDaysParams {
  seqMedicalRelation: number;
  startDate: string;
  endDate: string;
  position: number | null;
  mode: number | null;
}

/** Per day the smallest and largest angle, exercise time and sessions: the ROM monitoring of a report. */
export async function getReportRomDaysRequest(params: RomDaysParams, signal?: AbortSignal): Promise<RomDay[]> {
  const { days } = await callApi(getRomStatistics, params, { signal });
  return days;
}

export const reportRomDaysQuery = (params: RomDaysParams) =>
  queryOptions({
    queryKey: [...reportKeys.romDays, params],
    staleTime: 0,
    queryFn: ({ signal }) => getReportRomDaysRequest(params, signal),
    placeholderData: keepPreviousData,
  });

export function useReportRomDays(params: RomDaysParams, enabled = true): UseQueryResult<RomDay[]> {
  return useQuery({ ...reportRomDaysQuery(params), enabled });
}
