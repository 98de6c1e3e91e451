import { describe, expect, it } from 'vitest';
import { durationSeconds, formatClock, formatShort, isoWithOffset, timerView } from './call-timer.ts';

describe('call timer', () => {
  it('formats seconds as HH:mm:ss and as a short clock', () => {
    expect(formatClock(0)).toBe('00:00:00');
    expect(formatClock(3723)).toBe('01:02:03');
    expect(formatClock(-5)).toBe('00:00:00');
    expect(formatShort(65)).toBe('01:05');
    expect(formatShort(3723)).toBe('1:02:03');
  });

  it('reads the expected length of a visit', () => {
    expect(durationSeconds('00:30:00')).toBe(1800);
    expect(durationSeconds('01:00:00')).toBe(3600);
    expect(durationSeconds('nonsense')).toBe(0);
  });

  it('warns in the last 300 s with the remaining time and shows the overtime past the end', () => {
    expect(timerView(0, 1800)).toEqual({ warning: 'none', shownSeconds: 0 });
    expect(timerView(1499, 1800)).toEqual({ warning: 'none', shownSeconds: 1499 });
    expect(timerView(1500, 1800)).toEqual({ warning: 'ending', shownSeconds: 300 });
    expect(timerView(1800, 1800)).toEqual({ warning: 'ending', shownSeconds: 0 });
    expect(timerView(1801, 1800)).toEqual({ warning: 'overtime', shownSeconds: 1 });
  });

  it('writes an instant with its offset', () => {
    const at = Date.UTC(2026, 10, 23, 0, 0, 5);
    expect(isoWithOffset(at, 540)).toBe('2026-11-23T09:00:05+09:00');
    expect(isoWithOffset(at, -90)).toBe('2026-11-22T22:30:05-01:30');
    expect(isoWithOffset(at, 0)).toBe('2026-11-23T00:00:05+00:00');
  });
});
