import { updatePenaltyInfo, type penaltyChoices, type ReplyOf } from '@clinic/contract';
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';

export type PenaltyChoice = (typeof penaltyChoices)[number];
export type UpdatePenaltyReply = ReplyOf<typeof updatePenaltyInfo>;

/** Records what the clinician over the limit chose in the pay pop-up (decision 0007). */
export function updatePenaltyInfoRequest(choice: PenaltyChoice): Promise<UpdatePenaltyReply> {
  return callApi(updatePenaltyInfo, { choice });
}

export function useUpdatePenaltyInfo(): UseMutationResult<UpdatePenaltyReply, Error, PenaltyChoice> {
  return useMutation({ mutationFn: updatePenaltyInfoRequest });
}
