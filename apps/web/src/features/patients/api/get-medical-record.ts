import { getMedicalRecord, type MedicalRecordItem } from '@clinic/contract';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

/** Condition entries, notes and visits as one record, newest first. */
export async function getMedicalRecordRequest(
  seqMedicalRelation: number,
  signal?: AbortSignal,
): Promise<MedicalRecordItem[]> {
  const reply = await callApi(getMedicalRecord, { seqMedicalRelation }, { signal });
  return reply.record;
}

const medicalRecordQuery = (seqMedicalRelation: number) =>
  queryOptions({
    queryKey: queryKeys.medicalRecord(seqMedicalRelation),
    queryFn: ({ signal }) => getMedicalRecordRequest(seqMedicalRelation, signal),
    // Visits change on screens that do not know this record (the calendar, the call window): read afresh each time.
    staleTime: 0,
  });

export function useMedicalRecord(seqMedicalRelation: number): UseQueryResult<MedicalRecordItem[]> {
  return useQuery(medicalRecordQuery(seqMedicalRelation));
}
