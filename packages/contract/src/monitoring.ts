import { z } from 'zod';
import { defineEndpoint, success } from './endpoint.ts';
import { idField } from './validation.ts';

const tag = 'monitoring';

/**
 * The kinds of alert the monitoring job raises from device data, most severe first: the worklist
 * orders a patient's alerts by this (docs/decisions/0013-remote-monitoring.md).
 */
export const alertKinds = [
  'pain',
  'romRegression',
  'noData',
  'lowAdherence',
  'pastDue',
  'questionnaireOverdue',
] as const;
export type AlertKind = (typeof alertKinds)[number];

/** What a clinician has done with an alert. A snoozed alert shows again once its time has passed. */
export const alertStates = ['open', 'acknowledged', 'snoozed'] as const;
export type AlertState = (typeof alertStates)[number];

/** The limits each threshold may take, and the values a clinician starts with. */
export const monitoringLimits = {
  noDataDays: [1, 30],
  adherencePercent: [1, 100],
  romDropDegrees: [1, 90],
  romDropPercent: [1, 100],
  painLevel: [1, 10],
  snoozeDays: [1, 30],
  noteMax: 1000,
} as const;

export const monitoringDefaults = {
  noDataDays: 3,
  adherencePercent: 60,
  romDropDegrees: 10,
  romDropPercent: 15,
  painLevel: 7,
} as const;

const bounded = ([low, high]: readonly [number, number]) =>
  z
    .number({ error: 'validation.required' })
    .int({ error: 'validation.invalid' })
    .min(low, { error: 'validation.out_of_range' })
    .max(high, { error: 'validation.out_of_range' });

export const monitoringSettings = z.lazy(() =>
  z.object({
    /** Days without any device data, while a prescription is open, before an alert. */
    noDataDays: bounded(monitoringLimits.noDataDays),
    /** Sessions done as a share of those prescribed over the last 7 days, below which an alert. */
    adherencePercent: bounded(monitoringLimits.adherencePercent),
    /** A fall of the 7-day median ROM by more than these degrees, or by more than this share, is a regression. */
    romDropDegrees: bounded(monitoringLimits.romDropDegrees),
    romDropPercent: bounded(monitoringLimits.romDropPercent),
    /** A pain level (0-10) a patient reports at or above which raises an alert. */
    painLevel: bounded(monitoringLimits.painLevel),
  }),
);
export type MonitoringSettings = z.infer<typeof monitoringSettings>;

/** The numbers behind an alert, by kind, as the job computed them. */
export const alertReason = z.lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('noData'), days: z.number().int(), lastDataAt: z.string().nullable() }),
    z.object({
      kind: z.literal('lowAdherence'),
      sessionsDone: z.number().int(),
      sessionsPrescribed: z.number().int(),
      percent: z.number().int(),
    }),
    z.object({
      kind: z.literal('romRegression'),
      position: z.number().int(),
      direction: z.number().int(),
      /** Which end of the range fell back: the reached maximum fell, or the reached minimum rose. */
      end: z.enum(['max', 'min']),
      previousMedian: z.number(),
      recentMedian: z.number(),
      dropDegrees: z.number(),
      dropPercent: z.number(),
    }),
    z.object({ kind: z.literal('pain'), level: z.number().int(), reportedAt: z.string() }),
    z.object({ kind: z.literal('pastDue'), seqExercise: z.number().int(), dueDate: z.string() }),
    /** A questionnaire not answered 7 days after it was due (docs/decisions/0015-outcome-measures.md). */
    z.object({
      kind: z.literal('questionnaireOverdue'),
      seqQuestionnaireRequest: z.number().int(),
      title: z.string(),
      dueAt: z.string(),
    }),
  ]),
);
export type AlertReason = z.infer<typeof alertReason>;

export const monitoringAlert = z.lazy(() =>
  z.object({
    seqMonitoringAlert: z.number().int(),
    seqMedicalRelation: z.number().int(),
    patientName: z.string(),
    kind: z.enum(alertKinds),
    reason: alertReason,
    /** The episode: from when the condition was first seen to when it was last seen to end (null: ongoing). */
    startedAt: z.string(),
    endedAt: z.string().nullable(),
    state: z.enum(alertStates),
    note: z.string().nullable(),
    snoozedUntil: z.string().nullable(),
  }),
);
export type MonitoringAlert = z.infer<typeof monitoringAlert>;

export const getMonitoringSettings = defineEndpoint({
  method: 'POST',
  path: '/monitoring/getSettings',
  access: 'manager',
  audit: false,
  tag,
  summary: "The clinician's alert thresholds, the defaults until changed",
  get request() {
    return z.object({});
  },
  get reply() {
    return success({ settings: monitoringSettings });
  },
});

export const saveMonitoringSettings = defineEndpoint({
  method: 'PUT',
  path: '/monitoring/updateSettings',
  access: 'manager',
  audit: false,
  tag,
  summary: "Changes the clinician's alert thresholds; the next pass of the job uses them",
  request: monitoringSettings,
  get reply() {
    return success({ settings: monitoringSettings });
  },
});

export const listMonitoringAlerts = defineEndpoint({
  method: 'POST',
  path: '/monitoring/listAlerts',
  access: 'manager',
  audit: { action: 'read', entity: 'monitoring_alert' },
  tag,
  summary:
    "The clinician's alerts that need attention (open, or snoozed past their time), most severe then newest first",
  get request() {
    return z.object({});
  },
  get reply() {
    return success({ alertList: z.array(monitoringAlert) });
  },
});

export const acknowledgeMonitoringAlert = defineEndpoint({
  method: 'PUT',
  path: '/monitoring/acknowledgeAlert',
  access: 'manager',
  audit: { action: 'update', entity: 'monitoring_alert' },
  tag,
  summary: "Acknowledges an alert; a note is kept in the patient's medical record",
  get request() {
    return z.object({
      seqMonitoringAlert: idField,
      note: z.string().trim().max(monitoringLimits.noteMax, { error: 'validation.note_too_long' }).optional(),
    });
  },
  get reply() {
    return success({ alert: monitoringAlert });
  },
});

export const snoozeMonitoringAlert = defineEndpoint({
  method: 'PUT',
  path: '/monitoring/snoozeAlert',
  access: 'manager',
  audit: { action: 'update', entity: 'monitoring_alert' },
  tag,
  summary: 'Hides an alert from the worklist for some days',
  get request() {
    return z.object({ seqMonitoringAlert: idField, days: bounded(monitoringLimits.snoozeDays) });
  },
  get reply() {
    return success({ alert: monitoringAlert });
  },
});
