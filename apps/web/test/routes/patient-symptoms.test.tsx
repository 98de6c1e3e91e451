// @vitest-environment happy-dom
import { listSymptomReports, type SymptomReport } from '@clinic/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { SymptomReports } from '../../src/features/symptom-reports/components/symptom-reports.tsx';
import { formatDateTime } from '../../src/shared/dates/date-format.ts';
import en from '../../src/locales/en/translation.json';
import { FakeApi } from '../fake-api.ts';
import { renderScreen, screenTestTimeout } from '../render-screen.tsx';

const seqMedicalRelation = 7;
const texts = en.patientDetails.symptomReports;

function report(seqSymptomReport: number, reportedAt: string, painLevel: number, symptoms: string | null) {
  return { seqSymptomReport, seqMedicalRelation, painLevel, symptoms, reportedAt, receivedAt: reportedAt };
}

/** 45 reports, newest first, as the server pages them; the second was made offline, without text. */
const all: SymptomReport[] = Array.from({ length: 45 }, (_, index) =>
  report(
    45 - index,
    new Date(Date.UTC(2026, 10, 28, 9) - index * 3_600_000).toISOString(),
    index % 11,
    index === 1 ? null : `Report ${45 - index}`,
  ),
);
all[1] = { ...all[1]!, receivedAt: '2026-11-28T12:30:00.000Z' };

function Screen(): ReactElement {
  return <SymptomReports seqMedicalRelation={seqMedicalRelation} />;
}

const open = (api: FakeApi) =>
  renderScreen(`/patientList/details/symptoms?id=${seqMedicalRelation}`, Screen, api, { signedIn: true });

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

afterEach(cleanup);

describe("the patient's symptom reports tab", { timeout: screenTestTimeout }, () => {
  it('lists the reports newest first with their times, pain on its scale and text, a page at a time', async () => {
    const api = new FakeApi().on(listSymptomReports, ({ page = 1, size = 20 }) => ({
      isSuccess: true,
      symptomReportList: all.slice((page - 1) * size, page * size),
      totalCount: all.length,
    }));
    await open(api);
    const table = await screen.findByRole('table', { name: texts.title });
    // The pain column names the scale the contract checks.
    expect(within(table).getByRole('columnheader', { name: 'Pain (0–10)' })).toBeDefined();
    const rows = rowsOf(table);
    expect(rows).toHaveLength(20);
    expect(rows[0]).toEqual([
      formatDateTime(all[0]!.reportedAt, 'en'),
      '0/10',
      'Report 45',
      formatDateTime(all[0]!.reportedAt, 'en'),
    ]);
    // Made offline: received hours after it was made; sent without text, which is said.
    expect(rows[1]).toEqual([
      formatDateTime(all[1]!.reportedAt, 'en'),
      '1/10',
      texts.noText,
      formatDateTime('2026-11-28T12:30:00.000Z', 'en'),
    ]);
    expect(screen.getByText('Reports: 45')).toBeDefined();
    expect(api.callsOf(listSymptomReports)).toEqual([{ seqMedicalRelation, page: 1, size: 20 }]);

    fireEvent.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(rowsOf(screen.getByRole('table', { name: texts.title }))).toHaveLength(5));
    expect(rowsOf(screen.getByRole('table', { name: texts.title }))[4]?.[2]).toBe('Report 1');
    expect(api.callsOf(listSymptomReports).at(-1)).toEqual({ seqMedicalRelation, page: 3, size: 20 });
    expect(api.missing).toEqual([]);
  });

  it('says when the patient has sent none', async () => {
    await open(new FakeApi().on(listSymptomReports, () => ({ isSuccess: true, symptomReportList: [], totalCount: 0 })));
    await screen.findByText(texts.empty);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when they could not be loaded, and tries again on request', async () => {
    const api = new FakeApi().on(listSymptomReports, { status: 500 });
    await open(api);
    const retry = await screen.findByRole('button', { name: en.common.retry });
    api.on(listSymptomReports, () => ({ isSuccess: true, symptomReportList: [all[0]!], totalCount: 1 }));
    fireEvent.click(retry);
    const table = await screen.findByRole('table', { name: texts.title });
    expect(rowsOf(table)).toHaveLength(1);
  });
});
