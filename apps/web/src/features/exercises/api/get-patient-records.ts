import { getPatientRecordsPaged, type ExerciseRecord, type recordSortings } from '@clinic/contract';
import { keepPreviousData, queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { exerciseKeys } from './exercise-keys.ts';

export type RecordSorting = (typeof recordSortings)[number];

export interface PatientRecordsParams {
  seqMedicalRelation: number;
  page: number;
  size: number;
  sortingParam: RecordSorting;
  isDesc: boolean;
  /** Only the records of these days (YYYY-MM-DD, in this browser's time zone), when given. */
  startDate?: string;
  endDate?: string;
}

export interface RecordPage {
  recordList: ExerciseRecord[];
  totalCount: number;
}

/** One page of a patient's device records, of a period when given. */
export async function getPatientRecordsRequest(
  params: PatientRecordsParams,
  signal?: AbortSignal,
): Promise<RecordPage> {
  const { recordList, totalCount } = await callApi(getPatientRecordsPaged, params, { signal });
  return { recordList, totalCount };
}

const patientRecordsQuery = (params: PatientRecordsParams) =>
  queryOptions({
    queryKey: [...exerciseKeys.records, 'patient', params],
    // Devices upload and move statuses behind the app's back: every visit asks again.
    staleTime: 0,
    queryFn: ({ signal }) => getPatientRecordsRequest(params, signal),
    placeholderData: keepPreviousData,
  });

export function usePatientRecords(params: PatientRecordsParams): UseQueryResult<RecordPage> {
  return useQuery(patientRecordsQuery(params));
}
