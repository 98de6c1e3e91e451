import type { MonitoringAlert } from '@clinic/contract';
import { paths } from '../../config/paths.ts';
import { todayIso } from '../../shared/dates/date-format.ts';

/** The days before an alert that its rules read: the two weeks a range of motion regression compares. */
const lookBackDays = 13;

/** The local date of an instant, `days` earlier. */
function localDateBefore(iso: string, days: number): string {
  const date = new Date(iso);
  date.setDate(date.getDate() - days);
  return todayIso(date);
}

/**
 * The patient's history tab with the alert's period on the chart: from two weeks before it was
 * raised to its end (today while it lasts), and the joint of a regression.
 */
export function alertChartPath(alert: MonitoringAlert, today: string): string {
  const params = new URLSearchParams({
    id: String(alert.seqMedicalRelation),
    from: localDateBefore(alert.startedAt, lookBackDays),
    to: alert.endedAt ? localDateBefore(alert.endedAt, 0) : today,
  });
  if (alert.reason.kind === 'romRegression') params.set('position', String(alert.reason.position));
  return `${paths.patientDetailsHistory}?${params.toString()}`;
}
