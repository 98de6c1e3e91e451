import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { languages } from './rules.ts';
import { messages } from './messages/index.ts';
import { getReportConditions, periodDays, reportPeriod, reportRules, saveReport } from './report.ts';

const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? []);

const day = 86_400_000;
const dateOf = (time: number): string => new Date(time).toISOString().slice(0, 10);

describe('the period of a report', () => {
  it('counts both ends', () => {
    expect(periodDays({ startDate: '2026-01-01', endDate: '2026-01-01' })).toBe(1);
    expect(periodDays({ startDate: '2024-01-01', endDate: '2024-12-31' })).toBe(366);
  });

  it(`accepts any real period of 1 to ${reportRules.rangeMaxDays} days and refuses a longer one on the end date`, () => {
    const start = Date.UTC(1990, 0, 1);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 * 365 }), fc.integer({ min: 1, max: 800 }), (offset, days) => {
        const period = { startDate: dateOf(start + offset * day), endDate: dateOf(start + (offset + days - 1) * day) };
        expect(issuesOf(reportPeriod.safeParse(period))).toEqual(
          days <= reportRules.rangeMaxDays ? [] : [['endDate', 'validation.report_period_too_long']],
        );
      }),
      { seed: 7 },
    );
  });

  it('refuses an end before the start and dates that do not exist', () => {
    expect(issuesOf(reportPeriod.safeParse({ startDate: '2026-03-02', endDate: '2026-03-01' }))).toEqual([
      ['endDate', 'validation.range_order'],
    ]);
    expect(issuesOf(reportPeriod.safeParse({ startDate: '2026-02-30', endDate: '2026-03-01' }))).toEqual([
      ['startDate', 'validation.date_format'],
    ]);
    expect(issuesOf(reportPeriod.safeParse({ startDate: '', endDate: '2026-03-01' }))[0]).toEqual([
      'startDate',
      'validation.required',
    ]);
    expect(issuesOf(reportPeriod.safeParse({ startDate: '1900-01-01', endDate: '2026-02-29' }))).toEqual([
      ['endDate', 'validation.date_format'],
    ]);
    for (const nonsense of [null, 'x', [], {}]) expect(reportPeriod.safeParse(nonsense).success).toBe(false);
  });

  it('is the rule of saving a report and of looking at one', () => {
    const tooLong = { seqMedicalRelation: 1, startDate: '2025-01-01', endDate: '2026-01-02' };
    const words = { parameters: ['maxAngle'], position: null, mode: null, chiefComplaint: '', expertOpinion: '' };
    for (const result of [
      saveReport.request.safeParse({ ...tooLong, ...words }),
      getReportConditions.request.safeParse(tooLong),
    ]) {
      expect(issuesOf(result)).toEqual([['endDate', 'validation.report_period_too_long']]);
    }
    expect(saveReport.request.safeParse({ ...tooLong, endDate: '2026-01-01', ...words }).success).toBe(true);
  });

  it('tells the longest period in every language', () => {
    for (const language of languages) {
      expect(messages[language]['validation.report_period_too_long']).toContain(String(reportRules.rangeMaxDays));
    }
  });
});
