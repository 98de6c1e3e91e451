import type { RomStatistics } from '../../../shared/api/rom-statistics.ts';

export interface RomSeries {
  /** Unix seconds at the start of each day (local time). */
  x: number[];
  minAngle: (number | null)[];
  maxAngle: (number | null)[];
  prescribedMin: (number | null)[];
  prescribedMax: (number | null)[];
  minutes: (number | null)[];
  /** The highest pain (1-10) reported that day; null for none, or none above 0. */
  pain: (number | null)[];
}

/** Seconds since the epoch of a YYYY-MM-DD day at local midnight. */
export function daySeconds(date: string): number {
  const [year = 1970, month = 1, day = 1] = date.slice(0, 10).split('-').map(Number);
  return Math.floor(new Date(year, month - 1, day).getTime() / 1000);
}

/**
 * The chart's columns, one per day with records: the angles reached, the exercise minutes and the
 * range of the newest prescription that was running that day.
 */
export function romSeries(statistics: RomStatistics): RomSeries {
  const days = [...statistics.days].sort((a, b) => a.date.localeCompare(b.date));
  const prescriptions = [...statistics.prescriptions].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const series: RomSeries = {
    x: [],
    minAngle: [],
    maxAngle: [],
    prescribedMin: [],
    prescribedMax: [],
    minutes: [],
    pain: [],
  };
  for (const day of days) {
    const date = day.date.slice(0, 10);
    const running = prescriptions.find(
      (prescription) => prescription.createdAt.slice(0, 10) <= date && date <= prescription.dueDate.slice(0, 10),
    );
    series.x.push(daySeconds(date));
    series.minAngle.push(day.minAngle);
    series.maxAngle.push(day.maxAngle);
    series.prescribedMin.push(running ? running.minRom : null);
    series.prescribedMax.push(running ? running.maxRom : null);
    series.minutes.push(Math.round((day.exerciseSeconds / 60) * 10) / 10);
    series.pain.push(day.painLevel ? day.painLevel : null);
  }
  return series;
}

/** The highest pain reported over the days, on the latest day it was reported; undefined when none above 0 was. */
export function highestPain(days: RomStatistics['days']): { level: number; date: string } | undefined {
  let highest: { level: number; date: string } | undefined;
  for (const day of days) {
    const level = day.painLevel ?? 0;
    const date = day.date.slice(0, 10);
    if (level > 0 && (!highest || level > highest.level || (level === highest.level && date > highest.date)))
      highest = { level, date };
  }
  return highest;
}
