import { cancelNotStartedYetSchedule, type ReplyOf } from '@clinic/contract';
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export type CancelScheduleReply = ReplyOf<typeof cancelNotStartedYetSchedule>;

/** Cancels a waiting visit (SE0114 once it has started); the patient is told. */
export function cancelScheduleRequest(seqSchedule: number): Promise<CancelScheduleReply> {
  return callApi(cancelNotStartedYetSchedule, { seqSchedule });
}

export function useCancelSchedule(): UseMutationResult<CancelScheduleReply, Error, number> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelScheduleRequest,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.schedules });
      void queryClient.invalidateQueries({ queryKey: queryKeys.patientList });
    },
  });
}
