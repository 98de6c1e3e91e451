import { findUserId, type ReplyOf, type RequestOf } from '@clinic/contract';
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';

export type FindUserIdInput = RequestOf<typeof findUserId>;
export type FindUserIdReply = ReplyOf<typeof findUserId>;

export function findUserIdRequest(input: FindUserIdInput): Promise<FindUserIdReply> {
  return callApi(findUserId, input);
}

export function useFindUserId(): UseMutationResult<FindUserIdReply, Error, FindUserIdInput> {
  return useMutation({ mutationFn: findUserIdRequest });
}
