import type { Schedule } from '@clinic/contract';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  firstOpenSlot,
  isPastSlot,
  laneLayout,
  measuredLength,
  monthGrid,
  placeSchedule,
  rangeOf,
  schedulesByDate,
  shiftDate,
  startDatetimeOf,
  startOfWeek,
  weekDays,
  weekdayOf,
  type PlacedSchedule,
} from './calendar.ts';

function visit(overrides: Partial<Schedule>): Schedule {
  return {
    seqSchedule: 1,
    seqMedicalRelation: 1,
    patientName: 'Ada',
    isAppMember: true,
    scheduleStatus: 0,
    scheduleExpectStartDatetime: '2026-11-23T09:00:00+09:00',
    scheduleExpectEndDatetime: '2026-11-23T09:30:00+09:00',
    scheduleExpectProgressTime: '00:30:00',
    scheduleStartDatetime: null,
    scheduleProgressTime: null,
    scheduleNote: null,
    isNoteImportant: false,
    scheduleSymptoms: null,
    schedulePhotoList: [],
    bookedBy: 'clinician',
    ...overrides,
  };
}

describe('weeks start on Monday', () => {
  it('numbers weekdays 1 Monday to 7 Sunday', () => {
    expect(weekdayOf('2026-11-23')).toBe(1);
    expect(weekdayOf('2026-11-29')).toBe(7);
  });

  it('finds the Monday of a week, across months and years', () => {
    expect(startOfWeek('2026-11-29')).toBe('2026-11-23');
    expect(startOfWeek('2026-11-23')).toBe('2026-11-23');
    expect(startOfWeek('2027-01-01')).toBe('2026-12-28');
  });

  it('lists the seven days of a week', () => {
    expect(weekDays('2026-11-25')).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
  });
});

describe('month grid', () => {
  it('covers the month in whole Monday-first weeks', () => {
    const weeks = monthGrid('2026-11-15');
    expect(weeks).toHaveLength(6);
    expect(weeks[0]?.[0]).toBe('2026-10-26');
    expect(weeks.at(-1)?.[6]).toBe('2026-12-06');
    expect(weeks.every((week) => week.length === 7)).toBe(true);
  });

  it('has four rows for a February starting on Monday', () => {
    const weeks = monthGrid('2027-02-10');
    expect(weeks).toHaveLength(4);
    expect(weeks[0]?.[0]).toBe('2027-02-01');
    expect(weeks[3]?.[6]).toBe('2027-02-28');
  });

  it('moves by months and clamps the day', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
  });
});

describe('ranges and navigation', () => {
  it('gives the dates of each view', () => {
    expect(rangeOf('day', '2026-11-25')).toEqual({ startDate: '2026-11-25', endDate: '2026-11-25' });
    expect(rangeOf('week', '2026-11-25')).toEqual({ startDate: '2026-11-23', endDate: '2026-11-29' });
    expect(rangeOf('month', '2026-11-25')).toEqual({ startDate: '2026-10-26', endDate: '2026-12-06' });
  });

  it('steps by a day, a week or a month', () => {
    expect(shiftDate('day', '2026-11-30', 1)).toBe('2026-12-01');
    expect(shiftDate('week', '2026-11-25', -1)).toBe('2026-11-18');
    expect(shiftDate('month', '2026-03-31', -1)).toBe('2026-02-28');
  });
});

describe('placing visits on the wall clock', () => {
  it('reads the start in the time zone and adds the expected length', () => {
    const placed = placeSchedule(visit({ scheduleExpectStartDatetime: '2026-11-23T00:30:00Z' }), 'Asia/Seoul');
    expect(placed).toMatchObject({
      date: '2026-11-23',
      startMinute: 9 * 60 + 30,
      endMinute: 10 * 60,
      state: 'waiting',
    });
  });

  it('reads both cancellation codes as cancelled', () => {
    expect(placeSchedule(visit({ scheduleStatus: 2 }), 'Asia/Seoul').state).toBe('cancelled');
    expect(placeSchedule(visit({ scheduleStatus: 4 }), 'Asia/Seoul').state).toBe('cancelled');
    expect(placeSchedule(visit({ scheduleStatus: 5 }), 'Asia/Seoul').state).toBe('expired');
  });

  it('groups visits by date, sorted by start', () => {
    const byDate = schedulesByDate(
      [
        visit({ seqSchedule: 1, scheduleExpectStartDatetime: '2026-11-23T11:00:00+09:00' }),
        visit({ seqSchedule: 2, scheduleExpectStartDatetime: '2026-11-23T08:00:00+09:00' }),
        visit({ seqSchedule: 3, scheduleExpectStartDatetime: '2026-11-24T08:00:00+09:00' }),
      ],
      'Asia/Seoul',
    );
    expect(byDate.get('2026-11-23')?.map((item) => item.schedule.seqSchedule)).toEqual([2, 1]);
    expect(byDate.get('2026-11-24')).toHaveLength(1);
  });

  it('puts overlapping visits side by side', () => {
    const placed = (startMinute: number, endMinute: number): PlacedSchedule => ({
      schedule: visit({}),
      state: 'waiting',
      date: '2026-11-23',
      startMinute,
      endMinute,
    });
    expect(laneLayout([placed(540, 570), placed(540, 600), placed(570, 600), placed(660, 690)])).toEqual([
      { lane: 0, lanes: 2 },
      { lane: 1, lanes: 2 },
      { lane: 0, lanes: 2 },
      { lane: 0, lanes: 1 },
    ]);
  });
});

describe('datetimes for the API', () => {
  it('writes a wall-clock slot as ISO with the offset of the time zone', () => {
    expect(startDatetimeOf('2026-11-23', 9 * 60, 'Asia/Seoul')).toBe('2026-11-23T09:00:00+09:00');
    expect(startDatetimeOf('2026-07-01', 7 * 60 + 45, 'Europe/Prague')).toBe('2026-07-01T07:45:00+02:00');
    expect(startDatetimeOf('2026-11-23', 20 * 60 + 45, 'UTC')).toBe('2026-11-23T20:45:00Z');
  });

  it('tells a slot that has begun', () => {
    const now = new Date('2026-11-23T01:00:00Z'); // 10:00 in Seoul
    expect(isPastSlot('2026-11-23', 9 * 60 + 45, 'Asia/Seoul', now)).toBe(true);
    expect(isPastSlot('2026-11-23', 10 * 60, 'Asia/Seoul', now)).toBe(true);
    expect(isPastSlot('2026-11-23', 10 * 60 + 15, 'Asia/Seoul', now)).toBe(false);
  });

  it('reads a measured call length', () => {
    expect(measuredLength('00:32:05')).toEqual({ minutes: 32, seconds: 5 });
    expect(measuredLength('01:02:00')).toEqual({ minutes: 62, seconds: 0 });
    expect(measuredLength(null)).toBeUndefined();
  });
});

describe('the default slot of a new visit', () => {
  const now = new Date('2026-11-23T01:05:00Z'); // 10:05 on a Monday in Seoul

  it('is the next slot that has not begun today', () => {
    expect(firstOpenSlot('2026-11-23', 'Asia/Seoul', now)).toEqual({ date: '2026-11-23', minute: 10 * 60 + 15 });
  });

  it('is 07:00 on a later day, and today for a past day', () => {
    expect(firstOpenSlot('2026-11-25', 'Asia/Seoul', now)).toEqual({ date: '2026-11-25', minute: 7 * 60 });
    expect(firstOpenSlot('2026-11-20', 'Asia/Seoul', now)).toEqual({ date: '2026-11-23', minute: 10 * 60 + 15 });
  });

  it('is 07:00 tomorrow once the last slot has begun', () => {
    const late = new Date('2026-11-23T11:50:00Z'); // 20:50 in Seoul
    expect(firstOpenSlot('2026-11-23', 'Asia/Seoul', late)).toEqual({ date: '2026-11-24', minute: 7 * 60 });
  });
});
