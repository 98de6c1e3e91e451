import { ScheduleStatus, type PatientSchedule } from '@clinic/contract';
import { describe, expect, it } from 'vitest';
import { bookingRange, groupSlotsByDay, isChangeable, photoProblem, splitVisits, todayIn } from './visits.ts';

function visit(seqSchedule: number, start: string, scheduleStatus: PatientSchedule['scheduleStatus']): PatientSchedule {
  return {
    seqSchedule,
    seqMedicalRelation: 1,
    managerName: 'Grace Hopper',
    scheduleStatus,
    scheduleExpectStartDatetime: start,
    scheduleExpectEndDatetime: start,
    scheduleExpectProgressTime: '00:30:00',
    scheduleStartDatetime: null,
    scheduleProgressTime: null,
    scheduleSymptoms: null,
    schedulePhotoList: [],
    bookedBy: 'patient',
  };
}

describe('free slots grouped by day', () => {
  it('puts each start on the day of the reader’s time zone, in order, without duplicates', () => {
    const slots = [
      '2026-11-23T09:30:00+09:00',
      '2026-11-23T09:00:00+09:00',
      '2026-11-24T07:00:00+09:00',
      // The same instant as 09:00 in Seoul, written in UTC.
      '2026-11-23T00:00:00Z',
      'not a date',
    ];
    expect(groupSlotsByDay(slots, 'Asia/Seoul')).toEqual([
      {
        date: '2026-11-23',
        slots: [
          { iso: '2026-11-23T09:00:00+09:00', minute: 540 },
          { iso: '2026-11-23T09:30:00+09:00', minute: 570 },
        ],
      },
      { date: '2026-11-24', slots: [{ iso: '2026-11-24T07:00:00+09:00', minute: 420 }] },
    ]);
  });

  it('moves a start across midnight when the reader is in another zone', () => {
    // 07:00 in Seoul is 22:00 the day before in UTC.
    const days = groupSlotsByDay(['2026-11-24T07:00:00+09:00'], 'UTC');
    expect(days).toEqual([{ date: '2026-11-23', slots: [{ iso: '2026-11-24T07:00:00+09:00', minute: 22 * 60 }] }]);
  });

  it('gives nothing for no slots', () => {
    expect(groupSlotsByDay([], 'UTC')).toEqual([]);
  });
});

describe('the booking range', () => {
  it('spans seven days by default and never more than the server allows', () => {
    expect(bookingRange('2026-11-28')).toEqual({ startDate: '2026-11-28', endDate: '2026-12-04' });
    expect(bookingRange('2026-11-28', 1)).toEqual({ startDate: '2026-11-28', endDate: '2026-11-28' });
    expect(bookingRange('2026-01-01', 400).endDate).toBe('2026-01-31');
  });

  it('knows today in a time zone', () => {
    const instant = new Date('2026-11-22T20:00:00Z');
    expect(todayIn('Asia/Seoul', instant)).toBe('2026-11-23');
    expect(todayIn('America/New_York', instant)).toBe('2026-11-22');
  });
});

describe('upcoming and past visits', () => {
  it('lists waiting and running visits soonest first, the rest newest first', () => {
    const list = [
      visit(1, '2026-11-30T09:00:00Z', ScheduleStatus.waiting),
      visit(2, '2026-11-25T09:00:00Z', ScheduleStatus.inProgress),
      visit(3, '2026-11-01T09:00:00Z', ScheduleStatus.completed),
      visit(4, '2026-11-10T09:00:00Z', ScheduleStatus.cancelledByClinician),
      visit(5, '2026-11-05T09:00:00Z', ScheduleStatus.expired),
      visit(6, '2026-11-26T09:00:00Z', ScheduleStatus.cancelledByPatient),
    ];
    const { upcoming, past } = splitVisits(list);
    expect(upcoming.map((entry) => entry.seqSchedule)).toEqual([2, 1]);
    expect(past.map((entry) => entry.seqSchedule)).toEqual([6, 4, 5, 3]);
  });

  it('lets only a waiting visit be changed', () => {
    expect(isChangeable(visit(1, '2026-11-30T09:00:00Z', ScheduleStatus.waiting))).toBe(true);
    expect(isChangeable(visit(1, '2026-11-30T09:00:00Z', ScheduleStatus.inProgress))).toBe(false);
    expect(isChangeable(visit(1, '2026-11-30T09:00:00Z', ScheduleStatus.cancelledByPatient))).toBe(false);
  });
});

describe('symptom photos', () => {
  it('takes images of the allowed types up to the size limit and at most five', () => {
    expect(photoProblem({ type: 'image/jpeg', size: 1000 }, 0)).toBeUndefined();
    expect(photoProblem({ type: 'image/x-icon', size: 1000 }, 4)).toBeUndefined();
    expect(photoProblem({ type: 'image/webp', size: 1000 }, 0)).toBe('wrongType');
    expect(photoProblem({ type: 'image/png', size: 6 * 1024 * 1024 }, 0)).toBe('tooLarge');
    expect(photoProblem({ type: 'image/png', size: 1000 }, 5)).toBe('tooMany');
  });
});
