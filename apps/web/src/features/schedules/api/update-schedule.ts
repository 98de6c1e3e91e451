import { updateNotStartedYetSchedule, type ReplyOf, type RequestOf } from '@clinic/contract';
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export type UpdateScheduleInput = RequestOf<typeof updateNotStartedYetSchedule>;
export type UpdateScheduleReply = ReplyOf<typeof updateNotStartedYetSchedule>;

/** Moves or changes a waiting visit (SE0114 once started, SE0115 unchanged, SE0103 past, SE0134 or SE0101 overlap). */
export function updateScheduleRequest(input: UpdateScheduleInput): Promise<UpdateScheduleReply> {
  return callApi(updateNotStartedYetSchedule, input);
}

export function useUpdateSchedule(): UseMutationResult<UpdateScheduleReply, Error, UpdateScheduleInput> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateScheduleRequest,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.schedules });
      void queryClient.invalidateQueries({ queryKey: queryKeys.patientList });
    },
  });
}
