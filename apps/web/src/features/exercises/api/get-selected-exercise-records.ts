import { getSelectedExerciseRecords, type ExerciseRecord } from '@clinic/contract';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { exerciseKeys } from './exercise-keys.ts';

/** Every record the device made for one exercise, newest first. */
export async function getSelectedRecordsRequest(seqExercise: number, signal?: AbortSignal): Promise<ExerciseRecord[]> {
  const { recordList } = await callApi(getSelectedExerciseRecords, { seqExercise }, { signal });
  return recordList;
}

const selectedRecordsQuery = (seqExercise: number) =>
  queryOptions({
    queryKey: [...exerciseKeys.records, 'exercise', seqExercise],
    // Devices upload and move statuses behind the app's back: every visit asks again.
    staleTime: 0,
    queryFn: ({ signal }) => getSelectedRecordsRequest(seqExercise, signal),
  });

export function useSelectedExerciseRecords(seqExercise: number): UseQueryResult<ExerciseRecord[]> {
  return useQuery(selectedRecordsQuery(seqExercise));
}
