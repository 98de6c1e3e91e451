import { listInquiries, type Inquiry } from '@clinic/contract';
import { keepPreviousData, queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { inquiryKeys } from './inquiry-keys.ts';

export const inquiryPageSize = 10;

export interface InquiryPage {
  inquiryList: Inquiry[];
  totalCount: number;
}

export async function listInquiriesRequest(page: number, signal?: AbortSignal): Promise<InquiryPage> {
  const reply = await callApi(listInquiries, { page, size: inquiryPageSize }, { signal });
  return { inquiryList: reply.inquiryList, totalCount: reply.totalCount };
}

function inquiriesQuery(page: number) {
  return queryOptions({
    queryKey: inquiryKeys.list(page),
    queryFn: ({ signal }) => listInquiriesRequest(page, signal),
    placeholderData: keepPreviousData,
  });
}

/** The clinician's own inquiries, newest first. */
export function useInquiries(page: number): UseQueryResult<InquiryPage> {
  return useQuery(inquiriesQuery(page));
}
