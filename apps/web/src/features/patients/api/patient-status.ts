import {
  appendPatientStatus,
  getPatientStatusList,
  removePatientStatus,
  type ConditionEntry,
  type RequestOf,
} from '@clinic/contract';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationResult,
  type UseQueryResult,
} from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export type AppendStatusInput = RequestOf<typeof appendPatientStatus>;

/** The condition history of a patient, newest first. */
export async function getStatusListRequest(
  seqMedicalRelation: number,
  signal?: AbortSignal,
): Promise<ConditionEntry[]> {
  const reply = await callApi(getPatientStatusList, { seqMedicalRelation }, { signal });
  return reply.statusList;
}

const statusListQuery = (seqMedicalRelation: number) =>
  queryOptions({
    queryKey: [...queryKeys.patient(seqMedicalRelation), 'status'],
    queryFn: ({ signal }) => getStatusListRequest(seqMedicalRelation, signal),
  });

export function useStatusList(seqMedicalRelation: number): UseQueryResult<ConditionEntry[]> {
  return useQuery(statusListQuery(seqMedicalRelation));
}

/** Adds a dated condition entry (the history is never overwritten). */
export async function appendStatusRequest(input: AppendStatusInput): Promise<ConditionEntry> {
  const reply = await callApi(appendPatientStatus, input);
  return reply.status;
}

export function useAppendStatus(
  seqMedicalRelation: number,
): UseMutationResult<ConditionEntry, Error, AppendStatusInput> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: appendStatusRequest,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.patient(seqMedicalRelation) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.patientList });
    },
  });
}

export async function removeStatusRequest(seqPatientStatus: number): Promise<void> {
  await callApi(removePatientStatus, { seqPatientStatus });
}

export function useRemoveStatus(seqMedicalRelation: number): UseMutationResult<void, Error, number> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeStatusRequest,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.patient(seqMedicalRelation) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.patientList });
    },
  });
}
