import { regenerateRecoveryCodes, type ReplyOf } from '@clinic/contract';
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { secondFactorStatusKey } from './second-factor-status.ts';

export type RegenerateRecoveryCodesReply = ReplyOf<typeof regenerateRecoveryCodes>;

export function useRegenerateRecoveryCodes(): UseMutationResult<RegenerateRecoveryCodesReply, Error, string> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => callApi(regenerateRecoveryCodes, { password }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: secondFactorStatusKey }),
  });
}
