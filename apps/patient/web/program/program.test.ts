import type { ProgramRomDay, ProgramSession } from '@clinic/contract';
import { describe, expect, it } from 'vitest';
import {
  chartGeometry,
  chartStart,
  directionName,
  formatDate,
  minutesAndSeconds,
  newestFirst,
  positionName,
  progressOf,
  romSeries,
  romSummary,
  type ChartBox,
} from './program.ts';

const day = (date: string, position: number, direction: number, minAngle: number, maxAngle: number): ProgramRomDay => ({
  date,
  position,
  direction,
  minAngle,
  maxAngle,
});

const prescription = (position: number, direction: number, minRom: number, maxRom: number, createdAt: string) => ({
  position,
  direction,
  minRom,
  maxRom,
  createdAt,
});

const range = { from: '2026-11-01', to: '2026-11-30' };

describe('the ROM chart data', () => {
  it('gives one series per joint and side, days oldest first, with the prescribed range', () => {
    const days = [
      day('2026-11-03', 3, 1, 12, 70),
      day('2026-11-02', 3, 1, 10, 65),
      day('2026-11-02', 1, 2, 20, 110),
      day('2026-11-04', 3, 2, 5, 40),
    ];
    const prescriptions = [prescription(3, 1, 10, 80, '2026-10-20T09:00:00+09:00')];
    expect(romSeries(days, prescriptions, range)).toEqual([
      { position: 1, direction: 2, days: [{ date: '2026-11-02', minAngle: 20, maxAngle: 110 }] },
      {
        position: 3,
        direction: 1,
        days: [
          { date: '2026-11-02', minAngle: 10, maxAngle: 65 },
          { date: '2026-11-03', minAngle: 12, maxAngle: 70 },
        ],
        prescribed: { min: 10, max: 80 },
      },
      { position: 3, direction: 2, days: [{ date: '2026-11-04', minAngle: 5, maxAngle: 40 }] },
    ]);
  });

  it('takes the range of the latest prescription, and keeps a joint prescribed but not yet exercised', () => {
    const prescriptions = [
      prescription(4, 1, 40, 90, '2026-10-01T00:00:00Z'),
      prescription(4, 1, 50, 100, '2026-11-01T00:00:00Z'),
      prescription(2, 2, 0, 50, '2026-11-05T00:00:00Z'),
    ];
    const series = romSeries([day('2026-11-10', 4, 1, 45, 95)], prescriptions, range);
    expect(series.map((entry) => [entry.position, entry.direction, entry.prescribed, entry.days.length])).toEqual([
      [2, 2, { min: 0, max: 50 }, 0],
      [4, 1, { min: 50, max: 100 }, 1],
    ]);
  });

  it('joins two rows of one day and leaves out days outside the chart', () => {
    const days = [
      day('2026-10-31', 3, 1, 0, 99),
      day('2026-11-05', 3, 1, 15, 60),
      day('2026-11-05', 3, 1, 10, 72),
      day('2026-12-01', 3, 1, 0, 99),
    ];
    expect(romSeries(days, [], range)[0]?.days).toEqual([{ date: '2026-11-05', minAngle: 10, maxAngle: 72 }]);
  });

  it('starts the chart so many days back, today included', () => {
    expect(chartStart('2026-11-30', 90)).toBe('2026-09-02');
    expect(chartStart('2026-11-30', 30)).toBe('2026-11-01');
    expect(chartStart('2026-03-01', 1)).toBe('2026-03-01');
  });

  it('summarises the latest day and the best one', () => {
    const days = [
      { date: '2026-11-02', minAngle: 10, maxAngle: 65 },
      { date: '2026-11-03', minAngle: 12, maxAngle: 80 },
      { date: '2026-11-04', minAngle: 12, maxAngle: 70 },
    ];
    expect(romSummary(days)).toEqual({ latest: days[2], best: days[1] });
    expect(romSummary([])).toBeUndefined();
  });
});

describe('the ROM chart geometry', () => {
  const box: ChartBox = { width: 340, height: 140, left: 40, right: 0, top: 10, bottom: 30 };

  it('puts the first day at the left, the last at the right, and degrees bottom to top on even steps', () => {
    const geometry = chartGeometry(
      {
        position: 3,
        direction: 1,
        days: [
          { date: '2026-11-01', minAngle: 0, maxAngle: 40 },
          { date: '2026-11-30', minAngle: 0, maxAngle: 80 },
        ],
        prescribed: { min: 20, max: 60 },
      },
      range,
      box,
    );
    expect(geometry.plot).toEqual({ x: 40, y: 10, width: 300, height: 100 });
    // 0-80° in steps of 20: 0° at the bottom (y 110), 80° at the top (y 10).
    expect(geometry.yTicks).toEqual([
      { y: 110, value: 0 },
      { y: 85, value: 20 },
      { y: 60, value: 40 },
      { y: 35, value: 60 },
      { y: 10, value: 80 },
    ]);
    expect(geometry.points).toEqual([
      { x: 40, y: 60, date: '2026-11-01', value: 40 },
      { x: 340, y: 10, date: '2026-11-30', value: 80 },
    ]);
    expect(geometry.line).toBe('40,60 340,10');
    expect(geometry.band).toEqual({ y: 35, height: 50 });
  });

  it('places a day by its date, whatever the days around it', () => {
    const geometry = chartGeometry(
      { position: 3, direction: 1, days: [{ date: '2026-11-16', minAngle: 0, maxAngle: 30 }] },
      range,
      box,
    );
    // Day 15 of a 29-day span.
    expect(geometry.points[0]?.x).toBeCloseTo(40 + (15 / 29) * 300, 1);
    expect(geometry.band).toBeUndefined();
  });

  it('reaches below 0° for a joint measured in negative angles', () => {
    const geometry = chartGeometry(
      {
        position: 4,
        direction: 2,
        days: [{ date: '2026-11-10', minAngle: -40, maxAngle: 15 }],
        prescribed: { min: -50, max: 20 },
      },
      range,
      box,
    );
    expect(geometry.yTicks.map((tick) => tick.value)).toEqual([-60, -40, -20, 0, 20]);
    expect(geometry.yTicks[0]?.y).toBe(110);
    expect(geometry.yTicks.at(-1)?.y).toBe(10);
  });

  it('draws an empty chart on a scale of its own', () => {
    const geometry = chartGeometry({ position: 1, direction: 1, days: [] }, range, box);
    expect(geometry.points).toEqual([]);
    expect(geometry.line).toBe('');
    expect(geometry.yTicks.map((tick) => tick.value)).toEqual([0, 5, 10]);
  });
});

describe('the program', () => {
  it('names joints and sides, and none it does not know', () => {
    expect([1, 2, 3, 4, 5, 6].map(positionName)).toEqual([
      'elbow',
      'wrist',
      'knee',
      'ankle',
      'lowerExtremity',
      undefined,
    ]);
    expect([1, 2, 3].map(directionName)).toEqual(['left', 'right', undefined]);
  });

  it('fills the progress bar by the sessions done of those due, never past full', () => {
    expect(progressOf({ sessionsDone: 6, sessionsDue: 20 })).toEqual({ done: 6, due: 20, percent: 30 });
    expect(progressOf({ sessionsDone: 25, sessionsDue: 20 })).toEqual({ done: 25, due: 20, percent: 100 });
    expect(progressOf({ sessionsDone: 0, sessionsDue: 0 })).toEqual({ done: 0, due: 0, percent: 0 });
    expect(progressOf({ sessionsDone: 1, sessionsDue: 3 }).percent).toBe(33);
  });

  it('writes a session length as minutes and seconds, and lists sessions newest first', () => {
    expect(minutesAndSeconds(754)).toEqual({ minutes: 12, seconds: 34 });
    expect(minutesAndSeconds(59.6)).toEqual({ minutes: 1, seconds: 0 });
    const session = (seqExerciseRecord: number, usageStartDatetime: string): ProgramSession => ({
      seqExerciseRecord,
      seqExercise: 1,
      position: 3,
      direction: 1,
      usageStartDatetime,
      minAngle: 10,
      maxAngle: 60,
      durationSeconds: 600,
      painLevel: null,
    });
    const sorted = newestFirst([
      session(1, '2026-11-02T09:00:00+09:00'),
      session(2, '2026-11-03T01:00:00Z'),
      session(3, '2026-11-02T23:00:00Z'),
    ]);
    expect(sorted.map((entry) => entry.seqExerciseRecord)).toEqual([2, 3, 1]);
  });

  it('writes a due date as the same day in every time zone', () => {
    expect(formatDate('2026-03-05', 'en')).toBe('Mar 5, 2026');
    expect(formatDate('2026-03-05', 'ko')).toBe('2026. 3. 5.');
    expect(formatDate('not a date', 'en')).toBe('not a date');
  });
});
