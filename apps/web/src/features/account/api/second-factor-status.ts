import { secondFactorStatus, type ReplyOf } from '@clinic/contract';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';

export type SecondFactorStatus = ReplyOf<typeof secondFactorStatus>;

export const secondFactorStatusKey = ['secondFactor', 'status'] as const;

const secondFactorStatusQuery = queryOptions({
  queryKey: secondFactorStatusKey,
  queryFn: ({ signal }) => callApi(secondFactorStatus, {}, { signal }),
});

export function useSecondFactorStatus(): UseQueryResult<SecondFactorStatus> {
  return useQuery(secondFactorStatusQuery);
}
