// @vitest-environment happy-dom
import { listMonitoringAlerts, type MonitoringAlert } from '@clinic/contract';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NeedsAttention } from '../../src/features/monitoring/components/needs-attention.tsx';
import { changeLanguage } from '../../src/shared/i18n/i18n.ts';
import { FakeApi } from '../fake-api.ts';
import { renderScreen, screenTestTimeout } from '../render-screen.tsx';

const alert = (seqMonitoringAlert: number, reason: MonitoringAlert['reason']): MonitoringAlert => ({
  seqMonitoringAlert,
  seqMedicalRelation: 7,
  patientName: 'Ines Varga',
  kind: reason.kind,
  reason,
  startedAt: '2026-11-27T12:00:00.000Z',
  endedAt: null,
  state: 'open',
  note: null,
  snoozedUntil: null,
});

const alertList = [
  alert(1, { kind: 'pain', level: 7, reportedAt: '2026-11-27T12:00:00.000Z' }),
  alert(2, { kind: 'pastDue', seqExercise: 3, dueDate: '2026-11-23' }),
];

afterEach(async () => {
  cleanup();
  await changeLanguage('en');
});

describe("home's worklist of alerts", { timeout: screenTestTimeout }, () => {
  it('writes the dates of the alerts as the clinician reads dates, in each language', async () => {
    const api = new FakeApi().on(listMonitoringAlerts, () => ({ isSuccess: true, alertList }));
    await renderScreen('/', NeedsAttention, api, { signedIn: true });
    await screen.findByText('Pain 7/10 reported on 11/27/2026');
    screen.getByText('A prescription was due on 11/23/2026 and is not accomplished');

    await act(() => changeLanguage('ko'));
    await screen.findByText('2026.11.27에 통증 7/10 보고');
    screen.getByText('처방 기한 2026.11.23이 지났으나 완료되지 않음');
    expect(api.missing).toEqual([]);
  });
});
