import { signUp, type ReplyOf, type SignUpRequest } from '@clinic/contract';
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';

export type SignUpReply = ReplyOf<typeof signUp>;

export function signUpRequest(input: SignUpRequest): Promise<SignUpReply> {
  return callApi(signUp, input);
}

export function useSignUp(): UseMutationResult<SignUpReply, Error, SignUpRequest> {
  return useMutation({ mutationFn: signUpRequest });
}
