import { describe, expect, it } from 'vitest';
import { highestPain, romSeries } from './rom-series.ts';

const day = (date: string, painLevel?: number | null) => ({
  date,
  minAngle: 10,
  maxAngle: 90,
  exerciseSeconds: 600,
  sessions: 1,
  ...(painLevel === undefined ? {} : { painLevel }),
});

describe('the pain on the ROM chart', () => {
  it('marks the days a patient reported pain with the highest level reported', () => {
    const series = romSeries({
      days: [day('2026-11-27', 7), day('2026-11-25', null), day('2026-11-26', 0), day('2026-11-24')],
      prescriptions: [],
    });
    expect(series.pain).toEqual([null, null, null, 7]);
  });

  it('names the highest pain of the period, on the latest day it was reported', () => {
    expect(highestPain([day('2026-11-20', 7), day('2026-11-27', 7), day('2026-11-24', 5)])).toEqual({
      level: 7,
      date: '2026-11-27',
    });
    expect(highestPain([day('2026-11-27', 9), day('2026-11-28', 4)])).toEqual({ level: 9, date: '2026-11-27' });
  });

  it('names none when nothing above no pain was reported, as in reports kept before pain was counted', () => {
    expect(highestPain([day('2026-11-27', 0), day('2026-11-26', null), day('2026-11-25')])).toBeUndefined();
  });
});
