import type { MonitoringAlert } from '@clinic/contract';
import { describe, expect, it } from 'vitest';
import { alertChartPath } from './alert-period.ts';

const alert: MonitoringAlert = {
  seqMonitoringAlert: 1,
  seqMedicalRelation: 7,
  patientName: 'Ada Lovelace',
  kind: 'romRegression',
  reason: {
    kind: 'romRegression',
    position: 3,
    direction: 2,
    end: 'max',
    previousMedian: 100,
    recentMedian: 88,
    dropDegrees: 12,
    dropPercent: 13.3,
  },
  startedAt: '2026-03-20T12:00:00.000Z',
  endedAt: null,
  state: 'open',
  note: null,
  snoozedUntil: null,
};

describe("an alert's period on the chart", () => {
  it('runs from the two weeks the rules compared to today while the alert lasts, on the joint that fell back', () => {
    expect(alertChartPath(alert, '2026-03-25')).toBe(
      '/patientList/details/history?id=7&from=2026-03-07&to=2026-03-25&position=3',
    );
  });

  it('ends when the episode ended, across a month boundary', () => {
    expect(
      alertChartPath(
        {
          ...alert,
          kind: 'noData',
          reason: { kind: 'noData', days: 4, lastDataAt: null },
          startedAt: '2026-03-05T12:00:00.000Z',
          endedAt: '2026-03-09T12:00:00.000Z',
        },
        '2026-03-25',
      ),
    ).toBe('/patientList/details/history?id=7&from=2026-02-20&to=2026-03-09');
  });
});
