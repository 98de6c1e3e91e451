import { ScheduleStatus, questionnaireScheduleRules } from '@clinic/contract';
import { and, asc, desc, eq, getTableColumns, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import {
  appUser,
  authSession,
  customQuestionnaire,
  manager,
  medicalRelation,
  patient,
  questionnaireRequest,
  questionnaireResponse,
  questionnaireSchedule,
  schedule,
} from '../../db/schema.ts';
import { dayMs } from '../shared/index.ts';
import { customsById } from './instruments.ts';

export type CustomRow = typeof customQuestionnaire.$inferSelect;
export type ScheduleRow = typeof questionnaireSchedule.$inferSelect;
export type RequestRow = typeof questionnaireRequest.$inferSelect;
export type ResponseRow = typeof questionnaireResponse.$inferSelect;
type Relation = { seqMedicalRelation: number; seqPatient: number };

const managerName = sql<string>`${manager.firstName} || ' ' || ${manager.lastName}`;
/**
 * Visits that no longer take place, or took place: a questionnaire sent before one is withdrawn
 * with it (after a visit, the one before the next visit asks again).
 */
const visitGone = [
  ScheduleStatus.cancelledByClinician,
  ScheduleStatus.cancelledByPatient,
  ScheduleStatus.expired,
  ScheduleStatus.completed,
];
/** A request still open at this time was due overdueDays before it or earlier: overdue. */
export const overdueSince = (at: Date): Date => new Date(at.getTime() - questionnaireScheduleRules.overdueDays * dayMs);
/** Not answered, not withdrawn. */
const isOpen = and(isNull(questionnaireRequest.seqQuestionnaireResponse), isNull(questionnaireRequest.cancelledAt));

/** A request with what the patient's app and the job need beside it: its schedule's instrument and clinician. */
export type LocatedRequest = RequestRow &
  Pick<ScheduleRow, 'instrumentKey' | 'seqCustomQuestionnaire' | 'questionnaire'> & {
    scheduleCancelledAt: Date | null;
    seqPatient: number;
    seqManager: number;
    managerName: string;
  };

/** A request to tell its patient of, with where to reach them: by push when a browser of theirs takes it. */
export type RequestToTell = LocatedRequest & {
  patientUser: number;
  email: string;
  language: string;
  hasPush: boolean;
};

/** A visit to come of a running "before each visit" schedule that has no request yet. */
export interface VisitWithoutRequest {
  seqQuestionnaireSchedule: number;
  seqMedicalRelation: number;
  hoursBefore: number;
  seqSchedule: number;
  expectStartAt: Date;
}

export type ResponseView = ResponseRow & { enteredByName: string | null; supersededByName: string | null };

export interface QuestionnaireRepository {
  insertCustom(row: typeof customQuestionnaire.$inferInsert): Promise<CustomRow>;
  customsOfManager(seqManager: number): Promise<CustomRow[]>;
  customOwned(seqCustomQuestionnaire: number, seqManager: number): Promise<CustomRow | undefined>;
  customsOf(rows: readonly { seqCustomQuestionnaire: number | null }[]): Promise<Map<number, CustomRow>>;
  insertSchedule(row: typeof questionnaireSchedule.$inferInsert): Promise<ScheduleRow & { createdBy: string }>;
  insertRequests(rows: (typeof questionnaireRequest.$inferInsert)[]): Promise<RequestRow[]>;
  scheduleOwned(
    seqQuestionnaireSchedule: number,
    seqManager: number,
  ): Promise<(ScheduleRow & Relation & { createdBy: string }) | undefined>;
  schedulesOfRelation(seqMedicalRelation: number): Promise<(ScheduleRow & { createdBy: string })[]>;
  patientLanguage(seqMedicalRelation: number): Promise<string | undefined>;
  requestsOfSchedules(ids: number[]): Promise<RequestRow[]>;
  cancelSchedule(seqQuestionnaireSchedule: number, seqManager: number, at: Date): Promise<void>;
  waitingVisits(seqMedicalRelation: number, at: Date): Promise<{ seqSchedule: number; expectStartAt: Date }[]>;
  responsesOfRelation(seqMedicalRelation: number): Promise<ResponseView[]>;
  responseOwned(seqQuestionnaireResponse: number, seqManager: number, lock?: boolean): Promise<ResponseRow | undefined>;
  insertResponse(row: typeof questionnaireResponse.$inferInsert): Promise<ResponseRow | undefined>;
  responseByKey(seqPatient: number, idempotencyKey: string): Promise<ResponseRow | undefined>;
  markAnswered(seqQuestionnaireRequest: number, seqQuestionnaireResponse: number): Promise<void>;
  markSuperseded(
    seqQuestionnaireResponse: number,
    change: { supersededAt: Date; supersededBy: number; supersedeReason: string },
  ): Promise<void>;
  dueOfPatient(seqPatient: number, at: Date): Promise<LocatedRequest[]>;
  requestOfPatient(
    seqQuestionnaireRequest: number,
    seqPatient: number,
    at: Date,
    lock?: boolean,
  ): Promise<LocatedRequest | undefined>;
  visitsWithoutRequest(at: Date): Promise<VisitWithoutRequest[]>;
  withdrawForGoneVisits(at: Date): Promise<void>;
  followMovedVisits(at: Date): Promise<void>;
  toTell(kind: 'due' | 'reminder', at: Date): Promise<RequestToTell[]>;
  markOverdue(at: Date): Promise<void>;
  overdue(): Promise<LocatedRequest[]>;
}

export function questionnaireRepository(db: Database): QuestionnaireRepository {
  const located = () =>
    db
      .select({
        request: questionnaireRequest,
        instrumentKey: questionnaireSchedule.instrumentKey,
        seqCustomQuestionnaire: questionnaireSchedule.seqCustomQuestionnaire,
        questionnaire: questionnaireSchedule.questionnaire,
        scheduleCancelledAt: questionnaireSchedule.cancelledAt,
        seqPatient: medicalRelation.seqPatient,
        seqManager: medicalRelation.seqManager,
        managerName,
        contact: {
          patientUser: appUser.seqUser,
          email: appUser.userEmail,
          language: appUser.language,
          hasPush: sql<boolean>`exists (select 1 from ${authSession} where ${authSession.seqUser} = ${appUser.seqUser} and ${authSession.revokedAt} is null and ${authSession.fcmToken} is not null)`,
        },
      })
      .from(questionnaireRequest)
      .innerJoin(
        questionnaireSchedule,
        eq(questionnaireSchedule.seqQuestionnaireSchedule, questionnaireRequest.seqQuestionnaireSchedule),
      )
      .innerJoin(medicalRelation, eq(medicalRelation.seqMedicalRelation, questionnaireRequest.seqMedicalRelation))
      .innerJoin(manager, eq(manager.seqManager, medicalRelation.seqManager))
      .innerJoin(patient, eq(patient.seqPatient, medicalRelation.seqPatient))
      .leftJoin(appUser, and(eq(appUser.seqUser, patient.seqUser), isNull(appUser.deletedAt)));
  type LocatedSelect = Awaited<ReturnType<ReturnType<typeof located>['execute']>>[number];
  const flat = ({ request, contact: _contact, ...rest }: LocatedSelect): LocatedRequest => ({ ...request, ...rest });
  /** Open requests of schedules still running for enabled relations. */
  const live = and(isOpen, isNull(questionnaireSchedule.cancelledAt), eq(medicalRelation.isEnabled, true));

  return {
    async insertCustom(row: typeof customQuestionnaire.$inferInsert): Promise<CustomRow> {
      const [inserted] = await db.insert(customQuestionnaire).values(row).returning();
      return inserted!;
    },

    customsOfManager(seqManager: number): Promise<CustomRow[]> {
      return db
        .select()
        .from(customQuestionnaire)
        .where(eq(customQuestionnaire.seqManager, seqManager))
        .orderBy(asc(customQuestionnaire.seqCustomQuestionnaire));
    },

    /** The clinician's custom questionnaire; another's reads as absent. */
    async customOwned(seqCustomQuestionnaire: number, seqManager: number): Promise<CustomRow | undefined> {
      const [row] = await db
        .select()
        .from(customQuestionnaire)
        .where(
          and(
            eq(customQuestionnaire.seqCustomQuestionnaire, seqCustomQuestionnaire),
            eq(customQuestionnaire.seqManager, seqManager),
          ),
        );
      return row;
    },

    /** The custom questionnaires that rows name, by id. */
    async customsOf(rows: readonly { seqCustomQuestionnaire: number | null }[]): Promise<Map<number, CustomRow>> {
      const ids = [...new Set(rows.flatMap((row) => row.seqCustomQuestionnaire ?? []))];
      if (ids.length === 0) return new Map();
      return customsById(
        await db.select().from(customQuestionnaire).where(inArray(customQuestionnaire.seqCustomQuestionnaire, ids)),
      );
    },

    /** Adds a schedule, answered with the name of the clinician who made it. */
    async insertSchedule(row: typeof questionnaireSchedule.$inferInsert): Promise<ScheduleRow & { createdBy: string }> {
      const [inserted] = await db
        .insert(questionnaireSchedule)
        .values(row)
        .returning({
          ...getTableColumns(questionnaireSchedule),
          createdBy: sql<string>`(select ${managerName} from ${manager} where ${manager.seqManager} = ${row.seqManager})`,
        });
      return inserted!;
    },

    /** Adds requests; one for a visit that already has its request is left out. */
    async insertRequests(rows: (typeof questionnaireRequest.$inferInsert)[]): Promise<RequestRow[]> {
      if (rows.length === 0) return [];
      return db.insert(questionnaireRequest).values(rows).onConflictDoNothing().returning();
    },

    /** The clinician's schedule with its patient; another clinician's reads as absent. */
    async scheduleOwned(
      seqQuestionnaireSchedule: number,
      seqManager: number,
    ): Promise<(ScheduleRow & Relation & { createdBy: string }) | undefined> {
      const [row] = await db
        .select({ schedule: questionnaireSchedule, seqPatient: medicalRelation.seqPatient, createdBy: managerName })
        .from(questionnaireSchedule)
        .innerJoin(medicalRelation, eq(medicalRelation.seqMedicalRelation, questionnaireSchedule.seqMedicalRelation))
        .innerJoin(manager, eq(manager.seqManager, questionnaireSchedule.seqManager))
        .where(
          and(
            eq(questionnaireSchedule.seqQuestionnaireSchedule, seqQuestionnaireSchedule),
            eq(medicalRelation.seqManager, seqManager),
          ),
        )
        .for('update', { of: questionnaireSchedule });
      return row && { ...row.schedule, seqPatient: row.seqPatient, createdBy: row.createdBy };
    },

    async schedulesOfRelation(seqMedicalRelation: number): Promise<(ScheduleRow & { createdBy: string })[]> {
      const rows = await db
        .select({ schedule: questionnaireSchedule, createdBy: managerName })
        .from(questionnaireSchedule)
        .innerJoin(manager, eq(manager.seqManager, questionnaireSchedule.seqManager))
        .where(eq(questionnaireSchedule.seqMedicalRelation, seqMedicalRelation))
        .orderBy(desc(questionnaireSchedule.createdAt), desc(questionnaireSchedule.seqQuestionnaireSchedule));
      return rows.map((row) => ({ ...row.schedule, createdBy: row.createdBy }));
    },

    /** The language of the relation's patient's app account; none without one. */
    async patientLanguage(seqMedicalRelation: number): Promise<string | undefined> {
      const [row] = await db
        .select({ language: appUser.language })
        .from(medicalRelation)
        .innerJoin(patient, eq(patient.seqPatient, medicalRelation.seqPatient))
        .innerJoin(appUser, eq(appUser.seqUser, patient.seqUser))
        .where(and(eq(medicalRelation.seqMedicalRelation, seqMedicalRelation), isNull(appUser.deletedAt)));
      return row?.language;
    },

    async requestsOfSchedules(ids: number[]): Promise<RequestRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(questionnaireRequest)
        .where(inArray(questionnaireRequest.seqQuestionnaireSchedule, ids))
        .orderBy(asc(questionnaireRequest.dueAt), asc(questionnaireRequest.seqQuestionnaireRequest));
    },

    async cancelSchedule(seqQuestionnaireSchedule: number, seqManager: number, at: Date): Promise<void> {
      await db
        .update(questionnaireSchedule)
        .set({ cancelledAt: at, cancelledBy: seqManager })
        .where(eq(questionnaireSchedule.seqQuestionnaireSchedule, seqQuestionnaireSchedule));
      await db
        .update(questionnaireRequest)
        .set({ cancelledAt: at })
        .where(and(eq(questionnaireRequest.seqQuestionnaireSchedule, seqQuestionnaireSchedule), isOpen));
    },

    /** The visits of a relation still to come, to send a questionnaire before each. */
    waitingVisits(seqMedicalRelation: number, at: Date): Promise<{ seqSchedule: number; expectStartAt: Date }[]> {
      return db
        .select({ seqSchedule: schedule.seqSchedule, expectStartAt: schedule.expectStartAt })
        .from(schedule)
        .where(
          and(
            eq(schedule.seqMedicalRelation, seqMedicalRelation),
            eq(schedule.status, ScheduleStatus.waiting),
            gt(schedule.expectStartAt, at),
          ),
        );
    },

    /** A relation's responses, oldest first, with who entered and who superseded them. */
    async responsesOfRelation(seqMedicalRelation: number): Promise<ResponseView[]> {
      const enterer = alias(manager, 'enterer');
      const superseder = alias(manager, 'superseder');
      const rows = await db
        .select({
          response: questionnaireResponse,
          enteredByName: sql<string | null>`${enterer.firstName} || ' ' || ${enterer.lastName}`,
          supersededByName: sql<string | null>`${superseder.firstName} || ' ' || ${superseder.lastName}`,
        })
        .from(questionnaireResponse)
        .leftJoin(enterer, eq(enterer.seqManager, questionnaireResponse.enteredBy))
        .leftJoin(superseder, eq(superseder.seqManager, questionnaireResponse.supersededBy))
        .where(eq(questionnaireResponse.seqMedicalRelation, seqMedicalRelation))
        .orderBy(asc(questionnaireResponse.authoredAt), asc(questionnaireResponse.seqQuestionnaireResponse));
      return rows.map((row) => ({
        ...row.response,
        enteredByName: row.enteredByName,
        supersededByName: row.supersededByName,
      }));
    },

    /** The response of one of the clinician's patients, locked when it is to be changed; another's reads as absent. */
    async responseOwned(seqQuestionnaireResponse, seqManager, lock = false): Promise<ResponseRow | undefined> {
      const query = db
        .select({ response: questionnaireResponse })
        .from(questionnaireResponse)
        .innerJoin(medicalRelation, eq(medicalRelation.seqMedicalRelation, questionnaireResponse.seqMedicalRelation))
        .where(
          and(
            eq(questionnaireResponse.seqQuestionnaireResponse, seqQuestionnaireResponse),
            eq(medicalRelation.seqManager, seqManager),
          ),
        );
      const [row] = await (lock ? query.for('update', { of: questionnaireResponse }) : query);
      return row?.response;
    },

    /** Keeps a response; undefined when the patient already sent one with its key. */
    async insertResponse(row: typeof questionnaireResponse.$inferInsert): Promise<ResponseRow | undefined> {
      const [inserted] = await db
        .insert(questionnaireResponse)
        .values(row)
        .onConflictDoNothing({
          target: [questionnaireResponse.seqPatient, questionnaireResponse.idempotencyKey],
        })
        .returning();
      return inserted;
    },

    async responseByKey(seqPatient: number, idempotencyKey: string): Promise<ResponseRow | undefined> {
      const [row] = await db
        .select()
        .from(questionnaireResponse)
        .where(
          and(
            eq(questionnaireResponse.seqPatient, seqPatient),
            eq(questionnaireResponse.idempotencyKey, idempotencyKey),
          ),
        );
      return row;
    },

    async markAnswered(seqQuestionnaireRequest: number, seqQuestionnaireResponse: number): Promise<void> {
      await db
        .update(questionnaireRequest)
        .set({ seqQuestionnaireResponse })
        .where(eq(questionnaireRequest.seqQuestionnaireRequest, seqQuestionnaireRequest));
    },

    /** Marks a response superseded: the only change a response ever takes. */
    async markSuperseded(
      seqQuestionnaireResponse: number,
      change: { supersededAt: Date; supersededBy: number; supersedeReason: string },
    ): Promise<void> {
      await db
        .update(questionnaireResponse)
        .set(change)
        .where(eq(questionnaireResponse.seqQuestionnaireResponse, seqQuestionnaireResponse));
    },

    /** The patient's due requests not answered, of running schedules and enabled relations, oldest first. */
    async dueOfPatient(seqPatient: number, at: Date): Promise<LocatedRequest[]> {
      const rows = await located()
        .where(and(live, eq(medicalRelation.seqPatient, seqPatient), lte(questionnaireRequest.dueAt, at)))
        .orderBy(asc(questionnaireRequest.dueAt), asc(questionnaireRequest.seqQuestionnaireRequest));
      return rows.map(flat);
    },

    /**
     * One of the patient's requests that has come due, locked when answering; another patient's,
     * one not due yet, or one of a relation ended, reads as absent.
     */
    async requestOfPatient(
      seqQuestionnaireRequest: number,
      seqPatient: number,
      at: Date,
      lock = false,
    ): Promise<LocatedRequest | undefined> {
      const query = located().where(
        and(
          eq(questionnaireRequest.seqQuestionnaireRequest, seqQuestionnaireRequest),
          eq(medicalRelation.seqPatient, seqPatient),
          eq(medicalRelation.isEnabled, true),
          lte(questionnaireRequest.dueAt, at),
        ),
      );
      const [row] = await (lock ? query.for('update', { of: questionnaireRequest }) : query);
      return row && flat(row);
    },

    /** For each running "before each visit" schedule, the visits to come that have no request yet. */
    async visitsWithoutRequest(at: Date): Promise<VisitWithoutRequest[]> {
      return db
        .select({
          seqQuestionnaireSchedule: questionnaireSchedule.seqQuestionnaireSchedule,
          seqMedicalRelation: questionnaireSchedule.seqMedicalRelation,
          hoursBefore: sql<number>`(${questionnaireSchedule.cadence}->>'hoursBefore')::int`,
          seqSchedule: schedule.seqSchedule,
          expectStartAt: schedule.expectStartAt,
        })
        .from(questionnaireSchedule)
        .innerJoin(schedule, eq(schedule.seqMedicalRelation, questionnaireSchedule.seqMedicalRelation))
        .innerJoin(medicalRelation, eq(medicalRelation.seqMedicalRelation, questionnaireSchedule.seqMedicalRelation))
        .where(
          and(
            isNull(questionnaireSchedule.cancelledAt),
            sql`${questionnaireSchedule.cadence}->>'kind' = 'beforeVisit'`,
            eq(medicalRelation.isEnabled, true),
            eq(schedule.status, ScheduleStatus.waiting),
            gt(schedule.expectStartAt, at),
            sql`not exists (select 1 from ${questionnaireRequest} where ${questionnaireRequest.seqQuestionnaireSchedule} = ${questionnaireSchedule.seqQuestionnaireSchedule} and ${questionnaireRequest.seqSchedule} = ${schedule.seqSchedule})`,
          ),
        );
    },

    /** Withdraws the open requests sent before visits that were cancelled or expired. */
    async withdrawForGoneVisits(at: Date): Promise<void> {
      await db
        .update(questionnaireRequest)
        .set({ cancelledAt: at })
        .where(
          and(
            isOpen,
            isNotNull(questionnaireRequest.seqSchedule),
            sql`exists (select 1 from ${schedule} where ${schedule.seqSchedule} = ${questionnaireRequest.seqSchedule} and ${inArray(schedule.status, visitGone)})`,
          ),
        );
    },

    /**
     * Sets the due time of open requests not told yet from their visit's start as it is now (a
     * visit moved keeps its request): hoursBefore it, or now once that passed.
     */
    async followMovedVisits(at: Date): Promise<void> {
      const hoursBefore = sql`(select (${questionnaireSchedule.cadence}->>'hoursBefore')::int from ${questionnaireSchedule} where ${questionnaireSchedule.seqQuestionnaireSchedule} = ${questionnaireRequest.seqQuestionnaireSchedule})`;
      const dueAt = sql`greatest(${schedule.expectStartAt} - make_interval(hours => ${hoursBefore}), ${at.toISOString()}::timestamptz)`;
      await db
        .update(questionnaireRequest)
        .set({ dueAt: sql`${dueAt}` })
        .from(schedule)
        .where(
          and(
            isOpen,
            isNull(questionnaireRequest.notifiedAt),
            eq(schedule.seqSchedule, questionnaireRequest.seqSchedule),
            eq(schedule.status, ScheduleStatus.waiting),
            gt(schedule.expectStartAt, at),
            sql`${questionnaireRequest.dueAt} is distinct from ${dueAt}`,
          ),
        );
    },

    /**
     * The open requests whose patient is to be told now: those come due and not told yet, or those
     * told reminderDays ago and not reminded yet. Marked told (or reminded) in the same pass.
     */
    async toTell(kind: 'due' | 'reminder', at: Date): Promise<RequestToTell[]> {
      const condition =
        kind === 'due'
          ? and(lte(questionnaireRequest.dueAt, at), isNull(questionnaireRequest.notifiedAt))
          : and(
              lte(
                questionnaireRequest.notifiedAt,
                new Date(at.getTime() - questionnaireScheduleRules.reminderDays * dayMs),
              ),
              isNull(questionnaireRequest.remindedAt),
            );
      const rows = await located()
        .where(and(live, condition, isNotNull(appUser.seqUser)))
        .orderBy(asc(questionnaireRequest.seqQuestionnaireRequest))
        .for('update', { of: questionnaireRequest });
      if (rows.length === 0) return [];
      await db
        .update(questionnaireRequest)
        .set(kind === 'due' ? { notifiedAt: at } : { remindedAt: at })
        .where(
          inArray(
            questionnaireRequest.seqQuestionnaireRequest,
            rows.map((row) => row.request.seqQuestionnaireRequest),
          ),
        );
      return rows.flatMap((row) => (row.contact ? [{ ...flat(row), ...row.contact }] : []));
    },

    /** Marks the open requests due overdueDays ago overdue, once. */
    async markOverdue(at: Date): Promise<void> {
      const before = overdueSince(at);
      await db
        .update(questionnaireRequest)
        .set({ overdueAt: at })
        .where(and(isOpen, isNull(questionnaireRequest.overdueAt), lte(questionnaireRequest.dueAt, before)));
    },

    /** The open requests marked overdue, of running schedules and enabled relations: each is an alert while it stays so. */
    async overdue(): Promise<LocatedRequest[]> {
      const rows = await located().where(and(live, isNotNull(questionnaireRequest.overdueAt)));
      return rows.map(flat);
    },
  };
}
