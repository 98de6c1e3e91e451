import { getReportConditions, type ReportData } from '@clinic/contract';
import { keepPreviousData, queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { reportKeys } from './report-keys.ts';

export interface ReportRange {
  seqMedicalRelation: number;
  /** YYYY-MM-DD in the clinician's time zone. */
  startDate: string;
  endDate: string;
}

/** The patient, first and latest condition, adherence, device days and the signing clinician of a period. */
export async function getReportConditionsRequest(range: ReportRange, signal?: AbortSignal): Promise<ReportData> {
  const { isSuccess: _isSuccess, ...data } = await callApi(getReportConditions, range, { signal });
  return data;
}

const reportConditionsQuery = (range: ReportRange) =>
  queryOptions({
    queryKey: [...reportKeys.conditions, range],
    staleTime: 0,
    queryFn: ({ signal }) => getReportConditionsRequest(range, signal),
    placeholderData: keepPreviousData,
  });

export function useReportConditions(range: ReportRange, enabled = true): UseQueryResult<ReportData> {
  return useQuery({ ...reportConditionsQuery(range), enabled });
}
