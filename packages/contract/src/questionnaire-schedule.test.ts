import { describe, expect, it } from 'vitest';
import {
  dueBeforeVisit,
  questionnaireCadence,
  questionnaireDueDates,
  questionnaireScheduleRules,
  type QuestionnaireCadence,
} from './questionnaire-schedule.ts';
import { wallClockIn } from './schedule-rules.ts';

const prague = 'Europe/Prague';
const now = new Date('2026-03-10T12:00:00Z');
const iso = (dates: Date[]): string[] => dates.map((date) => date.toISOString());
type Repeat = Extract<QuestionnaireCadence, { kind: 'repeat' }>;
const repeat = (changes: Partial<Repeat>): Repeat =>
  questionnaireCadence.parse({
    kind: 'repeat',
    every: 1,
    unit: 'weeks',
    startDate: '2026-03-19',
    time: '09:00',
    ...changes,
  }) as Repeat;

describe('questionnaireDueDates', () => {
  it('sends a questionnaire once, now', () => {
    expect(questionnaireDueDates({ kind: 'once' }, { timeZone: prague, now })).toEqual([now]);
  });

  it('keeps a weekly schedule at 09:00 in Prague across the change to summer time (29 March 2026)', () => {
    const dates = questionnaireDueDates(repeat({ times: 3 }), { timeZone: prague, now });
    expect(iso(dates)).toEqual(['2026-03-19T08:00:00.000Z', '2026-03-26T08:00:00.000Z', '2026-04-02T07:00:00.000Z']);
    expect(dates.map((date) => wallClockIn(date, prague).minute)).toEqual([540, 540, 540]);
  });

  it('keeps a weekly schedule at 09:00 in Prague across the change back (25 October 2026)', () => {
    const dates = questionnaireDueDates(repeat({ startDate: '2026-10-15', times: 3 }), { timeZone: prague, now });
    expect(iso(dates)).toEqual(['2026-10-15T07:00:00.000Z', '2026-10-22T07:00:00.000Z', '2026-10-29T08:00:00.000Z']);
  });

  it('counts every N days up to and including the end date', () => {
    const dates = questionnaireDueDates(
      repeat({ every: 3, unit: 'days', startDate: '2026-03-27', endDate: '2026-04-05' }),
      {
        timeZone: prague,
        now,
      },
    );
    expect(dates.map((date) => wallClockIn(date, prague).date)).toEqual([
      '2026-03-27',
      '2026-03-30',
      '2026-04-02',
      '2026-04-05',
    ]);
  });

  it('is due every 2 weeks a number of times, in another time zone', () => {
    const dates = questionnaireDueDates(repeat({ every: 2, startDate: '2026-11-23', time: '18:30', times: 2 }), {
      timeZone: 'Asia/Seoul',
      now,
    });
    expect(iso(dates)).toEqual(['2026-11-23T09:30:00.000Z', '2026-12-07T09:30:00.000Z']);
  });

  it('is due the set hours before each visit to come, at once when that time has passed', () => {
    expect(dueBeforeVisit(new Date('2026-03-12T09:00:00Z'), 24, now)?.toISOString()).toBe('2026-03-11T09:00:00.000Z');
    expect(dueBeforeVisit(new Date('2026-03-10T18:00:00Z'), 24, now)?.toISOString()).toBe('2026-03-10T12:00:00.000Z');
    expect(dueBeforeVisit(new Date('2026-03-10T11:00:00Z'), 1, now)).toBeUndefined();
  });
});

describe('questionnaireCadence', () => {
  const problems = (value: unknown): string[] => {
    const result = questionnaireCadence.safeParse(value);
    return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
  };
  const base = { kind: 'repeat', every: 2, unit: 'weeks', startDate: '2026-03-19', time: '09:00' };

  it('asks for an end date or a number of times, not both', () => {
    expect(problems(base)).toEqual(['endDate validation.cadence_end']);
    expect(problems({ ...base, endDate: '2026-05-01', times: 3 })).toEqual(['endDate validation.cadence_end']);
    expect(problems({ ...base, times: 3 })).toEqual([]);
  });

  it('refuses an end before the start, too many questionnaires, and values out of range', () => {
    expect(problems({ ...base, endDate: '2026-03-18' })).toEqual(['endDate validation.range_order']);
    expect(problems({ ...base, every: 1, unit: 'days', endDate: '2026-06-26' })).toEqual([]);
    expect(problems({ ...base, every: 1, unit: 'days', endDate: '2026-06-27' })).toEqual([
      'endDate validation.too_many_occurrences',
    ]);
    expect(problems({ ...base, times: questionnaireScheduleRules.occurrencesMax + 1 })).toEqual([
      'times validation.out_of_range',
    ]);
    expect(problems({ ...base, every: 0, times: 1 })).toEqual(['every validation.out_of_range']);
    expect(problems({ ...base, time: '24:00', times: 1 })).toEqual(['time validation.time_format']);
    expect(problems({ kind: 'beforeVisit', hoursBefore: 169 })).toEqual(['hoursBefore validation.out_of_range']);
  });
});
