import { confirmUserPassword, type ReplyOf } from '@clinic/contract';
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';

export type ConfirmUserPasswordReply = ReplyOf<typeof confirmUserPassword>;

export function confirmUserPasswordRequest(password: string): Promise<ConfirmUserPasswordReply> {
  return callApi(confirmUserPassword, { password });
}

export function useConfirmUserPassword(): UseMutationResult<ConfirmUserPasswordReply, Error, string> {
  return useMutation({ mutationFn: confirmUserPasswordRequest });
}
