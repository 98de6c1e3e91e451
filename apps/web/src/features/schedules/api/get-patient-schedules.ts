import { getListAndLatestDoneSchedule, type Schedule } from '@clinic/contract';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export interface PatientSchedules {
  /** Newest first. */
  scheduleList: Schedule[];
  latestDoneSchedule: Schedule | null;
}

/** One patient's visits and the latest completed one with its visit note. */
export async function getPatientSchedulesRequest(
  seqMedicalRelation: number,
  signal?: AbortSignal,
): Promise<PatientSchedules> {
  const reply = await callApi(getListAndLatestDoneSchedule, { seqMedicalRelation }, { signal });
  return { scheduleList: reply.scheduleList, latestDoneSchedule: reply.latestDoneSchedule };
}

const patientSchedulesQuery = (seqMedicalRelation: number) =>
  queryOptions({
    queryKey: queryKeys.patientSchedules(seqMedicalRelation),
    queryFn: ({ signal }) => getPatientSchedulesRequest(seqMedicalRelation, signal),
    staleTime: 0,
  });

export function usePatientSchedules(seqMedicalRelation: number): UseQueryResult<PatientSchedules> {
  return useQuery(patientSchedulesQuery(seqMedicalRelation));
}
