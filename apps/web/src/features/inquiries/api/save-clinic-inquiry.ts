import { saveClinicInquiry, type Inquiry, type RequestOf } from '@clinic/contract';
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { inquiryKeys } from './inquiry-keys.ts';

export type ClinicInquiryInput = RequestOf<typeof saveClinicInquiry>;

/** Contact us: the logged-in clinician's question, kept in their list. */
export async function saveClinicInquiryRequest(input: ClinicInquiryInput): Promise<Inquiry> {
  const reply = await callApi(saveClinicInquiry, input);
  return reply.inquiry;
}

export function useSaveClinicInquiry(): UseMutationResult<Inquiry, Error, ClinicInquiryInput> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveClinicInquiryRequest,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: inquiryKeys.all }),
  });
}
