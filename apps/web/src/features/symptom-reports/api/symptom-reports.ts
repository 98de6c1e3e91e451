import { listSymptomReports, type SymptomReport } from '@clinic/contract';
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export interface SymptomReportPage {
  symptomReportList: SymptomReport[];
  totalCount: number;
}

/** One page of the reports the patient sent, newest first. */
export function useSymptomReportPage(
  seqMedicalRelation: number,
  page: number,
  size: number,
): UseQueryResult<SymptomReportPage> {
  return useQuery({
    queryKey: [...queryKeys.symptomReports(seqMedicalRelation), { page, size }],
    queryFn: async ({ signal }) => {
      const reply = await callApi(listSymptomReports, { seqMedicalRelation, page, size }, { signal });
      return { symptomReportList: reply.symptomReportList, totalCount: reply.totalCount };
    },
    placeholderData: keepPreviousData,
  });
}
