import { checkout, type ReplyOf, type RequestOf } from '@clinic/contract';
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export type CheckoutInput = RequestOf<typeof checkout>;
export type CheckoutReply = ReplyOf<typeof checkout>;

/** Subscribes to a plan; the idempotency key belongs to the attempt (see idempotency.ts). */
export function checkoutRequest(input: CheckoutInput): Promise<CheckoutReply> {
  return callApi(checkout, input);
}

export function useCheckout(): UseMutationResult<CheckoutReply, Error, CheckoutInput> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkoutRequest,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.payments }),
  });
}
