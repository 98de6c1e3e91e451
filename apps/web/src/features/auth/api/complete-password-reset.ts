import { completePasswordReset, type ReplyOf, type RequestOf } from '@clinic/contract';
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';

export type CompletePasswordResetInput = RequestOf<typeof completePasswordReset>;
export type CompletePasswordResetReply = ReplyOf<typeof completePasswordReset>;

export function completePasswordResetRequest(input: CompletePasswordResetInput): Promise<CompletePasswordResetReply> {
  return callApi(completePasswordReset, input);
}

export function useCompletePasswordReset(): UseMutationResult<
  CompletePasswordResetReply,
  Error,
  CompletePasswordResetInput
> {
  return useMutation({ mutationFn: completePasswordResetRequest });
}
