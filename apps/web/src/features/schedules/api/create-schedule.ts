import { createSchedule, type ReplyOf, type RequestOf } from '@clinic/contract';
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export type CreateScheduleInput = RequestOf<typeof createSchedule>;
export type CreateScheduleReply = ReplyOf<typeof createSchedule>;

/** Books a visit; overlaps (SE0113, SE0101), the past (SE0116) and non-members (PA0001) fail with a code. */
export function createScheduleRequest(input: CreateScheduleInput): Promise<CreateScheduleReply> {
  return callApi(createSchedule, input);
}

export function useCreateSchedule(): UseMutationResult<CreateScheduleReply, Error, CreateScheduleInput> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createScheduleRequest,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.schedules });
      // The patient list carries today's booked visits.
      void queryClient.invalidateQueries({ queryKey: queryKeys.patientList });
    },
  });
}
