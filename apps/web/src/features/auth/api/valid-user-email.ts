import { validUserEmail, type ReplyOf } from '@clinic/contract';
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';

export type ValidUserEmailReply = ReplyOf<typeof validUserEmail>;

export function validUserEmailRequest(userEmail: string): Promise<ValidUserEmailReply> {
  return callApi(validUserEmail, { userEmail });
}

export function useValidUserEmail(): UseMutationResult<ValidUserEmailReply, Error, string> {
  return useMutation({ mutationFn: validUserEmailRequest });
}
