import type { ExerciseRecord } from '@clinic/contract';
import { describe, expect, it } from 'vitest';
import { collectPatientRecords, type RecordPageFetcher } from './records-export.ts';

/** Only the id matters to the collector. */
const record = (seqExerciseRecord: number): ExerciseRecord => ({ seqExerciseRecord }) as ExerciseRecord;

/** A server holding `counts[relation]` records per patient, answering pages of `size`. */
function server(counts: Record<number, number>, size: number) {
  const asked: [number, number][] = [];
  const fetchPage: RecordPageFetcher = (relation, page) => {
    asked.push([relation, page]);
    const total = counts[relation] ?? 0;
    const ids = Array.from({ length: total }, (_, index) => relation * 1000 + index);
    return Promise.resolve({ recordList: ids.slice((page - 1) * size, page * size).map(record), totalCount: total });
  };
  return { fetchPage, asked };
}

const patient = (seqMedicalRelation: number) => ({
  seqMedicalRelation,
  patientName: `P${seqMedicalRelation}`,
  patientEmail: null,
});

describe('collecting the records of an export', () => {
  it('reads every page of one patient, counting the pages', async () => {
    const { fetchPage, asked } = server({ 7: 1201 }, 500);
    const progress: string[] = [];
    const [only] = await collectPatientRecords([patient(7)], fetchPage, 500, (done, total) =>
      progress.push(`${done} / ${total}`),
    );
    expect(asked).toEqual([
      [7, 1],
      [7, 2],
      [7, 3],
    ]);
    expect(only?.records.map((item) => item.seqExerciseRecord)).toEqual(
      Array.from({ length: 1201 }, (_, i) => 7000 + i),
    );
    expect(progress).toEqual(['1 / 3', '2 / 3', '3 / 3']);
  });

  it('tells no progress while one page holds everything', async () => {
    const { fetchPage } = server({ 7: 500 }, 500);
    const progress: string[] = [];
    const [only] = await collectPatientRecords([patient(7)], fetchPage, 500, (done, total) =>
      progress.push(`${done} / ${total}`),
    );
    expect(only?.records).toHaveLength(500);
    expect(progress).toEqual([]);
  });

  it('counts the patients when there are several, reading every page of each', async () => {
    const { fetchPage, asked } = server({ 1: 3, 2: 0, 3: 5 }, 2);
    const progress: string[] = [];
    const collected = await collectPatientRecords([patient(1), patient(2), patient(3)], fetchPage, 2, (done, total) =>
      progress.push(`${done} / ${total}`),
    );
    expect(collected.map((item) => [item.patientName, item.records.length])).toEqual([
      ['P1', 3],
      ['P2', 0],
      ['P3', 5],
    ]);
    expect(asked).toHaveLength(2 + 1 + 3);
    expect(progress).toEqual(['0 / 3', '1 / 3', '2 / 3', '3 / 3']);
  });

  it('keeps a record once when it shifted to the next page meanwhile', async () => {
    const pages = [
      [record(1), record(2)],
      [record(2), record(3)],
    ];
    const fetchPage: RecordPageFetcher = (_relation, page) =>
      Promise.resolve({ recordList: pages[page - 1] ?? [], totalCount: 4 });
    const [only] = await collectPatientRecords([patient(1)], fetchPage, 2, () => undefined);
    expect(only?.records.map((item) => item.seqExerciseRecord)).toEqual([1, 2, 3]);
  });

  it('reads the pages of records that arrived while it was reading', async () => {
    const pages = [[record(1), record(2)], [record(3), record(4)], [record(5)]];
    // The device uploads record 5 after the first page was read.
    const totals = [4, 5, 5];
    const fetchPage: RecordPageFetcher = (_relation, page) =>
      Promise.resolve({ recordList: pages[page - 1] ?? [], totalCount: totals[page - 1] ?? 5 });
    const [only] = await collectPatientRecords([patient(1)], fetchPage, 2, () => undefined);
    expect(only?.records.map((item) => item.seqExerciseRecord)).toEqual([1, 2, 3, 4, 5]);
  });
});
