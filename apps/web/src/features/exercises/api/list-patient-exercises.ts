import {
  listPatientHomeExercises,
  listPatientProExercises,
  type Exercise,
  type exerciseSortings,
} from '@clinic/contract';
import { keepPreviousData, queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { exerciseKeys } from './exercise-keys.ts';

export type ExerciseSorting = (typeof exerciseSortings)[number];

export interface ExercisePage {
  exerciseList: Exercise[];
  totalCount: number;
}

export interface PatientExercisesParams {
  seqMedicalRelation: number;
  /** The patient's device: 1 home, 2 pro. */
  deviceType: 1 | 2;
  page: number;
  size: number;
  sortingParam: ExerciseSorting;
  isDesc: boolean;
}

/** One page of a patient's prescriptions, from the list of the patient's device. */
export async function listPatientExercisesRequest(
  { deviceType, ...params }: PatientExercisesParams,
  signal?: AbortSignal,
): Promise<ExercisePage> {
  const endpoint = deviceType === 2 ? listPatientProExercises : listPatientHomeExercises;
  const { exerciseList, totalCount } = await callApi(endpoint, params, { signal });
  return { exerciseList, totalCount };
}

const patientExercisesQuery = (params: PatientExercisesParams) =>
  queryOptions({
    queryKey: [...exerciseKeys.lists, 'patient', params],
    // Devices upload and move statuses behind the app's back: every visit asks again.
    staleTime: 0,
    queryFn: ({ signal }) => listPatientExercisesRequest(params, signal),
    placeholderData: keepPreviousData,
  });

export function usePatientExercises(params: PatientExercisesParams): UseQueryResult<ExercisePage> {
  return useQuery(patientExercisesQuery(params));
}
