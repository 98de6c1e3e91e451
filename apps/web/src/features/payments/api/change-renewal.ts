import { changeRenewal, type ReplyOf } from '@clinic/contract';
import type { UseMutationResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { usePaymentsMutation } from './payments-mutation.ts';

export type ChangeRenewalReply = ReplyOf<typeof changeRenewal>;

/** Cancels the renewal (the plan ends with its period, without a charge) or resumes it. */
export function changeRenewalRequest(cancelAtPeriodEnd: boolean): Promise<ChangeRenewalReply> {
  return callApi(changeRenewal, { cancelAtPeriodEnd });
}

export function useChangeRenewal(): UseMutationResult<ChangeRenewalReply, Error, boolean> {
  return usePaymentsMutation(changeRenewalRequest);
}
