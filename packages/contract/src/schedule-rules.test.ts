import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  durationMinutes,
  durationOfMinutes,
  instantOf,
  isoInZone,
  offsetMinutesAt,
  scheduleRules,
  startSlotMinutes,
  wallClockIn,
} from './schedule-rules.ts';

describe('visit slots and lengths', () => {
  it('start every 15 minutes from 07:00 to 20:45 and last 15, 30, 45 or 60 minutes', () => {
    expect(startSlotMinutes[0]).toBe(7 * 60);
    expect(startSlotMinutes.at(-1)).toBe(20 * 60 + 45);
    expect(startSlotMinutes).toHaveLength(56);
    expect(scheduleRules.durations.map(durationMinutes)).toEqual([15, 30, 45, 60]);
    expect(durationOfMinutes(45)).toBe('00:45:00');
    expect(durationOfMinutes(50)).toBeUndefined();
  });
});

describe('instants in a time zone', () => {
  it('writes an instant with the offset of the zone, summer or winter', () => {
    const instant = new Date('2026-11-23T09:00:00Z');
    expect(isoInZone(instant, 'Asia/Seoul')).toBe('2026-11-23T18:00:00+09:00');
    expect(isoInZone(instant, 'Europe/Prague')).toBe('2026-11-23T10:00:00+01:00');
    expect(isoInZone(new Date('2026-07-01T09:00:00Z'), 'Europe/Prague')).toBe('2026-07-01T11:00:00+02:00');
    expect(isoInZone(instant, 'America/St_Johns')).toBe('2026-11-23T05:30:00-03:30');
    expect(isoInZone(instant, 'UTC')).toBe('2026-11-23T09:00:00Z');
  });

  it('finds the instant of a wall-clock time, also on the days the clocks change', () => {
    expect(instantOf('2026-11-23', 10 * 60, 'Europe/Prague').toISOString()).toBe('2026-11-23T09:00:00.000Z');
    // 29 March 2026: Prague jumps from 02:00 to 03:00; 08:00 is already summer time.
    expect(instantOf('2026-03-29', 8 * 60, 'Europe/Prague').toISOString()).toBe('2026-03-29T06:00:00.000Z');
    expect(instantOf('2026-10-25', 8 * 60, 'Europe/Prague').toISOString()).toBe('2026-10-25T07:00:00.000Z');
    expect(wallClockIn(new Date('2026-11-22T23:30:00Z'), 'Asia/Seoul')).toEqual({
      date: '2026-11-23',
      minute: 8 * 60 + 30,
      weekday: 1,
    });
  });

  it('reads back the same wall clock it wrote, for any daytime slot in any of several zones', () => {
    const zones = ['UTC', 'Europe/Prague', 'Asia/Seoul', 'Asia/Hong_Kong', 'America/New_York', 'Asia/Kolkata'];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3650 }),
        fc.constantFrom(...startSlotMinutes),
        fc.constantFrom(...zones),
        (day, minute, zone) => {
          const date = new Date(Date.UTC(2026, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
          const instant = instantOf(date, minute, zone);
          expect(wallClockIn(instant, zone)).toMatchObject({ date, minute });
          const offset = offsetMinutesAt(instant, zone);
          expect(Date.parse(isoInZone(instant, zone))).toBe(instant.getTime());
          expect(Math.abs(offset)).toBeLessThanOrEqual(14 * 60);
        },
      ),
      { seed: 5, numRuns: 300 },
    );
  });
});
