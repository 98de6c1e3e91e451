import { getPatientRecordsByRange, type ExerciseRecord } from '@clinic/contract';
import { callApi } from '../../../shared/api/api-client.ts';

export interface RecordsRange {
  seqMedicalRelation: number;
  startDate: string;
  endDate: string;
}

/** A patient's device records between two dates, oldest first (fetched on demand for an export). */
export async function getRecordsByRangeRequest(range: RecordsRange, signal?: AbortSignal): Promise<ExerciseRecord[]> {
  const { recordList } = await callApi(getPatientRecordsByRange, range, { signal });
  return recordList;
}
