import { getPatientDetail, type ReplyOf } from '@clinic/contract';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export type PatientDetail = Omit<Extract<ReplyOf<typeof getPatientDetail>, { isSuccess: true }>, 'isSuccess'>;

/** One patient with the first and the latest condition entries. */
export async function getPatientDetailRequest(
  seqMedicalRelation: number,
  signal?: AbortSignal,
): Promise<PatientDetail> {
  const { patient, firstStatus, latestStatus } = await callApi(getPatientDetail, { seqMedicalRelation }, { signal });
  return { patient, firstStatus, latestStatus };
}

const patientDetailQuery = (seqMedicalRelation: number) =>
  queryOptions({
    queryKey: [...queryKeys.patient(seqMedicalRelation), 'detail'],
    queryFn: ({ signal }) => getPatientDetailRequest(seqMedicalRelation, signal),
  });

export function usePatientDetail(seqMedicalRelation: number, enabled = true): UseQueryResult<PatientDetail> {
  return useQuery({ ...patientDetailQuery(seqMedicalRelation), enabled });
}
