import type uPlot from 'uplot';
import { formatDate } from '../dates/date-format.ts';

const day = 86_400;
const month = 30 * day;
const year = 365 * day;

/** Tick steps of a chart of days: whole days, weeks, months and years (uPlot aligns months and years). */
export const dayIncrements = [day, 2 * day, 3 * day, 7 * day, 14 * day, month, 2 * month, 3 * month, 6 * month, year];

/**
 * The labels of the date ticks in the app's language (uPlot's own are English): days, months or
 * years as the step asks, with the year under the first tick and under the first of each new year.
 */
export function dayTickLabels(language: string, ticks: readonly number[], step: number): string[] {
  const tickFormat = new Intl.DateTimeFormat(
    language,
    step >= year ? { year: 'numeric' } : step >= 28 * day ? { month: 'short' } : { month: 'short', day: 'numeric' },
  );
  const yearFormat = new Intl.DateTimeFormat(language, { year: 'numeric' });
  let shownYear: number | undefined;
  return ticks.map((tick) => {
    const date = new Date(tick * 1000);
    const label = tickFormat.format(date);
    if (step >= year || date.getFullYear() === shownYear) return label;
    shownYear = date.getFullYear();
    return `${label}\n${yearFormat.format(date)}`;
  });
}

/** The time axis and the legend's day of a uPlot chart of days, in the app's language. */
export function dayAxisOptions(language: string): { axis: uPlot.Axis; legendValue: uPlot.Series.Value } {
  return {
    axis: { incrs: dayIncrements, values: (_plot, ticks, _axis, _space, step) => dayTickLabels(language, ticks, step) },
    // uPlot hands the legend null (typed as a number) while no day is hovered.
    legendValue: (_plot, value) =>
      Number.isFinite(value) ? formatDate(new Date(value * 1000).toISOString(), language) : '',
  };
}
