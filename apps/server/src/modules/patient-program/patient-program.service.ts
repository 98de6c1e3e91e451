import {
  ExerciseStatus,
  mySymptomReportsMax,
  nextDate,
  periodDays,
  programRecentSessions,
  programRomDays,
  type BodyOf,
  type ProgramPrescription,
  type SymptomReport,
  type addSymptomReport,
  type getMyProgram,
  type listSymptomReports,
} from '@clinic/contract';
import type { Clock, PatientPrincipal, Principal, RequestContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../domain-error.ts';
import type { Answer } from '../../http/route.ts';
import { actorOf, auditInsert, recordAudit, relationEntry } from '../audit/index.ts';
import { reportPartiesOf, type Notifier } from '../notification/index.ts';
import { ownedRelationOr404, todayIn } from '../shared/index.ts';
import { patientProgramRepository, type ProgramPrescriptionRow } from './patient-program.repository.ts';
import { symptomReportRepository, type SymptomReportRow } from './symptom-report.repository.ts';

const unfinished: number[] = [ExerciseStatus.waiting, ExerciseStatus.onProgress];

/** A prescription with how far the patient is through it on `today`, in the patient's time zone. */
function toProgramPrescription(row: ProgramPrescriptionRow, today: string, timeZone: string): ProgramPrescription {
  const startDate = todayIn(new Date(row.createdAt), timeZone);
  const endDate = row.dueDate < today ? row.dueDate : today;
  return {
    seqExercise: row.seqExercise,
    seqMedicalRelation: row.seqMedicalRelation,
    managerName: row.managerName,
    deviceType: row.deviceType === 2 ? 2 : 1,
    position: row.position,
    direction: row.direction,
    mode: row.mode,
    minRom: row.minRom,
    maxRom: row.maxRom,
    sessionsPerDay: row.frequency,
    dueDate: row.dueDate,
    exerciseStatus: row.exerciseStatus,
    isPastDue: unfinished.includes(row.exerciseStatus) && row.dueDate < today,
    createdAt: row.createdAt,
    sessionsDone: row.sessionsDone,
    sessionsDue: endDate < startDate ? 0 : periodDays({ startDate, endDate }) * row.frequency,
  };
}

function toSymptomReport(row: SymptomReportRow): SymptomReport {
  return {
    seqSymptomReport: row.seqSymptomReport,
    seqMedicalRelation: row.seqMedicalRelation,
    painLevel: row.painLevel,
    symptoms: row.symptoms,
    reportedAt: row.reportedAt.toISOString(),
    receivedAt: row.receivedAt.toISOString(),
  };
}

export interface PatientProgramService {
  program(caller: PatientPrincipal, context: RequestContext): Promise<Answer<typeof getMyProgram>>;
  addSymptomReport(
    caller: PatientPrincipal,
    request: BodyOf<typeof addSymptomReport>,
    context: RequestContext,
  ): Promise<SymptomReport>;
  listMySymptomReports(caller: PatientPrincipal): Promise<SymptomReport[]>;
  listSymptomReports(
    principal: Principal,
    request: BodyOf<typeof listSymptomReports>,
    context: RequestContext,
  ): Promise<Answer<typeof listSymptomReports>>;
}

/** The patient's own program and progress, and the symptom reports they send their clinicians. */
export function patientProgramService({
  db,
  now,
  notify,
}: {
  db: Database;
  now: Clock;
  notify: Notifier;
}): PatientProgramService {
  return {
    async program(caller, context) {
      const { timeZone } = context;
      const today = todayIn(now(), timeZone);
      const rows = await patientProgramRepository(db).program({
        seqPatient: caller.seqPatient,
        sessions: programRecentSessions,
        romRange: { startDate: nextDate(today, 1 - programRomDays), endDate: today, timeZone },
        audit: auditInsert(actorOf(caller, context), now(), {
          action: 'read',
          entity: 'patient_program',
          seqPatient: caller.seqPatient,
        }),
      });
      return {
        prescriptions: rows.prescriptions.map((row) => toProgramPrescription(row, today, timeZone)),
        recentSessions: rows.recentSessions,
        romDays: rows.romDays,
      };
    },

    /**
     * Stores the report once per idempotency key: a report sent again (or twice at once) answers
     * the one first stored, whatever it says, and adds none. A time ahead of the server's clock is
     * taken as the time it arrived. Only the send that stored it tells the clinician, once it is
     * committed.
     */
    async addSymptomReport(caller, request, context) {
      const { report, parties } = await db.transaction(async (tx) => {
        const reports = symptomReportRepository(tx);
        const relation = await reports.relationOfPatient(request.seqMedicalRelation, caller.seqPatient);
        if (!relation) throw notFound();
        const receivedAt = now();
        const inserted = await reports.insertNew({
          seqMedicalRelation: relation.seqMedicalRelation,
          seqPatient: caller.seqPatient,
          idempotencyKey: request.idempotencyKey,
          painLevel: request.painLevel,
          symptoms: request.symptoms || null,
          reportedAt: new Date(Math.min(Date.parse(request.reportedAt), receivedAt.getTime())),
          receivedAt,
        });
        const row = inserted ?? (await reports.findByKey(caller.seqPatient, request.idempotencyKey));
        if (!row) throw new Error('the symptom report stored under this key is missing');
        await recordAudit(tx, caller, context, receivedAt, [
          relationEntry('create', 'symptom_report', row, row.seqSymptomReport),
        ]);
        return {
          report: toSymptomReport(row),
          parties: inserted && (await reportPartiesOf(tx, row.seqMedicalRelation, row.seqSymptomReport)),
        };
      });
      if (parties) await notify.symptomReportAdded(parties);
      return report;
    },

    async listMySymptomReports(caller) {
      const rows = await symptomReportRepository(db).latestOfPatient(caller.seqPatient, mySymptomReportsMax);
      return rows.map(toSymptomReport);
    },

    async listSymptomReports(principal, request, context) {
      const relation = await ownedRelationOr404(db, principal.seqManager, request.seqMedicalRelation);
      const { rows, totalCount } = await symptomReportRepository(db).pageOfRelation(
        relation.seqMedicalRelation,
        request,
      );
      await recordAudit(db, principal, context, now(), [relationEntry('read', 'symptom_report', relation)]);
      return { symptomReportList: rows.map(toSymptomReport), totalCount };
    },
  };
}
