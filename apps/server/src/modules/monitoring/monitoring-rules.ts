import type { AlertKind, AlertReason, MonitoringSettings } from '@clinic/contract';
import { dayMs } from '../shared/index.ts';

/** The rules that turn a patient's recent device data into alerts (docs/decisions/0013-remote-monitoring.md). */

export { dayMs };
/** The length of the adherence window and of each of the two ROM windows. */
export const windowDays = 7;
/** Days with data each ROM window needs before its median means anything. */
export const minimumRomDays = 3;

/** A condition the rules found: an alert of this kind and subject is ongoing while it is found. */
export interface Finding {
  kind: AlertKind;
  /** Tells apart conditions of one kind that run side by side: a joint and direction, a prescription. */
  subject: string;
  reason: AlertReason;
}

/** A prescription still waiting or on progress, with the sessions its device recorded in the last 7 days. */
export interface OpenPrescription {
  seqExercise: number;
  createdAt: Date;
  /** The last day of the prescription, YYYY-MM-DD. */
  dueDate: string;
  /** Sessions a day. */
  frequency: number;
  recentSessions: number;
}

/** The furthest a joint reached on one day of one direction. */
export interface DailyRom {
  day: string;
  position: number;
  direction: number;
  maxAngle: number;
  minAngle: number;
}

export interface PainReport {
  level: number;
  at: Date;
}

/** Everything the rules read of one patient: open prescriptions and the last 14 days of data. */
export interface PatientData {
  prescriptions: OpenPrescription[];
  lastDataAt: Date | null;
  daily: DailyRom[];
  painReports: PainReport[];
}

/** The calendar day (UTC) of an instant, YYYY-MM-DD. */
export function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

function addDays(day: string, days: number): string {
  return dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs));
}

/** No device data for the set number of days while a prescription is open, counted from its start at the latest. */
export function noDataFinding(now: Date, days: number, data: PatientData): Finding | undefined {
  if (data.prescriptions.length === 0) return undefined;
  const firstStart = Math.min(...data.prescriptions.map((prescription) => prescription.createdAt.getTime()));
  const since = Math.max(firstStart, data.lastDataAt?.getTime() ?? 0);
  const idle = Math.floor((now.getTime() - since) / dayMs);
  if (idle < days) return undefined;
  return {
    kind: 'noData',
    subject: '',
    reason: { kind: 'noData', days: idle, lastDataAt: data.lastDataAt?.toISOString() ?? null },
  };
}

/**
 * Sessions done against sessions prescribed over the last 7 days: each prescription counts for the
 * whole days of the window it was open, and its sessions beyond those prescribed do not make up
 * for another's.
 */
export function adherenceFinding(now: Date, threshold: number, data: PatientData): Finding | undefined {
  const windowStart = now.getTime() - windowDays * dayMs;
  let prescribed = 0;
  let done = 0;
  for (const prescription of data.prescriptions) {
    const end = Math.min(now.getTime(), Date.parse(`${addDays(prescription.dueDate, 1)}T00:00:00Z`));
    const openDays = Math.floor((end - Math.max(windowStart, prescription.createdAt.getTime())) / dayMs);
    if (openDays <= 0) continue;
    const due = openDays * prescription.frequency;
    prescribed += due;
    done += Math.min(prescription.recentSessions, due);
  }
  if (prescribed === 0) return undefined;
  const percent = Math.floor((done * 100) / prescribed);
  if (percent >= threshold) return undefined;
  return {
    kind: 'lowAdherence',
    subject: '',
    reason: { kind: 'lowAdherence', sessionsDone: done, sessionsPrescribed: prescribed, percent },
  };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * Per joint and direction, the median over the last 7 days of the daily maximum against the
 * 7 days before (a fall is worse), and of the daily minimum (a rise is worse). A fall by more than
 * the set degrees, or by more than the set share of the earlier week's range, is a regression.
 */
export function romFindings(
  today: string,
  settings: Pick<MonitoringSettings, 'romDropDegrees' | 'romDropPercent'>,
  data: PatientData,
): Finding[] {
  const recentFrom = addDays(today, -(windowDays - 1));
  const previousFrom = addDays(recentFrom, -windowDays);
  const groups = new Map<string, DailyRom[]>();
  for (const day of data.daily) {
    const key = `${day.position}:${day.direction}`;
    groups.set(key, [...(groups.get(key) ?? []), day]);
  }
  const findings: Finding[] = [];
  for (const [subject, days] of groups) {
    const recent = days.filter((day) => day.day >= recentFrom && day.day <= today);
    const previous = days.filter((day) => day.day >= previousFrom && day.day < recentFrom);
    if (recent.length < minimumRomDays || previous.length < minimumRomDays) continue;
    const before = {
      max: median(previous.map((day) => day.maxAngle)),
      min: median(previous.map((day) => day.minAngle)),
    };
    const after = { max: median(recent.map((day) => day.maxAngle)), min: median(recent.map((day) => day.minAngle)) };
    const range = before.max - before.min;
    const ends = [
      { end: 'max' as const, previousMedian: before.max, recentMedian: after.max, drop: before.max - after.max },
      { end: 'min' as const, previousMedian: before.min, recentMedian: after.min, drop: after.min - before.min },
    ];
    const worst = ends.reduce((a, b) => (b.drop > a.drop ? b : a));
    const dropPercent = range > 0 ? (worst.drop * 100) / range : 0;
    if (worst.drop <= 0 || (worst.drop <= settings.romDropDegrees && dropPercent <= settings.romDropPercent)) continue;
    const first = days[0] as DailyRom;
    findings.push({
      kind: 'romRegression',
      subject,
      reason: {
        kind: 'romRegression',
        position: first.position,
        direction: first.direction,
        end: worst.end,
        previousMedian: round1(worst.previousMedian),
        recentMedian: round1(worst.recentMedian),
        dropDegrees: round1(worst.drop),
        dropPercent: round1(dropPercent),
      },
    });
  }
  return findings;
}

/** A pain level at or above the set one reported in the last 7 days; the newest such report is the reason. */
export function painFinding(now: Date, level: number, data: PatientData): Finding | undefined {
  const since = now.getTime() - windowDays * dayMs;
  const painful = data.painReports
    .filter((report) => report.level >= level && report.at.getTime() > since && report.at <= now)
    .sort((a, b) => b.at.getTime() - a.at.getTime())[0];
  if (!painful) return undefined;
  return {
    kind: 'pain',
    subject: '',
    reason: { kind: 'pain', level: painful.level, reportedAt: painful.at.toISOString() },
  };
}

/** Each open prescription whose due date has passed. */
export function pastDueFindings(today: string, data: PatientData): Finding[] {
  return data.prescriptions
    .filter((prescription) => prescription.dueDate < today)
    .map((prescription) => ({
      kind: 'pastDue',
      subject: String(prescription.seqExercise),
      reason: { kind: 'pastDue', seqExercise: prescription.seqExercise, dueDate: prescription.dueDate },
    }));
}

/** Every condition the rules find in one patient's data now. */
export function findingsOf(now: Date, settings: MonitoringSettings, data: PatientData): Finding[] {
  const today = dayOf(now);
  return [
    painFinding(now, settings.painLevel, data),
    ...romFindings(today, settings, data),
    noDataFinding(now, settings.noDataDays, data),
    adherenceFinding(now, settings.adherencePercent, data),
    ...pastDueFindings(today, data),
  ].filter((finding) => finding !== undefined);
}
