import { disableTotp, type ReplyOf } from '@clinic/contract';
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { secondFactorStatusKey } from './second-factor-status.ts';

export type DisableTotpReply = ReplyOf<typeof disableTotp>;

export function useDisableTotp(): UseMutationResult<DisableTotpReply, Error, string> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => callApi(disableTotp, { password }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: secondFactorStatusKey }),
  });
}
