import { getPatientRecordsByRange, recordRangePageMax, type ExerciseRecord } from '@clinic/contract';
import { callApi } from '../../../shared/api/api-client.ts';

export interface RecordsRange {
  seqMedicalRelation: number;
  startDate: string;
  endDate: string;
}

/** One page of a patient's device records between two dates, oldest first, and how many there are in all. */
export async function getRecordsByRangePage(
  range: RecordsRange,
  page: number,
  signal?: AbortSignal,
): Promise<{ recordList: ExerciseRecord[]; totalCount: number }> {
  const { recordList, totalCount } = await callApi(
    getPatientRecordsByRange,
    { ...range, page, size: recordRangePageMax },
    { signal },
  );
  return { recordList, totalCount };
}
