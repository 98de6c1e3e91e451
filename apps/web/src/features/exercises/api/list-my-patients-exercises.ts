import { listMyPatientsHomeExercises, listMyPatientsProExercises } from '@clinic/contract';
import { keepPreviousData, queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { exerciseKeys } from './exercise-keys.ts';
import type { ExercisePage, ExerciseSorting } from './list-patient-exercises.ts';

export interface MyPatientsExercisesParams {
  deviceType: 1 | 2;
  page: number;
  size: number;
  sortingParam: ExerciseSorting;
  isDesc: boolean;
  searchWord: string;
}

/** One page of the prescriptions of all the clinician's patients on one device line. */
export async function listMyPatientsExercisesRequest(
  { deviceType, searchWord, ...params }: MyPatientsExercisesParams,
  signal?: AbortSignal,
): Promise<ExercisePage> {
  const endpoint = deviceType === 2 ? listMyPatientsProExercises : listMyPatientsHomeExercises;
  const word = searchWord.trim();
  const { exerciseList, totalCount } = await callApi(
    endpoint,
    { ...params, ...(word ? { searchWord: word } : {}) },
    { signal },
  );
  return { exerciseList, totalCount };
}

const myPatientsExercisesQuery = (params: MyPatientsExercisesParams) =>
  queryOptions({
    queryKey: [...exerciseKeys.lists, 'all', params],
    // Devices upload and move statuses behind the app's back: every visit asks again.
    staleTime: 0,
    queryFn: ({ signal }) => listMyPatientsExercisesRequest(params, signal),
    placeholderData: keepPreviousData,
  });

export function useMyPatientsExercises(params: MyPatientsExercisesParams): UseQueryResult<ExercisePage> {
  return useQuery(myPatientsExercisesQuery(params));
}
