import { completeLogin, type ReplyOf, type RequestOf } from '@clinic/contract';
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { authActions } from '../../../shared/session/auth-store.ts';

export type CompleteLoginInput = RequestOf<typeof completeLogin>;
export type CompleteLoginReply = ReplyOf<typeof completeLogin>;

/** Finishes a login with a code after the password; a success keeps the session like a login does. */
export async function completeLoginRequest(input: CompleteLoginInput): Promise<CompleteLoginReply> {
  const reply = await callApi(completeLogin, input);
  if (reply.isSuccess) authActions.setSession(reply.token, reply.user);
  return reply;
}

export function useCompleteLogin(): UseMutationResult<CompleteLoginReply, Error, CompleteLoginInput> {
  return useMutation({ mutationFn: completeLoginRequest });
}
