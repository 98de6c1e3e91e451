import { deleteInquiry } from '@clinic/contract';
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { inquiryKeys } from './inquiry-keys.ts';

/** Removes one of the clinician's inquiries from their list. */
export async function deleteInquiryRequest(seqBoard: number): Promise<void> {
  await callApi(deleteInquiry, { seqBoard });
}

export function useDeleteInquiry(): UseMutationResult<void, Error, number> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInquiryRequest,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: inquiryKeys.all }),
  });
}
