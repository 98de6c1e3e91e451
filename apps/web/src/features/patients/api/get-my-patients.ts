import { getMyPatients, type PatientListItem } from '@clinic/contract';
import { queryOptions, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callApi } from '../../../shared/api/api-client.ts';
import { queryClient } from '../../../shared/api/query-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { countActive, toPatientRows, type PatientRow } from '../patient-list.ts';

export interface MyPatients {
  patientList: PatientListItem[];
  activeLimit: number;
}

/** Every patient of the clinician, active and inactive, in one reply; searched and sorted here. */
export async function getMyPatientsRequest(signal?: AbortSignal): Promise<MyPatients> {
  const reply = await callApi(getMyPatients, {}, { signal });
  return { patientList: reply.patientList, activeLimit: reply.activeLimit };
}

export const myPatientsQuery = queryOptions({
  queryKey: queryKeys.patientList,
  queryFn: ({ signal }) => getMyPatientsRequest(signal),
  // SPEC 2: today's schedules are refreshed whenever the patient list opens.
  staleTime: 0,
});

/** Reads the list afresh: the list's route does so each time it opens, while its screen loads. */
export function prefetchMyPatients(): Promise<void> {
  return queryClient.prefetchQuery(myPatientsQuery);
}

/** The list as its screen shows it: rows formatted once per reply and language. */
export interface PatientListData {
  rows: PatientRow[];
  active: number;
  activeLimit: number;
}

export function useMyPatients(language: string): UseQueryResult<PatientListData> {
  const select = useCallback(
    (data: MyPatients): PatientListData => ({
      rows: toPatientRows(data.patientList, language),
      active: countActive(data.patientList),
      activeLimit: data.activeLimit,
    }),
    [language],
  );
  // Not read again on mount: the route has just asked for it (prefetchMyPatients).
  return useQuery({ ...myPatientsQuery, select, refetchOnMount: false });
}

/** The plan's limit of active patients as last read with the list, without asking the server again. */
export function useKnownActiveLimit(): number | undefined {
  const queryClient = useQueryClient();
  return queryClient.getQueryData<MyPatients>(queryKeys.patientList)?.activeLimit;
}
