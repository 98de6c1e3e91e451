import { z } from 'zod';
import { defineEndpoint, success } from './endpoint.ts';
import { romDay } from './exercise-record.ts';
import { conditionEntry, patientSummary } from './patient.ts';
import { rules } from './rules.ts';
import { dateField, idField } from './validation.ts';

const tag = 'report';

/** Constants of reports (SPEC 3 "Report sections", 5, 9). */
export const reportRules = {
  /** Days of device data in a 30-day period that remote therapeutic monitoring bills (CPT 98975-98977). */
  billingDays: 16,
  periodDays: 30,
  rangeMaxDays: 730,
  chiefComplaintMax: rules.conditionTextMax,
  expertOpinionMax: rules.noteMax,
  /** Excel sheet names are cut at this length (SPEC 9). */
  sheetNameMax: 30,
} as const;

/** What the ROM monitoring section can chart (SPEC 5: at least one). */
export const reportParameters = ['maxAngle', 'minAngle', 'exerciseTime', 'sessions'] as const;
export type ReportParameter = (typeof reportParameters)[number];

const reportRange = z
  .object({ seqMedicalRelation: idField, startDate: dateField, endDate: dateField })
  .refine((value) => value.startDate <= value.endDate, { error: 'validation.range_order', path: ['endDate'] })
  .refine(
    (value) => (Date.parse(value.endDate) - Date.parse(value.startDate)) / 86_400_000 < reportRules.rangeMaxDays,
    { error: 'validation.range_too_long', path: ['endDate'] },
  );

/** Sessions done against sessions prescribed in the period. */
export const adherence = z.object({
  prescribedSessions: z.number().int(),
  completedSessions: z.number().int(),
  /** completed / prescribed, at most 1; null when nothing was prescribed. */
  rate: z.number().nullable(),
});

/** Days with device data in one 30-day period of the report (the last period may be shorter). */
export const deviceDaysPeriod = z.object({
  startDate: z.string(),
  endDate: z.string(),
  days: z.number().int(),
  /** Whether the period reaches the 16 days remote therapeutic monitoring counts. */
  meetsBillingThreshold: z.boolean(),
});

/** The clinician who signs the report, as they were when it was made. */
export const reportClinician = z.object({
  managerName: z.string(),
  title: z.string(),
  managerSpecialty: z.string().nullable(),
  managerESignatureImageUrl: z.string().nullable(),
  managerClinicName: z.string().nullable(),
  managerClinicAddress: z.string().nullable(),
});

/** Everything a report shows except the clinician's words. */
export const reportData = z.object({
  patient: patientSummary,
  initStatus: conditionEntry.nullable(),
  lastStatus: conditionEntry.nullable(),
  adherence,
  deviceDays: z.array(deviceDaysPeriod),
  clinician: reportClinician,
});
export type ReportData = z.infer<typeof reportData>;

export const getReportConditions = defineEndpoint({
  method: 'POST',
  path: '/report/getInitAndLastPatientConditionForReport',
  access: 'manager',
  tag,
  summary: 'The first and the latest condition, adherence and days with device data for a report period',
  request: reportRange,
  reply: success(reportData.shape),
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
  tag,
  summary: 'Keeps a report with the data of its period as they are now, to be opened again unchanged',
  request: z
    .object({ seqMedicalRelation: idField, startDate: dateField, endDate: dateField, ...reportWords })
    .refine((value) => value.startDate <= value.endDate, { error: 'validation.range_order', path: ['endDate'] }),
  reply: success({ report: savedReport }),
});

export const listReports = defineEndpoint({
  method: 'POST',
  path: '/report/list',
  access: 'manager',
  tag,
  summary: "A patient's kept reports, newest first",
  request: z.object({ seqMedicalRelation: idField }),
  reply: success({
    reportList: z.array(
      savedReport.pick({ seqReport: true, startDate: true, endDate: true, parameters: true, createdAt: true }),
    ),
  }),
});

export const getReport = defineEndpoint({
  method: 'POST',
  path: '/report/get',
  access: 'manager',
  tag,
  summary: 'A kept report, exactly as it was saved',
  request: z.object({ seqReport: idField }),
  reply: success({ report: savedReport }),
});
