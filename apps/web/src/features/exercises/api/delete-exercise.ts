import { deleteExerciseGuide, type ReplyOf } from '@clinic/contract';
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { exerciseKeys } from './exercise-keys.ts';

export type DeleteExerciseReply = ReplyOf<typeof deleteExerciseGuide>;

/** Deletes a prescription that has not started (EX0001 otherwise). */
export function deleteExerciseRequest(seqExercise: number): Promise<DeleteExerciseReply> {
  return callApi(deleteExerciseGuide, { seqExercise });
}

export function useDeleteExercise(): UseMutationResult<DeleteExerciseReply, Error, number> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteExerciseRequest,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: exerciseKeys.all }),
  });
}
