import { getReceipt, type Receipt } from '@clinic/contract';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';

/** The receipt of one of the clinician's charges, as it was issued. */
export async function getReceiptRequest(seqPayment: number, signal?: AbortSignal): Promise<Receipt> {
  const { receipt } = await callApi(getReceipt, { seqPayment }, { signal });
  return receipt;
}

const receiptQuery = (seqPayment: number) =>
  queryOptions({
    queryKey: ['receipts', seqPayment] as const,
    // A receipt never changes once issued.
    staleTime: Infinity,
    queryFn: ({ signal }) => getReceiptRequest(seqPayment, signal),
  });

export function useReceipt(seqPayment: number | null): UseQueryResult<Receipt> {
  return useQuery({ ...receiptQuery(seqPayment ?? 0), enabled: seqPayment !== null });
}
