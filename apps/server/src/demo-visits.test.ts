import { startSlotMinutes } from '@clinic/contract';
import { describe, expect, it } from 'vitest';
import { laterTodayMinute } from './demo.ts';

describe("the demo's visit later today", () => {
  it('is two hours ahead on the hour, and on a start slot at any hour of the night', () => {
    expect(laterTodayMinute(10 * 60 + 10)).toBe(13 * 60);
    // Started just after midnight: 03:00 is no start slot, so the first slot of the day.
    expect(laterTodayMinute(8)).toBe(7 * 60);
    for (let minute = 0; minute < 24 * 60; minute += 5) {
      const start = laterTodayMinute(minute);
      if (start !== undefined) {
        expect(startSlotMinutes).toContain(start);
        expect(start).toBeGreaterThan(minute);
      }
    }
  });

  it('is left out once the day has no slot two hours ahead', () => {
    expect(laterTodayMinute(17 * 60 + 30)).toBe(20 * 60);
    expect(laterTodayMinute(18 * 60 + 30)).toBeUndefined();
  });
});
