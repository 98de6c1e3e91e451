import { beginTotpSetup, type ReplyOf } from '@clinic/contract';
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';

export type BeginTotpSetupReply = ReplyOf<typeof beginTotpSetup>;

/** A new authenticator secret after the password, pending until its first code confirms it. */
export function useBeginTotpSetup(): UseMutationResult<BeginTotpSetupReply, Error, string> {
  return useMutation({ mutationFn: (password: string) => callApi(beginTotpSetup, { password }) });
}
