import { updateExerciseStatus, type ReplyOf } from '@clinic/contract';
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { exerciseKeys } from './exercise-keys.ts';

export type UpdateStatusReply = ReplyOf<typeof updateExerciseStatus>;
export interface UpdateStatusInput {
  seqExercise: number;
  exerciseStatus: 0 | 1 | 2 | 3 | 4 | 5;
}

/** Terminates, accomplishes or cancels an exercise; an illegal move answers EX0002. */
export function updateStatusRequest(input: UpdateStatusInput): Promise<UpdateStatusReply> {
  return callApi(updateExerciseStatus, input);
}

export function useUpdateExerciseStatus(): UseMutationResult<UpdateStatusReply, Error, UpdateStatusInput> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStatusRequest,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: exerciseKeys.all }),
  });
}
