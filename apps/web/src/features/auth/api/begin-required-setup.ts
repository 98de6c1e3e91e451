import { beginRequiredSetup, type ReplyOf } from '@clinic/contract';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';

export type BeginRequiredSetupReply = ReplyOf<typeof beginRequiredSetup>;

/** The authenticator secret of the set-up a login asks for; made once per challenge. */
export function useBeginRequiredSetup(challenge: string): UseQueryResult<BeginRequiredSetupReply> {
  return useQuery({
    queryKey: ['secondFactor', 'requiredSetup', challenge],
    queryFn: () => callApi(beginRequiredSetup, { challenge }),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
