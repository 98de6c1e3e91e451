import { resetManagerPw, type ReplyOf } from '@clinic/contract';
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';

export type ResetManagerPwReply = ReplyOf<typeof resetManagerPw>;

export function resetManagerPwRequest(userEmail: string): Promise<ResetManagerPwReply> {
  return callApi(resetManagerPw, { userEmail });
}

export function useResetManagerPw(): UseMutationResult<ResetManagerPwReply, Error, string> {
  return useMutation({ mutationFn: resetManagerPwRequest });
}
