import { saveReport, type RequestOf, type SavedReport } from '@clinic/contract';
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { reportKeys } from './report-keys.ts';

export type SaveReportInput = RequestOf<typeof saveReport>;

/** Keeps a report with the data of its period as they are now. */
export async function saveReportRequest(input: SaveReportInput): Promise<SavedReport> {
  const { report } = await callApi(saveReport, input);
  return report;
}

export function useSaveReport(): UseMutationResult<SavedReport, Error, SaveReportInput> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReportRequest,
    onSuccess: (report) => {
      queryClient.setQueryData(reportKeys.one(report.seqReport), report);
      return queryClient.invalidateQueries({ queryKey: reportKeys.list(report.seqMedicalRelation) });
    },
  });
}
