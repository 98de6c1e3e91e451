import { getMyPatients, type PatientListItem } from '@clinic/contract';
import { queryOptions, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { callApi } from './api-client.ts';
import { queryClient } from './query-client.ts';
import { queryKeys } from './query-keys.ts';

/** Every patient of the clinician, active and inactive, in one reply; each screen selects its view of it. */
export interface MyPatients {
  patientList: PatientListItem[];
  activeLimit: number;
}

async function getMyPatientsRequest(signal?: AbortSignal): Promise<MyPatients> {
  const reply = await callApi(getMyPatients, {}, { signal });
  return { patientList: reply.patientList, activeLimit: reply.activeLimit };
}

const myPatientsQuery = queryOptions({
  queryKey: queryKeys.patientList,
  queryFn: ({ signal }) => getMyPatientsRequest(signal),
});

/**
 * Reads the list afresh, whatever its age: the list's route does so each time it opens, while its
 * screen loads (SPEC 2: today's schedules are refreshed whenever the patient list opens).
 */
export function prefetchMyPatients(): Promise<void> {
  return queryClient.prefetchQuery({ ...myPatientsQuery, staleTime: 0 });
}

/** The patient list seen through `select` (which should keep its identity across renders). */
export function useMyPatients<T>(select: (data: MyPatients) => T): UseQueryResult<T> {
  return useQuery({ ...myPatientsQuery, select });
}

/** The plan's limit of active patients as last read with the list, without asking the server again. */
export function useKnownActiveLimit(): number | undefined {
  return useQueryClient().getQueryData<MyPatients>(queryKeys.patientList)?.activeLimit;
}
