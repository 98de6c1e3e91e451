import { monitoringDefaults } from '@clinic/contract';
import { describe, expect, it } from 'vitest';
import {
  adherenceFinding,
  type DailyRom,
  findingsOf,
  median,
  noDataFinding,
  painFinding,
  pastDueFindings,
  type PatientData,
  romFindings,
} from './monitoring-rules.ts';

const now = new Date('2026-11-22T09:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
const prescription = (overrides: Partial<PatientData['prescriptions'][number]> = {}) => ({
  seqExercise: 7,
  createdAt: daysAgo(30),
  dueDate: '2026-12-31',
  frequency: 2,
  recentSessions: 14,
  ...overrides,
});
const data = (overrides: Partial<PatientData> = {}): PatientData => ({
  prescriptions: [prescription()],
  lastDataAt: daysAgo(0.5),
  daily: [],
  painReports: [],
  ...overrides,
});
/** Seven days of one angle. */
const week = (angle: number): number[] => Array.from({ length: 7 }, () => angle);
/** Daily knee flexion angles, one a day, ending today. */
const days = (maxAngles: number[], minAngle = 10): DailyRom[] =>
  maxAngles.map((maxAngle, index) => ({
    day: daysAgo(maxAngles.length - 1 - index)
      .toISOString()
      .slice(0, 10),
    position: 3,
    direction: 2,
    maxAngle,
    minAngle,
  }));

describe('no device data', () => {
  it('raises on the set day without data, not the day before', () => {
    expect(noDataFinding(now, 3, data({ lastDataAt: daysAgo(2.9) }))).toBeUndefined();
    expect(noDataFinding(now, 3, data({ lastDataAt: daysAgo(3) }))?.reason).toEqual({
      kind: 'noData',
      days: 3,
      lastDataAt: daysAgo(3).toISOString(),
    });
  });

  it('counts from the prescription for a patient who never sent data, and not at all without one', () => {
    expect(
      noDataFinding(now, 3, data({ lastDataAt: null, prescriptions: [prescription({ createdAt: daysAgo(1) })] })),
    ).toBeUndefined();
    expect(
      noDataFinding(now, 3, data({ lastDataAt: null, prescriptions: [prescription({ createdAt: daysAgo(4) })] })),
    )?.toMatchObject({ kind: 'noData', reason: { days: 4, lastDataAt: null } });
    expect(noDataFinding(now, 3, data({ lastDataAt: daysAgo(20), prescriptions: [] }))).toBeUndefined();
  });
});

describe('adherence', () => {
  it('compares the sessions of the last 7 days with those prescribed', () => {
    // 2 a day for 7 days: 14 prescribed; 8 done is 57 %, 9 is 64 %.
    expect(adherenceFinding(now, 60, data({ prescriptions: [prescription({ recentSessions: 8 })] }))?.reason).toEqual({
      kind: 'lowAdherence',
      sessionsDone: 8,
      sessionsPrescribed: 14,
      percent: 57,
    });
    expect(adherenceFinding(now, 60, data({ prescriptions: [prescription({ recentSessions: 9 })] }))).toBeUndefined();
  });

  it('counts only the days a prescription was open and does not let one make up for another', () => {
    const young = prescription({ seqExercise: 8, createdAt: daysAgo(2), frequency: 1, recentSessions: 0 });
    const keen = prescription({ recentSessions: 40 });
    expect(adherenceFinding(now, 100, data({ prescriptions: [keen, young] }))?.reason).toMatchObject({
      sessionsDone: 14,
      sessionsPrescribed: 16,
    });
    expect(
      adherenceFinding(now, 60, data({ prescriptions: [prescription({ createdAt: daysAgo(0.5) })] })),
    ).toBeUndefined();
  });

  it('stops counting at the end of the due date', () => {
    const ended = prescription({ dueDate: '2026-11-19', recentSessions: 0 });
    // Open from the window's start (Nov 15 09:00) to the end of Nov 19: 4 whole days.
    expect(adherenceFinding(now, 60, data({ prescriptions: [ended] }))?.reason).toMatchObject({
      sessionsPrescribed: 8,
    });
  });
});

describe('range-of-motion regression', () => {
  const settings = { romDropDegrees: 10, romDropPercent: 15 };
  const today = '2026-11-22';

  it('takes the median, so one bad day does not make a regression', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(
      romFindings(today, settings, data({ daily: days([...week(100), 100, 100, 100, 40, 100, 100, 100]) })),
    ).toEqual([]);
  });

  it('raises when the maximum falls by more than the set degrees', () => {
    const [finding] = romFindings(today, settings, data({ daily: days([...week(100), ...week(89)]) }));
    expect(finding).toEqual({
      kind: 'romRegression',
      subject: '3:2',
      reason: {
        kind: 'romRegression',
        position: 3,
        direction: 2,
        end: 'max',
        previousMedian: 100,
        recentMedian: 89,
        dropDegrees: 11,
        dropPercent: 12.2,
      },
    });
  });

  it('takes a fall of exactly the set degrees as no regression, and a share of the range as one', () => {
    expect(romFindings(today, settings, data({ daily: days([...week(100), ...week(90)]) }))).toEqual([]);
    // A 40-degree range: 7 degrees is 17.5 %.
    expect(romFindings(today, settings, data({ daily: days([...week(50), ...week(43)]) }))).toMatchObject([
      { reason: { dropDegrees: 7, dropPercent: 17.5 } },
    ]);
  });

  it('raises when the minimum rises, and needs three days in each week', () => {
    const stiff = days([...week(100), ...week(100)]).map((day, index) => ({ ...day, minAngle: index < 7 ? 0 : 12 }));
    expect(romFindings(today, settings, data({ daily: stiff }))).toMatchObject([
      { reason: { end: 'min', previousMedian: 0, recentMedian: 12 } },
    ]);
    expect(romFindings(today, settings, data({ daily: days([100, 100, 100, 100, 100, 100, 100, 50, 50]) }))).toEqual(
      [],
    );
  });
});

describe('pain, past due and all together', () => {
  it('raises on a reported level at or above the set one in the last 7 days', () => {
    const reports = [
      { level: 6, at: daysAgo(1) },
      { level: 8, at: daysAgo(8) },
    ];
    expect(painFinding(now, 7, data({ painReports: reports }))).toBeUndefined();
    expect(painFinding(now, 6, data({ painReports: reports }))?.reason).toEqual({
      kind: 'pain',
      level: 6,
      reportedAt: daysAgo(1).toISOString(),
    });
  });

  it('raises for each open prescription whose due date has passed, not on the due date', () => {
    expect(pastDueFindings('2026-11-22', data({ prescriptions: [prescription({ dueDate: '2026-11-22' })] }))).toEqual(
      [],
    );
    expect(
      pastDueFindings('2026-11-22', data({ prescriptions: [prescription({ dueDate: '2026-11-21' })] })),
    ).toMatchObject([{ kind: 'pastDue', subject: '7' }]);
  });

  it('finds nothing in a patient doing well', () => {
    expect(findingsOf(now, monitoringDefaults, data({ daily: days([...week(100), ...week(100)]) }))).toEqual([]);
  });
});
