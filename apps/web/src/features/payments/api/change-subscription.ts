import { changeSubscription, type ReplyOf } from '@clinic/contract';
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export type ChangeSubscriptionReply = ReplyOf<typeof changeSubscription>;

/** Moves to another plan (once a month); its limit applies at once. */
export function changeSubscriptionRequest(seqProduct: number): Promise<ChangeSubscriptionReply> {
  return callApi(changeSubscription, { seqProduct });
}

export function useChangeSubscription(): UseMutationResult<ChangeSubscriptionReply, Error, number> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeSubscriptionRequest,
    onSuccess: (reply) => {
      if (reply.isSuccess) void queryClient.invalidateQueries({ queryKey: queryKeys.payments });
    },
  });
}
