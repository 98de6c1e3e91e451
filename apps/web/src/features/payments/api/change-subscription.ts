import { changeSubscription, type ReplyOf } from '@clinic/contract';
import type { UseMutationResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { usePaymentsMutation } from './payments-mutation.ts';

export type ChangeSubscriptionReply = ReplyOf<typeof changeSubscription>;

/** Moves to another plan (once a month); its limit applies at once. */
export function changeSubscriptionRequest(seqProduct: number): Promise<ChangeSubscriptionReply> {
  return callApi(changeSubscription, { seqProduct });
}

export function useChangeSubscription(): UseMutationResult<ChangeSubscriptionReply, Error, number> {
  return usePaymentsMutation(changeSubscriptionRequest);
}
