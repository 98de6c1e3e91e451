import { resendAuthEmail, type ReplyOf } from '@clinic/contract';
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';

export type ResendAuthEmailReply = ReplyOf<typeof resendAuthEmail>;

export function resendAuthEmailRequest(userEmail: string): Promise<ResendAuthEmailReply> {
  return callApi(resendAuthEmail, { userEmail });
}

export function useResendAuthEmail(): UseMutationResult<ResendAuthEmailReply, Error, string> {
  return useMutation({ mutationFn: resendAuthEmailRequest });
}
