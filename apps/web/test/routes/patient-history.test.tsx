// @vitest-environment happy-dom
import {
  getPatientRecordsPaged,
  getRomStatistics,
  listPatientProExercises,
  type ExerciseRecord,
} from '@clinic/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PatientHistory } from '../../src/features/exercises/components/patient-history.tsx';
import en from '../../src/locales/en/translation.json';
import { FakeApi } from '../fake-api.ts';
import { renderScreen, screenTestTimeout } from '../render-screen.tsx';

// happy-dom has no canvas to draw on: the chart draws in the browser tests; here its data and what the
// screen writes about it are tested.
vi.mock('uplot', () => ({
  default: Object.assign(
    class {
      setSize(): void {}
      destroy(): void {}
    },
    { paths: {} },
  ),
}));

const seqMedicalRelation = 7;

function session(seqExerciseRecord: number, start: string, painLevel: number | null, review: string | null) {
  return {
    seqExerciseRecord,
    seqExercise: 3,
    seqMedicalRelation,
    iuppiterUsageMode: 0,
    iuppiterUsageCount: 30,
    iuppiterUsageMinAngle: 12,
    iuppiterUsageMaxAngle: 88,
    iuppiterUsageMinSpeed: 4,
    iuppiterUsageMaxSpeed: 22,
    minTorque: null,
    maxTorque: null,
    deviceUsageDuration: 1200,
    exerciseGuideMode: 0,
    exerciseGuideMinRom: 10,
    exerciseGuideMaxRom: 100,
    exerciseGuideExtension: null,
    exerciseGuideFlexion: null,
    exerciseGuideSpeed: null,
    exerciseGuideCount: 30,
    exerciseGuideTime: '00:20:00',
    exerciseGuideDirection: 2,
    exerciseGuidePosition: 3,
    usageStartDatetime: start,
    createDatetime: start,
    patientReview: review,
    painLevel,
  } satisfies ExerciseRecord;
}

function Screen(): ReactElement {
  return <PatientHistory seqMedicalRelation={seqMedicalRelation} deviceType={2} />;
}

function historyApi(): FakeApi {
  return new FakeApi()
    .on(getRomStatistics, () => ({
      isSuccess: true,
      days: [
        { date: '2026-11-20', minAngle: 12, maxAngle: 90, exerciseSeconds: 1200, sessions: 1, painLevel: null },
        { date: '2026-11-25', minAngle: 12, maxAngle: 80, exerciseSeconds: 1200, sessions: 2, painLevel: 5 },
        { date: '2026-11-27', minAngle: 12, maxAngle: 70, exerciseSeconds: 600, sessions: 1, painLevel: 7 },
      ],
      prescriptions: [],
    }))
    .on(getPatientRecordsPaged, () => ({
      isSuccess: true,
      totalCount: 2,
      recordList: [
        session(2, '2026-11-27T09:00:00.000Z', 7, 'Painful today, stopped early'),
        session(1, '2026-11-20T09:00:00.000Z', null, null),
      ],
    }))
    .on(listPatientProExercises, () => ({ isSuccess: true, exerciseList: [], totalCount: 0 }));
}

/** The history tab as a pain alert of the 27th opens it: on the two weeks up to that day. */
async function openAlertPeriod(api: FakeApi): Promise<void> {
  await renderScreen(
    `/patientList/details/history?id=${seqMedicalRelation}&from=2026-11-14&to=2026-11-27`,
    Screen,
    api,
    { signedIn: true },
  );
}

afterEach(cleanup);

describe("the history tab a patient's alert opens", { timeout: screenTestTimeout }, () => {
  it('shows the reported pain level with the session and under the chart', async () => {
    const api = historyApi();
    await openAlertPeriod(api);
    const records = await screen.findByRole('table', { name: en.exercises.recordsLabel });
    const cells = within(records)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toContain('Pain 7/10 · Painful today, stopped early');
    expect(within(records).getByRole('columnheader', { name: en.exercises.recordColumns.review })).toBeDefined();
    await screen.findByText('Highest pain reported in this period: 7/10 on 11/27/2026');
    expect(api.missing).toEqual([]);
  });

  it('lists the device records of the period the chart shows, and of the one it is changed to', async () => {
    const api = historyApi();
    await openAlertPeriod(api);
    await screen.findByRole('table', { name: en.exercises.recordsLabel });
    expect(api.callsOf(getPatientRecordsPaged).at(-1)).toMatchObject({
      startDate: '2026-11-14',
      endDate: '2026-11-27',
    });
    expect(screen.getByTestId('records-period').textContent).toBe(
      'Sessions of 11/14/2026 – 11/27/2026, the period on the chart',
    );

    const from = screen.getByLabelText(en.exercises.chart.from);
    fireEvent.change(from, { target: { value: '11/01/2026' } });
    fireEvent.blur(from);
    await waitFor(() =>
      expect(api.callsOf(getPatientRecordsPaged).at(-1)).toMatchObject({
        startDate: '2026-11-01',
        endDate: '2026-11-27',
        page: 1,
      }),
    );
    expect(api.callsOf(getRomStatistics).at(-1)).toMatchObject({ startDate: '2026-11-01', endDate: '2026-11-27' });
    await waitFor(() =>
      expect(screen.getByTestId('records-period').textContent).toBe(
        'Sessions of 11/01/2026 – 11/27/2026, the period on the chart',
      ),
    );
  });
});
