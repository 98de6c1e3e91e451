import {
  addClinicAssignedExercise,
  updateClinicAssignedExercise,
  type Exercise,
  type ExerciseSettings,
  type ReplyOf,
} from '@clinic/contract';
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { exerciseKeys } from './exercise-keys.ts';

export interface SaveExerciseInput {
  seqMedicalRelation: number;
  /** The prescription being changed, or undefined for a new one. */
  seqExercise?: number | undefined;
  exercise: ExerciseSettings;
}

export type SaveExerciseReply =
  { isSuccess: true; exercise: Exercise } | Extract<ReplyOf<typeof updateClinicAssignedExercise>, { isSuccess: false }>;

/** Prescribes a new exercise or changes a waiting one (EX0001 once it has started). */
export async function saveExerciseRequest({
  seqMedicalRelation,
  seqExercise,
  exercise,
}: SaveExerciseInput): Promise<SaveExerciseReply> {
  if (seqExercise === undefined) {
    const reply = await callApi(addClinicAssignedExercise, { seqMedicalRelation, exercise });
    return { isSuccess: true, exercise: reply.exercise };
  }
  return callApi(updateClinicAssignedExercise, { seqExercise, exercise });
}

export function useSaveExercise(): UseMutationResult<SaveExerciseReply, Error, SaveExerciseInput> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveExerciseRequest,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: exerciseKeys.all }),
  });
}
