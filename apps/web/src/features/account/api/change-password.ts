import { changePassword, type ReplyOf, type RequestOf } from '@clinic/contract';
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';

export type ChangePasswordInput = RequestOf<typeof changePassword>;
export type ChangePasswordReply = ReplyOf<typeof changePassword>;

/** Changes the password; the server keeps this session and ends the others. */
export function changePasswordRequest(input: ChangePasswordInput): Promise<ChangePasswordReply> {
  return callApi(changePassword, input);
}

export function useChangePassword(): UseMutationResult<ChangePasswordReply, Error, ChangePasswordInput> {
  return useMutation({ mutationFn: changePasswordRequest });
}
