import { describe, expect, it } from 'vitest';
import {
  addMonitoringTime,
  codesLeftOut,
  deviceSupplyCode,
  managementCodes,
  monitoringCodeTables,
  monitoringMonthOf,
  monitoringPeriods,
  monthConsentOf,
  monthDays,
} from './monitoring-billing.ts';
import { consentInForceOn } from './monitoring-consent.ts';
import { nextDate } from './schedule-rules.ts';

const us = monitoringCodeTables.us2026;
/** A consent in force since long before any of the data. */
const always = [{ givenOn: '2000-01-01', withdrawnOn: null }];
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
    const periods = monitoringPeriods(us, '2026-01-01', '2026-03-20', data, always);
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
      monitoringPeriods(us, '2026-01-01', today, data, always).map((period) => [
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
    const periods = monitoringPeriods(null, '2026-01-01', '2026-01-31', daysFrom('2026-01-01', 20), always).slice(0, 1);
    expect(periods).toEqual([
      { startDate: '2026-01-01', endDate: '2026-01-30', days: 20, ongoing: false, codes: [], uncountedCodes: [] },
    ]);
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
    const periods = monitoringPeriods(us, '2026-01-20', '2026-03-10', data, always);
    const january = monitoringMonthOf(
      us,
      '2026-01',
      '2026-03-10',
      periods,
      data,
      {
        video: 25,
        logged: 0,
        interactive: true,
        days: ['2026-01-25'],
        consented: { minutes: 25, interactive: true },
      },
      always,
    );
    expect(january.deviceDays).toBe(12);
    expect(january.periods).toEqual([]);
    expect(january.codes).toEqual([{ code: '98980', units: 1 }]);
    const february = monitoringMonthOf(
      us,
      '2026-02',
      '2026-03-10',
      periods,
      data,
      {
        video: 0,
        logged: 15,
        interactive: false,
        days: ['2026-02-03'],
        consented: { minutes: 15, interactive: false },
      },
      always,
    );
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
    const periods = monitoringPeriods(us, '2026-02-01', '2026-03-02', data, always);
    const month = monitoringMonthOf(
      us,
      '2026-03',
      '2026-03-02',
      periods,
      data,
      {
        video: 0,
        logged: 0,
        interactive: false,
        days: [],
        consented: { minutes: 0, interactive: false },
      },
      always,
    );
    expect(month.periods).toHaveLength(1);
    expect(month.codes).toEqual([]);
  });

  it('earns the management codes once the month has ended, and the codes of the periods ended in it before', () => {
    const data = daysFrom('2026-01-15', 20);
    const minutes = {
      video: 0,
      logged: 25,
      interactive: true,
      days: ['2026-02-10'],
      consented: { minutes: 25, interactive: true },
    };
    const monthOn = (today: string) => {
      const month = monitoringMonthOf(
        us,
        '2026-02',
        today,
        monitoringPeriods(us, '2026-01-15', today, data, always),
        data,
        minutes,
        always,
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

describe('consent to remote monitoring', () => {
  const codes = (list: readonly { code: string; units: number }[] | undefined) =>
    (list ?? []).map((code) => `${code.code}x${code.units}`);

  it('is in force from the day it was given up to the day before its withdrawal', () => {
    const consents = [
      { givenOn: '2026-01-10', withdrawnOn: '2026-01-20' },
      { givenOn: '2026-02-01', withdrawnOn: null },
    ];
    expect(
      ['2026-01-09', '2026-01-10', '2026-01-19', '2026-01-20', '2026-01-31', '2026-02-01', '2030-01-01'].map((date) =>
        consentInForceOn(consents, date),
      ),
    ).toEqual([false, true, true, false, false, true, true]);
    expect(consentInForceOn([], '2026-01-10')).toBe(false);
    // Given and withdrawn on one day: in force on none.
    expect(consentInForceOn([{ givenOn: '2026-01-10', withdrawnOn: '2026-01-10' }], '2026-01-10')).toBe(false);
  });

  it('counts only the days of data with consent in force towards a period, and tells the rest apart', () => {
    const data = daysFrom('2026-01-01', 30);
    // Consent from the 21st: 10 of the 30 days count, a 98985 instead of a 98977.
    const [period] = monitoringPeriods(us, '2026-01-01', '2026-02-10', data, [
      { givenOn: '2026-01-21', withdrawnOn: null },
    ]);
    expect(period!.days).toBe(30);
    expect(codes(period!.codes)).toEqual(['98975x1', '98985x1']);
    expect(codes(period!.uncountedCodes)).toEqual(['98977x1']);
    // Without consent nothing counts; the set-up goes with the first period that bills under consent.
    const periods = monitoringPeriods(
      us,
      '2026-01-01',
      '2026-03-10',
      [...data, ...daysFrom('2026-01-31', 20)],
      [{ givenOn: '2026-01-31', withdrawnOn: null }],
    );
    // The set-up billed with the second period is not lost with the first.
    expect(periods.map((each) => [codes(each.codes), codes(each.uncountedCodes)])).toEqual([
      [[], ['98977x1']],
      [['98975x1', '98977x1'], []],
      [[], []],
    ]);
    // Without a period under consent, the set-up stays with the first period that would bill it.
    const withdrawn = monitoringPeriods(us, '2026-01-01', '2026-03-10', [...data, ...daysFrom('2026-01-31', 20)], []);
    expect(withdrawn.map((each) => codes(each.uncountedCodes))).toEqual([['98975x1', '98977x1'], ['98977x1'], []]);
  });

  it("counts a month's management codes from its minutes with consent in force", () => {
    const data = daysFrom('2026-01-01', 10);
    const consents = [{ givenOn: '2026-01-01', withdrawnOn: '2026-01-15' }];
    const month = monitoringMonthOf(
      us,
      '2026-01',
      '2026-02-10',
      monitoringPeriods(us, '2026-01-01', '2026-02-10', data, consents),
      data,
      {
        video: 0,
        logged: 45,
        interactive: true,
        days: ['2026-01-05', '2026-01-20'],
        consented: { minutes: 12, interactive: true },
      },
      consents,
    );
    expect(month.minutes).toBe(45);
    expect(month.consent).toBe('partial');
    expect(codes(month.codes)).toEqual(['98975x1', '98985x1', '98979x1']);
    expect(codes(month.uncountedCodes)).toEqual(['98980x1', '98981x1']);
  });

  it('tells whether consent held on every day that counts towards a month, on some or on none', () => {
    const consents = [{ givenOn: '2026-03-10', withdrawnOn: null }];
    const march = ['2026-03-02', '2026-03-12'];
    expect(monthConsentOf(consents, '2026-02', '2026-04-01', ['2026-02-20'])).toBe('none');
    expect(monthConsentOf(consents, '2026-03', '2026-04-01', march)).toBe('partial');
    expect(monthConsentOf(consents, '2026-04', '2026-04-01', ['2026-04-01'])).toBe('full');
    // Days without data or minutes do not count: consent from the 10th covers all that happened.
    expect(monthConsentOf(consents, '2026-03', '2026-04-01', ['2026-03-10', '2026-03-25'])).toBe('full');
    // Days to come do not count yet; a month with nothing reads as its last day so far.
    expect(monthConsentOf(consents, '2026-03', '2026-03-12', ['2026-03-11', '2026-03-20'])).toBe('full');
    expect(monthConsentOf(consents, '2026-03', '2026-03-12', [])).toBe('full');
    expect(monthConsentOf(consents, '2026-03', '2026-03-05', [])).toBe('none');
  });

  it('marks a month only for days of data or minutes without consent, from the episode start', () => {
    // Enrolled and consenting on the 15th, data from then on: the month is covered.
    const consents = [{ givenOn: '2026-01-15', withdrawnOn: null }];
    const data = daysFrom('2026-01-15', 17);
    const monthFor = (start: string, days: readonly string[]) =>
      monitoringMonthOf(
        us,
        '2026-01',
        '2026-02-20',
        monitoringPeriods(us, start, '2026-02-20', data, consents),
        data,
        { video: 0, logged: 0, interactive: false, days, consented: { minutes: 0, interactive: false } },
        consents,
      ).consent;
    expect(monthFor('2026-01-15', [])).toBe('full');
    // Time logged on the 10th, before the consent: something billable lacked it.
    expect(monthFor('2026-01-15', ['2026-01-10'])).toBe('partial');
    // Data before a start the clinician set later than it counts towards no period.
    expect(
      monitoringMonthOf(
        us,
        '2026-01',
        '2026-02-20',
        monitoringPeriods(us, '2026-01-20', '2026-02-20', ['2026-01-12', ...data], consents),
        ['2026-01-12', ...data],
        { video: 0, logged: 0, interactive: false, days: [], consented: { minutes: 0, interactive: false } },
        consents,
      ).consent,
    ).toBe('full');
  });

  it('leaves out the codes of one list that another does not hold', () => {
    expect(
      codesLeftOut(
        [
          { code: '98980', units: 1 },
          { code: '98981', units: 2 },
        ],
        [{ code: '98981', units: 1 }],
      ),
    ).toEqual([
      { code: '98980', units: 1 },
      { code: '98981', units: 1 },
    ]);
  });
});

describe('time logged from the message thread', () => {
  const entry = { seqMedicalRelation: 7, date: '2026-12-03', minutes: 15, activity: 'communication', note: '' };

  it('is never an interactive communication', () => {
    const refused = addMonitoringTime.request.safeParse({ ...entry, interactive: true, source: 'messages' });
    expect(refused.error?.issues).toMatchObject([
      { path: ['interactive'], message: 'validation.messages_not_interactive' },
    ]);
    expect(addMonitoringTime.request.parse({ ...entry, interactive: false, source: 'messages' }).source).toBe(
      'messages',
    );
  });

  it('is logged by hand on the panel unless told', () => {
    expect(addMonitoringTime.request.parse({ ...entry, interactive: true }).source).toBe('manual');
  });
});
