import { getProductList, type Product } from '@clinic/contract';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { sortPlans } from '../plan-presentation.ts';

export async function getProductListRequest(signal?: AbortSignal): Promise<Product[]> {
  const reply = await callApi(getProductList, {}, { signal });
  return sortPlans(reply.productList);
}

export const productListQuery = queryOptions({
  queryKey: [...queryKeys.payments, 'products'] as const,
  queryFn: ({ signal }) => getProductListRequest(signal),
  staleTime: 10 * 60 * 1000,
});

/** The three plans, cheapest first. */
export function useProductList(): UseQueryResult<Product[]> {
  return useQuery(productListQuery);
}
