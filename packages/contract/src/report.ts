import { z } from 'zod';
import { defineEndpoint, success } from './endpoint.ts';
import { romDay } from './exercise-record.ts';
import { monitoringMonth, monitoringPeriod } from './monitoring-billing.ts';
import { reportMessage } from './message.ts';
import { conditionEntry, patientSummary } from './patient.ts';
import { instrumentHistory, questionnaireResponseSummary } from './questionnaire.ts';
import { rules } from './rules.ts';
import { dateField, idField } from './validation.ts';

const tag = 'report';

/** Constants of reports (SPEC 3 "Report sections", 5, 9). */
export const reportRules = {
  /** Days of device data in a 30-day period that remote therapeutic monitoring bills (CPT 98975-98977). */
  billingDays: 16,
  periodDays: 30,
  /** The longest period a report covers, both ends counted: a year, leap day included (decision 0006). */
  rangeMaxDays: 366,
  chiefComplaintMax: rules.conditionTextMax,
  expertOpinionMax: rules.noteMax,
  /** Excel sheet names are cut at this length (SPEC 9). */
  sheetNameMax: 30,
} as const;

/** What the ROM monitoring section can chart (SPEC 5: at least one). */
export const reportParameters = ['maxAngle', 'minAngle', 'exerciseTime', 'sessions'] as const;
export type ReportParameter = (typeof reportParameters)[number];

/** The calendar days of a period, both ends counted. */
export function periodDays(period: { startDate: string; endDate: string }): number {
  return Math.round((Date.parse(period.endDate) - Date.parse(period.startDate)) / 86_400_000) + 1;
}

/** Compares the dates only once both are real dates (a bad one has its own message) in an object. */
const whenDatesValid = {
  when: (payload: z.core.ParsePayload) =>
    !payload.aborted &&
    !payload.issues.some((issue) => {
      const field = issue.path?.[0];
      return field === undefined || field === 'startDate' || field === 'endDate';
    }),
  path: ['endDate'],
};

/** The period rule of every report: real dates, the start not after the end, at most rangeMaxDays days. */
function checkedPeriod<T extends z.ZodType<{ startDate: string; endDate: string }>>(schema: T): T {
  return schema
    .refine((value) => value.startDate <= value.endDate, { ...whenDatesValid, error: 'validation.range_order' })
    .refine((value) => value.startDate > value.endDate || periodDays(value) <= reportRules.rangeMaxDays, {
      ...whenDatesValid,
      error: 'validation.report_period_too_long',
    });
}

/** The period of a report, as the report form checks it before asking the server. */
export const reportPeriod = z.lazy(() => checkedPeriod(z.object({ startDate: dateField, endDate: dateField })));

const reportRange = z.lazy(() =>
  checkedPeriod(z.object({ seqMedicalRelation: idField, startDate: dateField, endDate: dateField })),
);

/** Sessions done against sessions prescribed in the period. */
export const adherence = z.lazy(() =>
  z.object({
    prescribedSessions: z.number().int(),
    completedSessions: z.number().int(),
    /** completed / prescribed, at most 1; null when nothing was prescribed. */
    rate: z.number().nullable(),
  }),
);

/** Days with device data in one 30-day period of the report (the last period may be shorter). */
export const deviceDaysPeriod = z.lazy(() =>
  z.object({
    startDate: z.string(),
    endDate: z.string(),
    days: z.number().int(),
    /** Whether the period reaches the 16 days remote therapeutic monitoring counts. */
    meetsBillingThreshold: z.boolean(),
  }),
);

/** The clinician who signs the report, as they were when it was made. */
export const reportClinician = z.lazy(() =>
  z.object({
    managerName: z.string(),
    title: z.string(),
    managerSpecialty: z.string().nullable(),
    managerESignatureImageUrl: z.string().nullable(),
    managerClinicName: z.string().nullable(),
    managerClinicAddress: z.string().nullable(),
  }),
);

/**
 * The questionnaire scores of a report's period, by instrument: its scale and baseline, which may be
 * older than the period, and the responses in force written in the period, oldest first (a
 * superseded one leaves the report, its correction takes its place; decision 0015).
 */
export const reportOutcomes = z.lazy(() =>
  z.array(z.object({ history: instrumentHistory, responses: z.array(questionnaireResponseSummary) })),
);
export type ReportOutcomes = z.infer<typeof reportOutcomes>;

/** Everything a report shows except the clinician's words. */
export const reportData = z.object({
  patient: patientSummary,
  initStatus: conditionEntry.nullable(),
  lastStatus: conditionEntry.nullable(),
  adherence,
  deviceDays: z.array(deviceDaysPeriod),
  /**
   * The monitoring periods that overlap the report's range and the calendar months it touches, with
   * their minutes and codes (docs/decisions/0013-remote-monitoring.md); reports kept before it have none.
   */
  monitoring: z.object({ periods: z.array(monitoringPeriod), months: z.array(monitoringMonth) }),
  clinician: reportClinician,
  /**
   * The thread's messages sent in the period, oldest first (docs/decisions/0016-messages.md). Null in
   * a report kept without them, or kept before they were reported.
   */
  messages: z.array(reportMessage).nullable(),
  /** Null in a report kept without its questionnaire scores, or kept before they were reported. */
  outcomes: reportOutcomes.nullable(),
});
export type ReportData = z.infer<typeof reportData>;

export const getReportConditions = defineEndpoint({
  method: 'POST',
  path: '/report/getInitAndLastPatientConditionForReport',
  access: 'manager',
  audit: { action: 'read', entity: 'report' },
  tag,
  summary: 'The first and the latest condition, adherence and days with device data for a report period',
  request: reportRange,
  get reply() {
    return success(reportData.shape);
  },
});

const reportWords = {
  parameters: z
    .array(z.enum(reportParameters, { error: 'validation.invalid' }))
    .min(1, { error: 'validation.report_parameter_required' })
    .refine((values) => new Set(values).size === values.length, { error: 'validation.invalid' }),
  /** The joint and mode the ROM charts show; null for all. */
  position: z.number().int().min(1).max(5).nullable(),
  mode: z.number().int().min(0).max(3).nullable(),
  chiefComplaint: z.string().trim().max(reportRules.chiefComplaintMax, { error: 'validation.too_long' }),
  expertOpinion: z.string().trim().max(reportRules.expertOpinionMax, { error: 'validation.too_long' }),
  /** Whether the report keeps the thread's messages of its period; not unless told. */
  messages: z.boolean().optional(),
  /** Whether the report keeps the patient's questionnaire scores of its period; not unless told. */
  outcomes: z.boolean().optional(),
};

/** What a kept report keeps of its period: the data and the ROM days as they were when saved. */
export const reportContent = z.object({ data: reportData, romDays: z.array(romDay) });

/** A kept report: the clinician's choices and words, and the data as they were when it was saved. */
export const savedReport = reportContent.extend({
  seqReport: z.number().int(),
  seqMedicalRelation: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  parameters: z.array(z.enum(reportParameters)),
  position: z.number().int().nullable(),
  mode: z.number().int().nullable(),
  chiefComplaint: z.string(),
  expertOpinion: z.string(),
  createdAt: z.string(),
});
export type SavedReport = z.infer<typeof savedReport>;

export const saveReport = defineEndpoint({
  method: 'POST',
  path: '/report/save',
  access: 'manager',
  audit: { action: 'create', entity: 'report' },
  tag,
  summary: 'Keeps a report with the data of its period as they are now, to be opened again unchanged',
  get request() {
    return checkedPeriod(
      z.object({ seqMedicalRelation: idField, startDate: dateField, endDate: dateField, ...reportWords }),
    );
  },
  get reply() {
    return success({ report: savedReport });
  },
});

export const listReports = defineEndpoint({
  method: 'POST',
  path: '/report/list',
  access: 'manager',
  audit: { action: 'read', entity: 'report_list' },
  tag,
  summary: "A patient's kept reports, newest first",
  get request() {
    return z.object({ seqMedicalRelation: idField });
  },
  get reply() {
    return success({
      reportList: z.array(
        savedReport.pick({ seqReport: true, startDate: true, endDate: true, parameters: true, createdAt: true }),
      ),
    });
  },
});

export const getReport = defineEndpoint({
  method: 'POST',
  path: '/report/get',
  access: 'manager',
  audit: { action: 'read', entity: 'report' },
  tag,
  summary: 'A kept report, exactly as it was saved',
  get request() {
    return z.object({ seqReport: idField });
  },
  get reply() {
    return success({ report: savedReport });
  },
});
