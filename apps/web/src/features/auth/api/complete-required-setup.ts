import { completeRequiredSetup, type ReplyOf, type RequestOf } from '@clinic/contract';
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';

export type CompleteRequiredSetupInput = RequestOf<typeof completeRequiredSetup>;
export type CompleteRequiredSetupReply = ReplyOf<typeof completeRequiredSetup>;

/** Confirms the required set-up; the session it opens is kept once the recovery codes have been seen. */
export function useCompleteRequiredSetup(): UseMutationResult<
  CompleteRequiredSetupReply,
  Error,
  CompleteRequiredSetupInput
> {
  return useMutation({ mutationFn: (input: CompleteRequiredSetupInput) => callApi(completeRequiredSetup, input) });
}
