import { getSubscriptionStatus, type SubscriptionStatus } from '@clinic/contract';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { queryClient } from '../../../shared/api/query-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export async function getSubscriptionStatusRequest(signal?: AbortSignal): Promise<SubscriptionStatus> {
  const reply = await callApi(getSubscriptionStatus, {}, { signal });
  return reply.subscription;
}

export const subscriptionStatusQuery = queryOptions({
  queryKey: queryKeys.subscriptionStatus,
  queryFn: ({ signal }) => getSubscriptionStatusRequest(signal),
});

/** Asks for the subscription while a signed-in screen's code loads: the frame's plan reminder reads it. */
export function prefetchSubscriptionStatus(): Promise<void> {
  return queryClient.prefetchQuery(subscriptionStatusQuery);
}

/** The subscription, its dates and the active patients against the limit. */
export function useSubscriptionStatus(): UseQueryResult<SubscriptionStatus> {
  return useQuery(subscriptionStatusQuery);
}
