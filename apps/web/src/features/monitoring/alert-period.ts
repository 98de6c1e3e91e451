import type { MonitoringAlert } from '@clinic/contract';
import dayjs from 'dayjs';
import { paths } from '../../config/paths.ts';

/** The days before an alert that its rules read: the two weeks a range of motion regression compares. */
const lookBackDays = 13;

/**
 * The patient's history tab with the alert's period on the chart: from two weeks before it was
 * raised to its end (today while it lasts), and the joint of a regression.
 */
export function alertChartPath(alert: MonitoringAlert, today: string): string {
  const params = new URLSearchParams({
    id: String(alert.seqMedicalRelation),
    from: dayjs(alert.startedAt).subtract(lookBackDays, 'day').format('YYYY-MM-DD'),
    to: alert.endedAt ? dayjs(alert.endedAt).format('YYYY-MM-DD') : today,
  });
  if (alert.reason.kind === 'romRegression') params.set('position', String(alert.reason.position));
  return `${paths.patientDetailsHistory}?${params.toString()}`;
}
