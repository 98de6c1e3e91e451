import {
  reportParameters,
  type ConditionEntry,
  type ReportData,
  type ReportParameter,
  type SavedReport,
} from '@clinic/contract';

export type RomDay = SavedReport['romDays'][number];

/** Everything a report shows: a kept one, or the one being made. */
export interface ReportView {
  data: ReportData;
  romDays: RomDay[];
  startDate: string;
  endDate: string;
  parameters: ReportParameter[];
  position: number | null;
  mode: number | null;
  chiefComplaint: string;
  expertOpinion: string;
  /** When it was kept; null for a report not saved yet. */
  createdAt: string | null;
}

/**
 * Every item of a condition entry, translated, in one fixed order; an item not filled in has an empty
 * value (the patients feature knows how; the app passes it in).
 */
export type ConditionFactsOf = (entry: ConditionEntry) => { label: string; value: string }[];

/** The first and the latest condition side by side: the items filled in in either, in their fixed order. */
export function conditionComparison(
  first: ConditionEntry | null,
  latest: ConditionEntry | null,
  factsOf: ConditionFactsOf,
): { label: string; first: string; latest: string }[] {
  const before = first ? factsOf(first) : [];
  const after = latest ? factsOf(latest) : [];
  // Both lists hold every item in the same order, so rows pair up by position.
  return (before.length > 0 ? before : after)
    .map(({ label }, index) => ({ label, first: before[index]?.value ?? '', latest: after[index]?.value ?? '' }))
    .filter((row) => row.first !== '' || row.latest !== '');
}

/**
 * Why a report cannot be printed, exported or saved, as a message key: no parameter chosen, or a
 * period with nothing to report (no device data, no condition and no questionnaire score chosen).
 * Undefined when it can.
 */
export function outputBlocker(
  report: Pick<ReportView, 'data' | 'romDays' | 'parameters'>,
): 'validation.report_parameter_required' | 'report.nothingToReport' | undefined {
  if (report.parameters.length === 0) return 'validation.report_parameter_required';
  const { initStatus, lastStatus, deviceDays, outcomes, messages } = report.data;
  const deviceData = report.romDays.length > 0 || deviceDays.some((period) => period.days > 0);
  const scores = (outcomes ?? []).length > 0;
  const thread = (messages ?? []).length > 0;
  return deviceData || initStatus || lastStatus || scores || thread ? undefined : 'report.nothingToReport';
}

export function isReportParameter(value: string): value is ReportParameter {
  return (reportParameters as readonly string[]).includes(value);
}

/** The parameters in their fixed order (max angle, min angle, exercise time, sessions). */
export function orderedParameters(parameters: readonly ReportParameter[]): ReportParameter[] {
  return reportParameters.filter((parameter) => parameters.includes(parameter));
}

/** A day's value of one parameter: angles in degrees, exercise time in minutes (one decimal), sessions. */
export function parameterValue(day: RomDay, parameter: ReportParameter): number {
  switch (parameter) {
    case 'maxAngle':
      return day.maxAngle;
    case 'minAngle':
      return day.minAngle;
    case 'exerciseTime':
      return Math.round((day.exerciseSeconds / 60) * 10) / 10;
    case 'sessions':
      return day.sessions;
  }
}

/** The ROM days in date order. */
export function sortedDays(days: readonly RomDay[]): RomDay[] {
  return [...days].sort((a, b) => a.date.localeCompare(b.date));
}

/** Seconds since the epoch of a YYYY-MM-DD day at local midnight (the chart's x values). */
export function daySeconds(date: string): number {
  const [year = 1970, month = 1, day = 1] = date.slice(0, 10).split('-').map(Number);
  return Math.floor(new Date(year, month - 1, day).getTime() / 1000);
}

/** The chart columns of one parameter: days and values. */
export function parameterSeries(days: readonly RomDay[], parameter: ReportParameter): { x: number[]; y: number[] } {
  const sorted = sortedDays(days);
  return { x: sorted.map((day) => daySeconds(day.date)), y: sorted.map((day) => parameterValue(day, parameter)) };
}
