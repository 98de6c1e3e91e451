import { getMyPatients, type PatientListItem } from '@clinic/contract';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

/** The patient list as cached under its shared key (the patients feature stores the same shape). */
interface MyPatientsData {
  patientList: PatientListItem[];
  activeLimit: number;
}

async function getMyPatientsRequest(signal?: AbortSignal): Promise<MyPatientsData> {
  const reply = await callApi(getMyPatients, {}, { signal });
  return { patientList: reply.patientList, activeLimit: reply.activeLimit };
}

/** The clinician's active patients, the ones a visit can be booked with, by name. */
export const schedulePatientsQuery = queryOptions({
  queryKey: queryKeys.patientList,
  queryFn: ({ signal }) => getMyPatientsRequest(signal),
  staleTime: 30_000,
  select: (data: MyPatientsData): PatientListItem[] =>
    data.patientList
      .filter((patient) => patient.isEnabled)
      .sort((left, right) => left.patientName.localeCompare(right.patientName)),
});

export function useSchedulePatients(): UseQueryResult<PatientListItem[]> {
  return useQuery(schedulePatientsQuery);
}
