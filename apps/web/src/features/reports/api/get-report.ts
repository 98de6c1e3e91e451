import { getReport, type SavedReport } from '@clinic/contract';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { reportKeys } from './report-keys.ts';

/** A kept report, exactly as it was saved. */
export async function getReportRequest(seqReport: number, signal?: AbortSignal): Promise<SavedReport> {
  const { report } = await callApi(getReport, { seqReport }, { signal });
  return report;
}

const reportQuery = (seqReport: number) =>
  queryOptions({
    queryKey: reportKeys.one(seqReport),
    // A kept report never changes.
    staleTime: Infinity,
    queryFn: ({ signal }) => getReportRequest(seqReport, signal),
  });

export function useSavedReport(seqReport: number | null): UseQueryResult<SavedReport> {
  return useQuery({ ...reportQuery(seqReport ?? 0), enabled: seqReport !== null });
}
