import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { queryKeys } from '../../../shared/api/query-keys.ts';

/** A change of the subscription: once it succeeded, every payment query is read again. */
export function usePaymentsMutation<Input, Reply extends { isSuccess: boolean }>(
  mutationFn: (input: Input) => Promise<Reply>,
): UseMutationResult<Reply, Error, Input> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (reply) => {
      if (reply.isSuccess) void queryClient.invalidateQueries({ queryKey: queryKeys.payments });
    },
  });
}
