import { saveProviderInquiry, type RequestOf } from '@clinic/contract';
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';

export type ProviderInquiryInput = RequestOf<typeof saveProviderInquiry>;

/** The provider inquiry form of the login area: no account needed. */
export async function saveProviderInquiryRequest(input: ProviderInquiryInput): Promise<number> {
  const reply = await callApi(saveProviderInquiry, input);
  return reply.seqBoard;
}

export function useSaveProviderInquiry(): UseMutationResult<number, Error, ProviderInquiryInput> {
  return useMutation({ mutationFn: saveProviderInquiryRequest });
}
