import { getManagerInfo, type ManagerProfile } from '@clinic/contract';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';

export const managerInfoKey = ['manager', 'info'] as const;

export async function getManagerInfoRequest(signal?: AbortSignal): Promise<ManagerProfile> {
  const reply = await callApi(getManagerInfo, {}, { signal });
  return reply.manager;
}

export const managerInfoQuery = queryOptions({
  queryKey: managerInfoKey,
  queryFn: ({ signal }) => getManagerInfoRequest(signal),
});

export function useManagerInfo(): UseQueryResult<ManagerProfile> {
  return useQuery(managerInfoQuery);
}
