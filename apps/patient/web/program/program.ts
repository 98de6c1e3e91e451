import {
  nextDate,
  Position,
  type ProgramPrescription,
  type ProgramRomDay,
  type ProgramSession,
} from '@clinic/contract';
import { dateFormat } from '../i18n/date-format.ts';

export type PositionName = keyof typeof Position;
export type DirectionName = 'left' | 'right';

const positionNames = Object.fromEntries(
  Object.entries(Position).map(([name, value]) => [value, name as PositionName]),
) as Record<number, PositionName | undefined>;

/** The joint's name key (`elbow`, `knee`…), or undefined for a joint this version does not know. */
export function positionName(position: number): PositionName | undefined {
  return positionNames[position];
}

/** 1 left, 2 right. */
export function directionName(direction: number): DirectionName | undefined {
  if (direction === 1) return 'left';
  if (direction === 2) return 'right';
  return undefined;
}

export interface Progress {
  done: number;
  due: number;
  /** 0-100, for the bar: sessions beyond those due fill it, no more. */
  percent: number;
}

export function progressOf(prescription: Pick<ProgramPrescription, 'sessionsDone' | 'sessionsDue'>): Progress {
  const done = Math.max(0, prescription.sessionsDone);
  const due = Math.max(0, prescription.sessionsDue);
  const percent = due === 0 ? (done > 0 ? 100 : 0) : Math.min(100, Math.round((done / due) * 100));
  return { done, due, percent };
}

/** Minutes and seconds of a session's length. */
export function minutesAndSeconds(totalSeconds: number): { minutes: number; seconds: number } {
  const whole = Math.max(0, Math.round(totalSeconds));
  return { minutes: Math.floor(whole / 60), seconds: whole % 60 };
}

/** The last sessions, newest first. */
export function newestFirst(sessions: readonly ProgramSession[]): ProgramSession[] {
  return [...sessions].sort((a, b) => Date.parse(b.usageStartDatetime) - Date.parse(a.usageStartDatetime));
}

export interface RomPoint {
  date: string;
  minAngle: number;
  maxAngle: number;
}

/** One joint and side over the chart's days: the highest and lowest angle of each day with sessions. */
export interface RomSeries {
  position: number;
  direction: number;
  /** Oldest first, one per day, only days inside the chart's range. */
  days: RomPoint[];
  /** The range its open prescription asks for (the latest, when several do). */
  prescribed?: { min: number; max: number };
}

/**
 * The chart of each joint and side: the days of `romDays` from `from` to `to` (YYYY-MM-DD,
 * inclusive), with the prescribed range of the open prescription for it. A joint with a
 * prescription and no sessions yet has a chart too, empty.
 */
export function romSeries(
  romDays: readonly ProgramRomDay[],
  prescriptions: readonly Pick<ProgramPrescription, 'position' | 'direction' | 'minRom' | 'maxRom' | 'createdAt'>[],
  range: { from: string; to: string },
): RomSeries[] {
  const series = new Map<string, RomSeries>();
  const seriesOf = (position: number, direction: number): RomSeries => {
    const key = `${position}:${direction}`;
    let found = series.get(key);
    if (!found) {
      found = { position, direction, days: [] };
      series.set(key, found);
    }
    return found;
  };
  const latestFirst = [...prescriptions].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  for (const prescription of latestFirst) {
    const entry = seriesOf(prescription.position, prescription.direction);
    entry.prescribed ??= { min: prescription.minRom, max: prescription.maxRom };
  }
  for (const day of romDays) {
    if (day.date < range.from || day.date > range.to) continue;
    const entry = seriesOf(day.position, day.direction);
    const same = entry.days.find((kept) => kept.date === day.date);
    if (same) {
      same.minAngle = Math.min(same.minAngle, day.minAngle);
      same.maxAngle = Math.max(same.maxAngle, day.maxAngle);
    } else {
      entry.days.push({ date: day.date, minAngle: day.minAngle, maxAngle: day.maxAngle });
    }
  }
  for (const entry of series.values()) entry.days.sort((a, b) => a.date.localeCompare(b.date));
  return [...series.values()].sort((a, b) => a.position - b.position || a.direction - b.direction);
}

/** The chart's first day: `days` days up to and including `today`. */
export function chartStart(today: string, days: number): string {
  return nextDate(today, -(days - 1));
}

/** The latest day and the day of the highest angle, for the chart's summary. */
export function romSummary(days: readonly RomPoint[]): { latest: RomPoint; best: RomPoint } | undefined {
  const latest = days.at(-1);
  if (!latest) return undefined;
  const best = days.reduce((top, day) => (day.maxAngle > top.maxAngle ? day : top), latest);
  return { latest, best };
}

export interface ChartBox {
  width: number;
  height: number;
  /** Room for the axis labels: left of the plot and below it. */
  left: number;
  bottom: number;
  top: number;
  right: number;
}

export interface ChartGeometry {
  points: { x: number; y: number; date: string; value: number }[];
  /** The highest angle of each day joined oldest to newest (an SVG polyline's points). */
  line: string;
  band?: { y: number; height: number };
  yTicks: { y: number; value: number }[];
  plot: { x: number; y: number; width: number; height: number };
}

const tickSteps = [5, 10, 20, 30, 50, 100];

function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
}

/**
 * Where each day's highest angle, the prescribed band and the degree grid lines fall in the box:
 * days from `from` to `to` left to right, degrees bottom to top on whole steps of 5-100° that take
 * in every value and the band (and 0° unless every value is below it).
 */
export function chartGeometry(series: RomSeries, range: { from: string; to: string }, box: ChartBox): ChartGeometry {
  const values = series.days.map((day) => day.maxAngle);
  if (series.prescribed) values.push(series.prescribed.min, series.prescribed.max);
  const lowest = Math.min(0, ...values);
  const highest = Math.max(lowest + 10, ...values);
  const step = tickSteps.find((candidate) => (highest - lowest) / candidate <= 5) ?? 100;
  const bottomValue = Math.floor(lowest / step) * step;
  const topValue = Math.max(Math.ceil(highest / step) * step, bottomValue + step);

  const plot = {
    x: box.left,
    y: box.top,
    width: box.width - box.left - box.right,
    height: box.height - box.top - box.bottom,
  };
  const first = dayNumber(range.from);
  const span = Math.max(1, dayNumber(range.to) - first);
  const round = (value: number): number => Math.round(value * 10) / 10;
  const xOf = (date: string): number => round(plot.x + ((dayNumber(date) - first) / span) * plot.width);
  const yOf = (value: number): number =>
    round(plot.y + plot.height - ((value - bottomValue) / (topValue - bottomValue)) * plot.height);

  const points = series.days.map((day) => ({
    x: xOf(day.date),
    y: yOf(day.maxAngle),
    date: day.date,
    value: day.maxAngle,
  }));
  const yTicks: ChartGeometry['yTicks'] = [];
  for (let value = bottomValue; value <= topValue; value += step) yTicks.push({ y: yOf(value), value });
  const geometry: ChartGeometry = {
    points,
    line: points.map((point) => `${point.x},${point.y}`).join(' '),
    yTicks,
    plot,
  };
  if (series.prescribed) {
    const top = yOf(series.prescribed.max);
    geometry.band = { y: top, height: round(yOf(series.prescribed.min) - top) };
  }
  return geometry;
}

/** A day (YYYY-MM-DD, or the date of a datetime in the reader's zone) with its year, in the reader's language. */
export function formatDate(value: string, language: string): string {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const time = Date.parse(dateOnly ? `${value}T12:00:00Z` : value);
  if (Number.isNaN(time)) return value;
  return dateFormat(language, { dateStyle: 'medium', ...(dateOnly && { timeZone: 'UTC' }) }).format(new Date(time));
}
