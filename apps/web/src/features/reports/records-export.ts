import type { ExerciseRecord, PatientSummary } from '@clinic/contract';

export type RecordsPatient = Pick<PatientSummary, 'seqMedicalRelation' | 'patientName' | 'patientEmail'>;

/** One page (counted from 1) of a patient's records and how many records there are in all. */
export type RecordPageFetcher = (
  seqMedicalRelation: number,
  page: number,
) => Promise<{ recordList: ExerciseRecord[]; totalCount: number }>;

/**
 * Every record of a patient, page after page, oldest first; a record that moved to the next page
 * while the pages were read (the device sent older ones meanwhile) is kept once, and records that
 * arrived meanwhile are read too.
 */
async function everyRecord(
  seqMedicalRelation: number,
  fetchPage: RecordPageFetcher,
  pageSize: number,
  onPage: (done: number, total: number) => void,
): Promise<ExerciseRecord[]> {
  const pagesOf = (totalCount: number): number => Math.max(1, Math.ceil(totalCount / pageSize));
  const first = await fetchPage(seqMedicalRelation, 1);
  let pages = pagesOf(first.totalCount);
  const records = new Map(first.recordList.map((record) => [record.seqExerciseRecord, record]));
  onPage(1, pages);
  for (let page = 2; page <= pages; page++) {
    const { recordList, totalCount } = await fetchPage(seqMedicalRelation, page);
    for (const record of recordList) records.set(record.seqExerciseRecord, record);
    // Records that came in while reading make the period longer: read their pages too.
    pages = Math.max(pages, pagesOf(totalCount));
    onPage(page, pages);
  }
  return [...records.values()];
}

/**
 * The records of each patient for an export. `onProgress` counts the patients when there are
 * several, else the pages of the one patient, and is told nothing while a single page is all.
 */
export async function collectPatientRecords(
  patients: readonly RecordsPatient[],
  fetchPage: RecordPageFetcher,
  pageSize: number,
  onProgress: (done: number, total: number) => void,
): Promise<{ patientName: string; records: ExerciseRecord[] }[]> {
  const several = patients.length > 1;
  if (several) onProgress(0, patients.length);
  const collected = [];
  for (const [index, patient] of patients.entries()) {
    const records = await everyRecord(patient.seqMedicalRelation, fetchPage, pageSize, (done, total) => {
      if (!several && total > 1) onProgress(done, total);
    });
    collected.push({ patientName: patient.patientName, records });
    if (several) onProgress(index + 1, patients.length);
  }
  return collected;
}
