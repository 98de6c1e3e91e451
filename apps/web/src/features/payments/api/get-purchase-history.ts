import { getMyPurchaseHistory, type Payment } from '@clinic/contract';
import { keepPreviousData, queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export const purchaseHistoryPageSize = 10;

export interface PurchaseHistoryPage {
  purchaseList: Payment[];
  totalCount: number;
}

export async function getPurchaseHistoryRequest(page: number, signal?: AbortSignal): Promise<PurchaseHistoryPage> {
  const reply = await callApi(getMyPurchaseHistory, { page, size: purchaseHistoryPageSize }, { signal });
  return { purchaseList: reply.purchaseList, totalCount: reply.totalCount };
}

function purchaseHistoryQuery(page: number) {
  return queryOptions({
    queryKey: [...queryKeys.payments, 'history', page] as const,
    queryFn: ({ signal }) => getPurchaseHistoryRequest(page, signal),
    placeholderData: keepPreviousData,
  });
}

/** Charges and trial starts, newest first, a page at a time. */
export function usePurchaseHistory(page: number): UseQueryResult<PurchaseHistoryPage> {
  return useQuery(purchaseHistoryQuery(page));
}
