import { updatePaymentMethod, type ReplyOf, type RequestOf } from '@clinic/contract';
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export type UpdatePaymentMethodInput = RequestOf<typeof updatePaymentMethod>;
export type UpdatePaymentMethodReply = ReplyOf<typeof updatePaymentMethod>;

/** Replaces the card on file; in the grace period the overdue month is charged. */
export function updatePaymentMethodRequest(input: UpdatePaymentMethodInput): Promise<UpdatePaymentMethodReply> {
  return callApi(updatePaymentMethod, input);
}

export function useUpdatePaymentMethod(): UseMutationResult<UpdatePaymentMethodReply, Error, UpdatePaymentMethodInput> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePaymentMethodRequest,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.payments }),
  });
}
