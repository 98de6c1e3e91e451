import { changeActivationStatus, type ReplyOf } from '@clinic/contract';
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export type ChangeActivationReply = ReplyOf<typeof changeActivationStatus>;
export interface ChangeActivationInput {
  seqMedicalRelation: number;
  isEnabled: boolean;
}

/** Activates or deactivates a patient; activating over the plan limit answers PAT0300. */
export function changeActivationRequest(input: ChangeActivationInput): Promise<ChangeActivationReply> {
  return callApi(changeActivationStatus, input);
}

export function useChangeActivation(): UseMutationResult<ChangeActivationReply, Error, ChangeActivationInput> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeActivationRequest,
    onSuccess: (reply, input) => {
      if (!reply.isSuccess) return;
      void queryClient.invalidateQueries({ queryKey: queryKeys.patientList });
      void queryClient.invalidateQueries({ queryKey: queryKeys.patient(input.seqMedicalRelation) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.payments });
    },
  });
}
