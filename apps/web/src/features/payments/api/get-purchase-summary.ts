import { getMyPurchaseSummary, type ReplyOf } from '@clinic/contract';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export type PurchaseSummary = Omit<Extract<ReplyOf<typeof getMyPurchaseSummary>, { isSuccess: true }>, 'isSuccess'>;

export async function getPurchaseSummaryRequest(signal?: AbortSignal): Promise<PurchaseSummary> {
  const { isSuccess: _ok, ...summary } = await callApi(getMyPurchaseSummary, {}, { signal });
  return summary;
}

export const purchaseSummaryQuery = queryOptions({
  queryKey: [...queryKeys.payments, 'summary'] as const,
  queryFn: ({ signal }) => getPurchaseSummaryRequest(signal),
});

/** The current plan, the next charge and the card on file. */
export function usePurchaseSummary(): UseQueryResult<PurchaseSummary> {
  return useQuery(purchaseSummaryQuery);
}
