import { confirmTotpSetup, type ReplyOf } from '@clinic/contract';
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { secondFactorStatusKey } from './second-factor-status.ts';

export type ConfirmTotpSetupReply = ReplyOf<typeof confirmTotpSetup>;

export function useConfirmTotpSetup(): UseMutationResult<ConfirmTotpSetupReply, Error, string> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => callApi(confirmTotpSetup, { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: secondFactorStatusKey }),
  });
}
