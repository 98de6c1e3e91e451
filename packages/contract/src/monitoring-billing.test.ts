import { describe, expect, it } from 'vitest';
import {
  deviceSupplyCode,
  managementCodes,
  monitoringCodeTables,
  monitoringMonthOf,
  monitoringPeriods,
  monthDays,
} from './monitoring-billing.ts';
import { nextDate } from './schedule-rules.ts';

const us = monitoringCodeTables.us2026;
const daysFrom = (start: string, count: number) => Array.from({ length: count }, (_, index) => nextDate(start, index));

describe('device supply codes', () => {
  it.each([
    [0, null],
    [1, null],
    [2, '98985'],
    [15, '98985'],
    [16, '98977'],
    [30, '98977'],
  ])('%i days of data give %s', (days, code) => {
    expect(deviceSupplyCode(us, days)).toBe(code);
  });
});

describe('management codes', () => {
  it.each([
    [9, []],
    [10, [{ code: '98979', units: 1 }]],
    [19, [{ code: '98979', units: 1 }]],
    [20, [{ code: '98980', units: 1 }]],
    [39, [{ code: '98980', units: 1 }]],
    [
      40,
      [
        { code: '98980', units: 1 },
        { code: '98981', units: 1 },
      ],
    ],
    [
      65,
      [
        { code: '98980', units: 1 },
        { code: '98981', units: 2 },
      ],
    ],
  ])('%i minutes with an interactive communication', (minutes, codes) => {
    expect(managementCodes(us, minutes, true)).toEqual(codes);
  });

  it('gives nothing without an interactive communication, however many minutes', () => {
    expect(managementCodes(us, 10, false)).toEqual([]);
    expect(managementCodes(us, 40, false)).toEqual([]);
  });
});

describe('monitoring periods', () => {
  it('cuts 30-day periods from the start to today; set-up once, with the first period that bills', () => {
    const data = [...daysFrom('2026-01-01', 1), ...daysFrom('2026-01-31', 15), ...daysFrom('2026-03-02', 16)];
    const periods = monitoringPeriods(us, '2026-01-01', '2026-03-20', data);
    expect(periods.map((period) => [period.startDate, period.endDate, period.days, period.ongoing])).toEqual([
      ['2026-01-01', '2026-01-30', 1, false],
      ['2026-01-31', '2026-03-01', 15, false],
      ['2026-03-02', '2026-03-31', 16, true],
    ]);
    expect(periods.map((period) => period.codes.map((code) => code.code))).toEqual([[], ['98975', '98985'], []]);
  });

  it('earns a period its codes only once its last day has passed', () => {
    const data = daysFrom('2026-01-01', 10);
    const codesOn = (today: string) =>
      monitoringPeriods(us, '2026-01-01', today, data).map((period) => [
        period.ongoing,
        period.codes.map((code) => code.code),
      ]);
    expect(codesOn('2026-01-15')).toEqual([[true, []]]);
    expect(codesOn('2026-01-30')).toEqual([[true, []]]);
    expect(codesOn('2026-01-31')).toEqual([
      [false, ['98975', '98985']],
      [true, []],
    ]);
  });

  it('gives no codes when they are turned off', () => {
    const periods = monitoringPeriods(null, '2026-01-01', '2026-01-31', daysFrom('2026-01-01', 20)).slice(0, 1);
    expect(periods).toEqual([{ startDate: '2026-01-01', endDate: '2026-01-30', days: 20, ongoing: false, codes: [] }]);
  });
});

describe('a month of monitoring', () => {
  it('knows the days of a month, leap February included', () => {
    expect(monthDays('2028-02')).toEqual({ startDate: '2028-02-01', endDate: '2028-02-29' });
    expect(monthDays('2026-12')).toEqual({ startDate: '2026-12-01', endDate: '2026-12-31' });
  });

  it('bills a period crossing the month boundary with the month it ends in; minutes by calendar month', () => {
    // The period runs 20 January to 18 February: 12 days of data in January and 5 in February.
    const data = [...daysFrom('2026-01-20', 12), ...daysFrom('2026-02-01', 5)];
    const periods = monitoringPeriods(us, '2026-01-20', '2026-03-10', data);
    const january = monitoringMonthOf(us, '2026-01', '2026-03-10', periods, data, {
      video: 25,
      logged: 0,
      interactive: true,
    });
    expect(january.deviceDays).toBe(12);
    expect(january.periods).toEqual([]);
    expect(january.codes).toEqual([{ code: '98980', units: 1 }]);
    const february = monitoringMonthOf(us, '2026-02', '2026-03-10', periods, data, {
      video: 0,
      logged: 15,
      interactive: false,
    });
    expect(february.deviceDays).toBe(5);
    expect(february.periods.map((period) => [period.startDate, period.endDate, period.days])).toEqual([
      ['2026-01-20', '2026-02-18', 17],
    ]);
    expect(february.minutes).toBe(15);
    expect(february.codes).toEqual([
      { code: '98975', units: 1 },
      { code: '98977', units: 1 },
    ]);
  });

  it('does not bill a period that has not ended', () => {
    const data = daysFrom('2026-02-01', 20);
    const periods = monitoringPeriods(us, '2026-02-01', '2026-03-02', data);
    const month = monitoringMonthOf(us, '2026-03', '2026-03-02', periods, data, {
      video: 0,
      logged: 0,
      interactive: false,
    });
    expect(month.periods).toHaveLength(1);
    expect(month.codes).toEqual([]);
  });

  it('earns the management codes once the month has ended, and the codes of the periods ended in it before', () => {
    const data = daysFrom('2026-01-15', 20);
    const minutes = { video: 0, logged: 25, interactive: true };
    const monthOn = (today: string) => {
      const month = monitoringMonthOf(
        us,
        '2026-02',
        today,
        monitoringPeriods(us, '2026-01-15', today, data),
        data,
        minutes,
      );
      return [month.ongoing, month.codes.map((code) => code.code)];
    };
    // The first period runs 15 January to 13 February.
    expect(monthOn('2026-02-13')).toEqual([true, []]);
    expect(monthOn('2026-02-14')).toEqual([true, ['98975', '98977']]);
    expect(monthOn('2026-02-28')).toEqual([true, ['98975', '98977']]);
    expect(monthOn('2026-03-01')).toEqual([false, ['98975', '98977', '98980']]);
  });
});
