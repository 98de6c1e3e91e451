import {
  ExerciseStatus,
  nextDate,
  reportContent,
  reportRules,
  savedReport,
  wallClockIn,
  type BodyOf,
  type ReportData,
  type ReportOutcomes,
  type saveReport,
  type getReportConditions,
  type ReportParameter,
  type SavedReport,
  type listReports,
  type listQuestionnaireResponses,
} from '@clinic/contract';
import type { Clock, Principal, RequestContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import type { Answer } from '../../http/route.ts';
import { refKey, type QuestionnaireService } from '../questionnaire/index.ts';
import { notFound } from '../../domain-error.ts';
import { recordAudit } from '../audit/index.ts';
import { type DayRange, type ExerciseRecordService } from '../exercise/index.ts';
import type { ManagerService } from '../manager/index.ts';
import { reportMessages } from '../message/index.ts';
import type { MonitoringBillingService } from '../monitoring/index.ts';
import type { PatientService } from '../patient/index.ts';
import { reportRepository, type ReportRow } from './report.repository.ts';

const dayMs = 86_400_000;
const daysFrom = (from: string, to: string): number => Math.round((Date.parse(to) - Date.parse(from)) / dayMs) + 1;
const earlier = (a: string, b: string): string => (a < b ? a : b);
const later = (a: string, b: string): string => (a > b ? a : b);

/**
 * The sessions a prescription asked for in the range: its frequency on every day it was in force.
 * A prescription ends on its due date, on the day it was accomplished, or the day before it was
 * terminated or cancelled.
 */
export function prescribedSessions(
  prescription: { frequency: number; exerciseStatus: number; createdAt: Date; updatedAt: Date; dueDate: string },
  range: DayRange,
): number {
  const from = later(wallClockIn(prescription.createdAt, range.timeZone).date, range.startDate);
  let to = earlier(prescription.dueDate, range.endDate);
  const changed = wallClockIn(prescription.updatedAt, range.timeZone).date;
  const { terminated, canceled, accomplishedManual, accomplishedAuto } = ExerciseStatus;
  if (prescription.exerciseStatus === terminated || prescription.exerciseStatus === canceled)
    to = earlier(to, nextDate(changed, -1));
  if (prescription.exerciseStatus === accomplishedManual || prescription.exerciseStatus === accomplishedAuto)
    to = earlier(to, changed);
  return to < from ? 0 : daysFrom(from, to) * prescription.frequency;
}

/** The report's range cut into 30-day periods from its first day, with the days that have device data. */
export function deviceDaysPeriods(
  range: { startDate: string; endDate: string },
  daysWithData: string[],
): { startDate: string; endDate: string; days: number; meetsBillingThreshold: boolean }[] {
  const periods: ReportData['deviceDays'] = [];
  for (let start = range.startDate; start <= range.endDate; start = nextDate(start, reportRules.periodDays)) {
    const end = earlier(nextDate(start, reportRules.periodDays - 1), range.endDate);
    const days = daysWithData.filter((date) => date >= start && date <= end).length;
    periods.push({ startDate: start, endDate: end, days, meetsBillingThreshold: days >= reportRules.billingDays });
  }
  return periods;
}

/**
 * A patient's questionnaire scores written in the report's days (in the clinician's time zone): the
 * responses in force, and the instruments they answer with their baselines.
 */
export function outcomesInRange(
  { responseList, instrumentList }: Answer<typeof listQuestionnaireResponses>,
  range: DayRange,
): ReportOutcomes {
  const responses = responseList.filter((response) => {
    const day = wallClockIn(new Date(response.authoredAt), range.timeZone).date;
    return response.superseded === null && day >= range.startDate && day <= range.endDate;
  });
  return instrumentList
    .map((history) => {
      const key = refKey(history.instrument);
      return { history, responses: responses.filter((response) => refKey(response.instrument) === key) };
    })
    .filter((outcome) => outcome.responses.length > 0);
}

/** A kept report's content; one kept before monitoring or questionnaire scores were reported shows none. */
function contentOf(stored: unknown) {
  const { data, ...rest } = stored as { data: object };
  return reportContent.parse({
    ...rest,
    data: { monitoring: { periods: [], months: [] }, outcomes: null, messages: null, ...data },
  });
}

function toSavedReport(row: ReportRow): SavedReport {
  const content = contentOf(row.content);
  return savedReport.parse({
    seqReport: row.seqReport,
    seqMedicalRelation: row.seqMedicalRelation,
    startDate: row.startDate,
    endDate: row.endDate,
    parameters: row.parameters,
    position: row.position,
    mode: row.mode,
    chiefComplaint: row.chiefComplaint,
    expertOpinion: row.expertOpinion,
    createdAt: row.createdAt.toISOString(),
    ...content,
  });
}

export interface ReportService {
  data(principal: Principal, request: BodyOf<typeof getReportConditions>, context: RequestContext): Promise<ReportData>;
  save(principal: Principal, request: BodyOf<typeof saveReport>, context: RequestContext): Promise<SavedReport>;
  list(
    principal: Principal,
    seqMedicalRelation: number,
    context: RequestContext,
  ): Promise<Answer<typeof listReports>['reportList']>;
  get(principal: Principal, seqReport: number, context: RequestContext): Promise<SavedReport>;
}

export function reportService({
  db,
  now,
  patients,
  records,
  managers,
  monitoringBilling,
  questionnaires,
}: {
  db: Database;
  now: Clock;
  patients: PatientService;
  records: ExerciseRecordService;
  managers: ManagerService;
  monitoringBilling: MonitoringBillingService;
  questionnaires: QuestionnaireService;
}): ReportService {
  /** The report's data; its questionnaire scores only when asked for (reading them is audited). */
  const dataOf = async (
    principal: Principal,
    request: BodyOf<typeof getReportConditions>,
    context: RequestContext,
    withOutcomes: boolean,
    withMessages: boolean,
  ): Promise<ReportData> => {
    // The patient's detail checks ownership and writes the read of the report to the audit trail.
    const detail = await patients.detail(principal, request.seqMedicalRelation, context, 'report');
    const range = { startDate: request.startDate, endDate: request.endDate, timeZone: context.timeZone };
    const [{ prescriptions, sessions, daysWithData }, profile, monitoring, outcomes, messages] = await Promise.all([
      records.activity(request.seqMedicalRelation, range),
      managers.getProfile(principal),
      monitoringBilling.ofRange(request.seqMedicalRelation, range),
      withOutcomes ? questionnaires.responses(principal, request.seqMedicalRelation, context) : undefined,
      withMessages ? reportMessages(db, request.seqMedicalRelation, range) : null,
    ]);
    let prescribed = 0;
    let completed = 0;
    for (const prescription of prescriptions) {
      const asked = prescribedSessions(prescription, range);
      prescribed += asked;
      // Extra sessions on one program do not make up for another.
      completed += Math.min(sessions.get(prescription.seqExercise) ?? 0, asked);
    }
    return {
      patient: detail.patient,
      initStatus: detail.firstStatus,
      lastStatus: detail.latestStatus,
      adherence: {
        prescribedSessions: prescribed,
        completedSessions: completed,
        rate: prescribed === 0 ? null : Math.round((completed / prescribed) * 1000) / 1000,
      },
      deviceDays: deviceDaysPeriods(range, daysWithData),
      monitoring,
      clinician: {
        managerName: profile.managerName,
        title: profile.title,
        managerSpecialty: profile.managerSpecialty,
        managerESignatureImageUrl: profile.managerESignatureImageUrl,
        managerClinicName: profile.managerClinicName,
        managerClinicAddress: profile.managerClinicAddress,
      },
      outcomes: outcomes ? outcomesInRange(outcomes, range) : null,
      messages,
    };
  };

  return {
    data: (principal, request, context) => dataOf(principal, request, context, true, true),

    async save(principal, request, context) {
      const [content, rom] = await Promise.all([
        dataOf(principal, request, context, request.outcomes === true, request.messages === true),
        records.romStatistics(principal, request, context),
      ]);
      const row = await db.transaction(async (tx) => {
        const saved = await reportRepository(tx).insert({
          seqMedicalRelation: request.seqMedicalRelation,
          seqManager: principal.seqManager,
          startDate: request.startDate,
          endDate: request.endDate,
          parameters: request.parameters,
          position: request.position,
          mode: request.mode,
          chiefComplaint: request.chiefComplaint,
          expertOpinion: request.expertOpinion,
          content: { data: content, romDays: rom.days },
          createdAt: now(),
        });
        await recordAudit(tx, principal, context, now(), [
          {
            action: 'create',
            entity: 'report',
            entityId: saved.seqReport,
            seqMedicalRelation: request.seqMedicalRelation,
            seqPatient: content.patient.seqPatient,
          },
        ]);
        return saved;
      });
      return toSavedReport(row);
    },

    async list(principal, seqMedicalRelation, context) {
      await patients.detail(principal, seqMedicalRelation, context, 'report_list');
      const rows = await reportRepository(db).listForRelation(seqMedicalRelation, principal.seqManager);
      return rows.map((row) => ({
        seqReport: row.seqReport,
        startDate: row.startDate,
        endDate: row.endDate,
        parameters: row.parameters as ReportParameter[],
        createdAt: row.createdAt.toISOString(),
      }));
    },

    async get(principal, seqReport, context) {
      const row = await reportRepository(db).findOwned(seqReport, principal.seqManager);
      if (!row) throw notFound();
      const saved = toSavedReport(row);
      await recordAudit(db, principal, context, now(), [
        {
          action: 'read',
          entity: 'report',
          entityId: seqReport,
          seqMedicalRelation: row.seqMedicalRelation,
          seqPatient: saved.data.patient.seqPatient,
        },
      ]);
      return saved;
    },
  };
}
