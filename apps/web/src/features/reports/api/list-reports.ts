import { listReports, type ReplyOf } from '@clinic/contract';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { reportKeys } from './report-keys.ts';

export type ReportListItem = ReplyOf<typeof listReports>['reportList'][number];

/** A patient's kept reports, newest first. */
export async function listReportsRequest(seqMedicalRelation: number, signal?: AbortSignal): Promise<ReportListItem[]> {
  const { reportList } = await callApi(listReports, { seqMedicalRelation }, { signal });
  return reportList;
}

const reportListQuery = (seqMedicalRelation: number) =>
  queryOptions({
    queryKey: reportKeys.list(seqMedicalRelation),
    queryFn: ({ signal }) => listReportsRequest(seqMedicalRelation, signal),
  });

export function useReportList(seqMedicalRelation: number): UseQueryResult<ReportListItem[]> {
  return useQuery(reportListQuery(seqMedicalRelation));
}
