import { and, asc, count, eq, exists, gt, gte, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import {
  appUser,
  customQuestionnaire,
  exercise,
  exerciseRecord,
  manager,
  managerNote,
  medicalRelation,
  message,
  patientStatus,
  questionnaireResponse,
  schedule,
} from '../../db/schema.ts';
import { ScheduleStatus, type RomExtreme, type RomSelection } from '@clinic/contract';
import type {
  ConditionSource,
  MessageSource,
  NoteSource,
  PatientSource,
  PractitionerSource,
  PrescriptionSource,
  ResponseSource,
  RomSource,
  ScoreSource,
  VisitSource,
} from './fhir-resources.ts';

/** A page of a search: the rows of the page and how many match in all. */
export interface Page<T> {
  rows: T[];
  total: number;
}

/** A span of instants, the lower bound included and the upper excluded; either may be open. */
export interface InstantBound {
  from?: Date;
  before?: Date;
  /** Outside the span rather than in it (the `ne` prefix). */
  outside?: boolean;
}

const patientColumns = {
  seqMedicalRelation: medicalRelation.seqMedicalRelation,
  seqManager: medicalRelation.seqManager,
  patientName: medicalRelation.patientName,
  patientEmail: medicalRelation.patientEmail,
  birthDate: medicalRelation.birthDate,
  gender: medicalRelation.gender,
  isEnabled: medicalRelation.isEnabled,
  updatedAt: medicalRelation.updatedAt,
};

const extremes = sql`(values ('min'), ('max')) as extreme(kind)`;
const extremeKind = sql<RomExtreme>`extreme.kind`;

/** The instant of the column within each bound. */
function within(column: AnyPgColumn, bounds: InstantBound[]): SQL | undefined {
  return and(
    ...bounds.map(({ from, before, outside }) => {
      const inside = and(
        from && sql`${column} >= ${from.toISOString()}::timestamptz`,
        before && sql`${column} < ${before.toISOString()}::timestamptz`,
      );
      return outside && inside ? sql`not (${inside})` : inside;
    }),
  );
}

const visitColumns = {
  seqSchedule: schedule.seqSchedule,
  seqMedicalRelation: schedule.seqMedicalRelation,
  seqManager: schedule.seqManager,
  status: schedule.status,
  expectStartAt: schedule.expectStartAt,
  expectEndAt: schedule.expectEndAt,
  startedAt: schedule.startedAt,
  progressSeconds: schedule.progressSeconds,
  bookedBy: schedule.bookedBy,
  createdAt: schedule.createdAt,
  updatedAt: schedule.updatedAt,
};

const prescriptionColumns = {
  seqExercise: exercise.seqExercise,
  seqMedicalRelation: exercise.seqMedicalRelation,
  seqManager: exercise.seqManager,
  deviceType: exercise.deviceType,
  mode: exercise.mode,
  position: exercise.position,
  direction: exercise.direction,
  strength: exercise.strength,
  frequency: exercise.frequency,
  countPerSet: exercise.countPerSet,
  timePerSetMinutes: exercise.timePerSetMinutes,
  sets: exercise.sets,
  dueDate: exercise.dueDate,
  minRom: exercise.minRom,
  maxRom: exercise.maxRom,
  exerciseStatus: exercise.exerciseStatus,
  createdAt: exercise.createdAt,
  updatedAt: exercise.updatedAt,
  deletedAt: exercise.deletedAt,
};

const messageColumns = {
  seqMessage: message.seqMessage,
  seqMedicalRelation: message.seqMedicalRelation,
  seqManager: medicalRelation.seqManager,
  senderRole: message.senderRole,
  body: message.body,
  automatic: message.automatic,
  sentAt: message.sentAt,
  readAt: message.readAt,
  withdrawnAt: message.withdrawnAt,
};
const messageChanged = sql`greatest(${message.sentAt}, ${message.readAt}, ${message.withdrawnAt})`;

const responseColumns = {
  seqQuestionnaireResponse: questionnaireResponse.seqQuestionnaireResponse,
  seqMedicalRelation: questionnaireResponse.seqMedicalRelation,
  resource: questionnaireResponse.resource,
  enteredBy: questionnaireResponse.enteredBy,
  authoredAt: questionnaireResponse.authoredAt,
  receivedAt: questionnaireResponse.receivedAt,
  supersededAt: questionnaireResponse.supersededAt,
};
const responseChanged = sql`greatest(${questionnaireResponse.receivedAt}, ${questionnaireResponse.supersededAt})`;

const noteColumns = {
  seqManagerNote: managerNote.seqManagerNote,
  seqMedicalRelation: managerNote.seqMedicalRelation,
  seqManager: managerNote.seqManager,
  noteTitle: managerNote.noteTitle,
  noteContent: managerNote.noteContent,
  isPublic: managerNote.isPublic,
  createdAt: managerNote.createdAt,
  updatedAt: managerNote.updatedAt,
  removedAt: managerNote.removedAt,
};
const noteChanged = sql`greatest(${managerNote.updatedAt}, ${managerNote.removedAt})`;

/** A scored response's instrument: its shipped key, or its custom questionnaire's FHIR id. */
const customOfResponse = (column: SQL) =>
  sql`(select ${column} from ${customQuestionnaire}
    where ${customQuestionnaire.seqCustomQuestionnaire} = ${questionnaireResponse.seqCustomQuestionnaire})`;
const scoreInstrument = sql<string>`coalesce(${questionnaireResponse.instrumentKey}, 'custom-' || ${customOfResponse(sql`${customQuestionnaire.fhirId}::text`)})`;
const scoreColumns = {
  seqQuestionnaireResponse: questionnaireResponse.seqQuestionnaireResponse,
  seqMedicalRelation: questionnaireResponse.seqMedicalRelation,
  instrument: scoreInstrument,
  customTitle: sql<string | null>`${customOfResponse(sql`${customQuestionnaire.questionnaire}->>'title'`)}`,
  score: sql<number>`${questionnaireResponse.score}`,
  enteredBy: questionnaireResponse.enteredBy,
  authoredAt: questionnaireResponse.authoredAt,
  receivedAt: questionnaireResponse.receivedAt,
  supersededAt: questionnaireResponse.supersededAt,
};
/** A scored response's row, its instrument's title for a custom one (the contract names a shipped one's). */
export type ScoreRow = Omit<ScoreSource, 'title'> & { customTitle: string | null };

/**
 * The diagnoses of each record's newest condition entry (a removed entry is no longer one), the
 * primary first; `filter` narrows the records.
 */
const currentDiagnoses = (where: SQL | undefined) => sql`
  select status.seq_patient_status as "seqPatientStatus", status.seq_medical_relation as "seqMedicalRelation",
    status.seq_manager as "seqManager", rank.name as "rank",
    case rank.name when 'primary' then status.primary_diagnosis else status.secondary_diagnosis end as "diagnosis",
    status.onset_date::text as "onsetDate", status.recorded_at as "recordedAt"
  from (
    select distinct on (${patientStatus.seqMedicalRelation}) ${patientStatus.seqPatientStatus} as seq_patient_status,
      ${patientStatus.seqMedicalRelation} as seq_medical_relation, ${medicalRelation.seqManager} as seq_manager,
      ${patientStatus.primaryDiagnosis} as primary_diagnosis, ${patientStatus.secondaryDiagnosis} as secondary_diagnosis,
      ${patientStatus.onsetDate} as onset_date, ${patientStatus.recordedAt} as recorded_at
    from ${patientStatus}
    join ${medicalRelation} on ${medicalRelation.seqMedicalRelation} = ${patientStatus.seqMedicalRelation}
    where ${patientStatus.removedAt} is null and ${where ?? sql`true`}
    order by ${patientStatus.seqMedicalRelation}, ${patientStatus.recordedAt} desc, ${patientStatus.seqPatientStatus} desc
  ) as status
  cross join (values ('primary', 1), ('secondary', 2)) as rank(name, position)
  where case rank.name when 'primary' then status.primary_diagnosis else status.secondary_diagnosis end <> ''`;
type ConditionRow = Omit<ConditionSource, 'recordedAt'> & { recordedAt: Date | string };
const conditionOf = (row: ConditionRow): ConditionSource => ({ ...row, recordedAt: new Date(row.recordedAt) });

/** A custom questionnaire of the clinician, by the id the API reads it by. */
export interface CustomQuestionnaireSource {
  fhirId: string;
  questionnaire: typeof customQuestionnaire.$inferSelect.questionnaire;
}

/** What a search of visits or prescriptions narrows to: one id, one patient record. */
interface RecordFilter {
  id?: number | undefined;
  seqMedicalRelation?: number | undefined;
}

export interface FhirRepository {
  patients(
    seqManager: number,
    filter: { id?: number; name?: string },
    page: { count: number; offset: number },
  ): Promise<Page<PatientSource>>;
  practitioner(seqManager: number): Promise<PractitionerSource | undefined>;
  hasDevice(seqManager: number, seqMedicalRelation: number, deviceType: number): Promise<boolean>;
  /** The clinician's visits, by their start; `held` only those held (completed, with the call's start and length). */
  visits(
    seqManager: number,
    filter: RecordFilter & { starts: InstantBound[]; held?: boolean },
    page: { count: number; offset: number },
  ): Promise<Page<VisitSource>>;
  prescriptions(
    seqManager: number,
    filter: RecordFilter,
    page: { count: number; offset: number },
  ): Promise<Page<PrescriptionSource>>;
  messages(
    seqManager: number,
    filter: RecordFilter,
    page: { count: number; offset: number },
  ): Promise<Page<MessageSource>>;
  responses(
    seqManager: number,
    filter: RecordFilter,
    page: { count: number; offset: number },
  ): Promise<Page<ResponseSource>>;
  notes(seqManager: number, filter: RecordFilter, page: { count: number; offset: number }): Promise<Page<NoteSource>>;
  /** The scored responses of the clinician's patients, by when they were answered. */
  scores(
    seqManager: number,
    filter: RecordFilter & { instruments?: string[]; authored: InstantBound[] },
    page: { count: number; offset: number },
  ): Promise<Page<ScoreRow>>;
  /** The diagnoses of the clinician's patients' newest condition entries. */
  conditions(
    seqManager: number,
    filter: { seqPatientStatus?: number; rank?: ConditionSource['rank']; seqMedicalRelation?: number | undefined },
    page: { count: number; offset: number },
  ): Promise<Page<ConditionSource>>;
  /** The clinician's custom questionnaires, or the one of an id. */
  customQuestionnaires(seqManager: number, fhirId?: string): Promise<CustomQuestionnaireSource[]>;
  romAngles(
    seqManager: number,
    filter: {
      seqMedicalRelation?: number | undefined;
      seqExerciseRecord?: number;
      extreme?: RomExtreme;
      /** Any of them; none matches an empty list. */
      selections?: RomSelection[];
      starts: InstantBound[];
    },
    page: { count: number; offset: number },
  ): Promise<Page<RomSource & { extreme: RomExtreme }>>;
}

/** Where a bulk export's batch starts: after the last row of the one before, changed since `since`. */
export interface Batch {
  since: Date | undefined;
  limit: number;
}

/** The robots of each record: the record's own and each one a prescription is for. */
export interface DeviceSource {
  seqMedicalRelation: number;
  deviceType: number;
}

/** Reads a bulk export makes: batches in key order (each after the last key read), never a count. */
export interface FhirExportReads {
  patientsAfter(seqManager: number, after: number, batch: Batch): Promise<PatientSource[]>;
  relationsAfter(seqManager: number, after: number, limit: number): Promise<number[]>;
  /** A record's device sessions in the order they were kept, after the session `after`. */
  sessionsAfter(seqMedicalRelation: number, after: number, batch: Batch): Promise<RomSource[]>;
  prescriptionsAfter(seqManager: number, after: number, batch: Batch): Promise<PrescriptionSource[]>;
  visitsAfter(seqManager: number, after: number, batch: Batch & { held: boolean }): Promise<VisitSource[]>;
  messagesAfter(seqManager: number, after: number, batch: Batch): Promise<MessageSource[]>;
  responsesAfter(seqManager: number, after: number, batch: Batch): Promise<ResponseSource[]>;
  notesAfter(seqManager: number, after: number, batch: Batch): Promise<NoteSource[]>;
  /** The current diagnoses of the records given (of the clinician: the caller read them with `relationsAfter`). */
  conditionsOf(seqMedicalRelations: number[], since: Date | undefined): Promise<ConditionSource[]>;
  scoresAfter(seqManager: number, after: number, batch: Batch): Promise<ScoreRow[]>;
  /** The robots of the records given (of the clinician: the caller read them with `relationsAfter`). */
  devicesOf(seqMedicalRelations: number[]): Promise<DeviceSource[]>;
}

const heldVisit = and(
  eq(schedule.status, ScheduleStatus.completed),
  isNotNull(schedule.startedAt),
  isNotNull(schedule.progressSeconds),
);

/** The rows of one clinician's records that FHIR reads, always through the clinician's own relations. */
export function fhirRepository(db: Database): FhirRepository & FhirExportReads {
  /** A page of a query, and the count of all its rows. */
  async function pageOf<T>(
    rows: { limit(count: number): { offset(offset: number): PromiseLike<T[]> } },
    total: Promise<{ total: number }[]>,
    page: { count: number; offset: number },
  ): Promise<Page<T>> {
    const [found, [counted]] = await Promise.all([rows.limit(page.count).offset(page.offset), total]);
    return { rows: found, total: counted?.total ?? 0 };
  }

  return {
    async patients(
      seqManager: number,
      filter: { id?: number; name?: string },
      page: { count: number; offset: number },
    ): Promise<Page<PatientSource>> {
      const where = and(
        eq(medicalRelation.seqManager, seqManager),
        filter.id !== undefined ? eq(medicalRelation.seqMedicalRelation, filter.id) : undefined,
        // A string search matches the start of the name or of any of its words.
        filter.name !== undefined
          ? or(
              ilike(medicalRelation.patientName, `${escapeLike(filter.name)}%`),
              ilike(medicalRelation.patientName, `% ${escapeLike(filter.name)}%`),
            )
          : undefined,
      );
      return pageOf(
        db.select(patientColumns).from(medicalRelation).where(where).orderBy(asc(medicalRelation.seqMedicalRelation)),
        db.select({ total: count() }).from(medicalRelation).where(where),
        page,
      );
    },

    async practitioner(seqManager: number): Promise<PractitionerSource | undefined> {
      const [row] = await db
        .select({
          seqManager: manager.seqManager,
          firstName: manager.firstName,
          lastName: manager.lastName,
          title: manager.title,
          npiNumber: manager.npiNumber,
          email: appUser.userEmail,
        })
        .from(manager)
        .innerJoin(appUser, eq(appUser.seqUser, manager.seqUser))
        .where(eq(manager.seqManager, seqManager));
      return row;
    },

    /** Whether the clinician's patient has a robot of the type: the record's own, or one a prescription is for. */
    async hasDevice(seqManager: number, seqMedicalRelation: number, deviceType: number): Promise<boolean> {
      const [row] = await db
        .select({ seqMedicalRelation: medicalRelation.seqMedicalRelation })
        .from(medicalRelation)
        .where(
          and(
            eq(medicalRelation.seqMedicalRelation, seqMedicalRelation),
            eq(medicalRelation.seqManager, seqManager),
            or(
              eq(medicalRelation.deviceType, deviceType),
              exists(
                db
                  .select({ one: sql`1` })
                  .from(exercise)
                  .where(
                    and(
                      eq(exercise.seqMedicalRelation, medicalRelation.seqMedicalRelation),
                      eq(exercise.deviceType, deviceType),
                    ),
                  ),
              ),
            ),
          ),
        );
      return row !== undefined;
    },

    async visits(seqManager, filter, page) {
      const held = filter.held ? schedule.startedAt : schedule.expectStartAt;
      const where = and(
        eq(schedule.seqManager, seqManager),
        filter.id !== undefined ? eq(schedule.seqSchedule, filter.id) : undefined,
        filter.seqMedicalRelation !== undefined
          ? eq(schedule.seqMedicalRelation, filter.seqMedicalRelation)
          : undefined,
        filter.held ? heldVisit : undefined,
        within(held, filter.starts),
      );
      return pageOf(
        db.select(visitColumns).from(schedule).where(where).orderBy(asc(held), asc(schedule.seqSchedule)),
        db.select({ total: count() }).from(schedule).where(where),
        page,
      );
    },

    async prescriptions(seqManager, filter, page) {
      const where = and(
        eq(exercise.seqManager, seqManager),
        filter.id !== undefined ? eq(exercise.seqExercise, filter.id) : undefined,
        filter.seqMedicalRelation !== undefined
          ? eq(exercise.seqMedicalRelation, filter.seqMedicalRelation)
          : undefined,
      );
      return pageOf(
        db.select(prescriptionColumns).from(exercise).where(where).orderBy(asc(exercise.seqExercise)),
        db.select({ total: count() }).from(exercise).where(where),
        page,
      );
    },

    async messages(seqManager, filter, page) {
      const where = and(
        eq(medicalRelation.seqManager, seqManager),
        filter.id !== undefined ? eq(message.seqMessage, filter.id) : undefined,
        filter.seqMedicalRelation !== undefined ? eq(message.seqMedicalRelation, filter.seqMedicalRelation) : undefined,
      );
      const joined = eq(medicalRelation.seqMedicalRelation, message.seqMedicalRelation);
      return pageOf(
        db
          .select(messageColumns)
          .from(message)
          .innerJoin(medicalRelation, joined)
          .where(where)
          .orderBy(asc(message.seqMessage)),
        db.select({ total: count() }).from(message).innerJoin(medicalRelation, joined).where(where),
        page,
      );
    },

    async responses(seqManager, filter, page) {
      const where = and(
        eq(medicalRelation.seqManager, seqManager),
        filter.id !== undefined ? eq(questionnaireResponse.seqQuestionnaireResponse, filter.id) : undefined,
        filter.seqMedicalRelation !== undefined
          ? eq(questionnaireResponse.seqMedicalRelation, filter.seqMedicalRelation)
          : undefined,
      );
      const joined = eq(medicalRelation.seqMedicalRelation, questionnaireResponse.seqMedicalRelation);
      return pageOf(
        db
          .select(responseColumns)
          .from(questionnaireResponse)
          .innerJoin(medicalRelation, joined)
          .where(where)
          .orderBy(asc(questionnaireResponse.seqQuestionnaireResponse)),
        db.select({ total: count() }).from(questionnaireResponse).innerJoin(medicalRelation, joined).where(where),
        page,
      );
    },

    async notes(seqManager, filter, page) {
      const where = and(
        eq(medicalRelation.seqManager, seqManager),
        filter.id !== undefined ? eq(managerNote.seqManagerNote, filter.id) : undefined,
        filter.seqMedicalRelation !== undefined
          ? eq(managerNote.seqMedicalRelation, filter.seqMedicalRelation)
          : undefined,
      );
      const joined = eq(medicalRelation.seqMedicalRelation, managerNote.seqMedicalRelation);
      return pageOf(
        db
          .select(noteColumns)
          .from(managerNote)
          .innerJoin(medicalRelation, joined)
          .where(where)
          .orderBy(asc(managerNote.seqManagerNote)),
        db.select({ total: count() }).from(managerNote).innerJoin(medicalRelation, joined).where(where),
        page,
      );
    },

    async scores(seqManager, filter, page) {
      const where = and(
        eq(medicalRelation.seqManager, seqManager),
        isNotNull(questionnaireResponse.score),
        filter.id !== undefined ? eq(questionnaireResponse.seqQuestionnaireResponse, filter.id) : undefined,
        filter.seqMedicalRelation !== undefined
          ? eq(questionnaireResponse.seqMedicalRelation, filter.seqMedicalRelation)
          : undefined,
        filter.instruments &&
          (filter.instruments.length > 0 ? inArray(scoreInstrument, filter.instruments) : sql`false`),
        within(questionnaireResponse.authoredAt, filter.authored),
      );
      const joined = eq(medicalRelation.seqMedicalRelation, questionnaireResponse.seqMedicalRelation);
      return pageOf(
        db
          .select(scoreColumns)
          .from(questionnaireResponse)
          .innerJoin(medicalRelation, joined)
          .where(where)
          .orderBy(asc(questionnaireResponse.authoredAt), asc(questionnaireResponse.seqQuestionnaireResponse)),
        db.select({ total: count() }).from(questionnaireResponse).innerJoin(medicalRelation, joined).where(where),
        page,
      );
    },

    async conditions(seqManager, filter, page) {
      const diagnoses = currentDiagnoses(
        and(
          eq(medicalRelation.seqManager, seqManager),
          filter.seqMedicalRelation !== undefined
            ? eq(patientStatus.seqMedicalRelation, filter.seqMedicalRelation)
            : undefined,
        ),
      );
      const chosen = and(
        filter.seqPatientStatus !== undefined ? sql`"seqPatientStatus" = ${filter.seqPatientStatus}` : undefined,
        filter.rank !== undefined ? sql`"rank" = ${filter.rank}` : undefined,
      );
      const [rows, totals] = (await Promise.all([
        db.execute(sql`select * from (${diagnoses}) as diagnosis where ${chosen ?? sql`true`}
          order by "seqMedicalRelation", "rank" limit ${page.count} offset ${page.offset}`),
        db.execute(sql`select count(*)::int as total from (${diagnoses}) as diagnosis where ${chosen ?? sql`true`}`),
      ])) as [{ rows: ConditionRow[] }, { rows: { total: number }[] }];
      return { rows: rows.rows.map(conditionOf), total: totals.rows[0]?.total ?? 0 };
    },

    customQuestionnaires(seqManager, fhirId) {
      return db
        .select({ fhirId: customQuestionnaire.fhirId, questionnaire: customQuestionnaire.questionnaire })
        .from(customQuestionnaire)
        .where(
          and(
            eq(customQuestionnaire.seqManager, seqManager),
            fhirId !== undefined ? eq(customQuestionnaire.fhirId, fhirId) : undefined,
          ),
        )
        .orderBy(asc(customQuestionnaire.seqCustomQuestionnaire));
    },

    /**
     * A page of the angles of the clinician's patients' device sessions, each session giving its
     * smallest and its largest angle, oldest session first.
     */
    async romAngles(
      seqManager: number,
      filter: {
        seqMedicalRelation?: number;
        seqExerciseRecord?: number;
        extreme?: RomExtreme;
        /** Any of them; none matches an empty list. */
        selections?: RomSelection[];
        starts: InstantBound[];
      },
      page: { count: number; offset: number },
    ): Promise<Page<RomSource & { extreme: RomExtreme }>> {
      const where = and(
        eq(medicalRelation.seqManager, seqManager),
        filter.seqMedicalRelation !== undefined
          ? eq(exerciseRecord.seqMedicalRelation, filter.seqMedicalRelation)
          : undefined,
        filter.seqExerciseRecord !== undefined
          ? eq(exerciseRecord.seqExerciseRecord, filter.seqExerciseRecord)
          : undefined,
        filter.extreme !== undefined ? sql`${extremeKind} = ${filter.extreme}` : undefined,
        filter.selections &&
          (or(
            ...filter.selections.map(({ position, modes, extreme, direction }) =>
              and(
                eq(exerciseRecord.guidePosition, position),
                direction !== undefined ? eq(exerciseRecord.guideDirection, direction) : undefined,
                sql`${exerciseRecord.guideMode} in (${sql.join(
                  modes.map((mode) => sql`${mode}`),
                  sql`, `,
                )})`,
                sql`${extremeKind} = ${extreme}`,
              ),
            ),
          ) ??
            sql`false`),
        within(exerciseRecord.usageStartAt, filter.starts),
      );
      const from = sql`${exerciseRecord}
        join ${medicalRelation} on ${medicalRelation.seqMedicalRelation} = ${exerciseRecord.seqMedicalRelation}
        join ${exercise} on ${exercise.seqExercise} = ${exerciseRecord.seqExercise}
        cross join ${extremes}`;
      type Row = RomSource & { extreme: RomExtreme; usageStartAt: Date | string; receivedAt: Date | string };
      const [rows, totals] = (await Promise.all([
        db.execute(sql`
          select ${exerciseRecord.seqExerciseRecord} as "seqExerciseRecord",
            ${exerciseRecord.seqMedicalRelation} as "seqMedicalRelation", ${exercise.deviceType} as "deviceType",
            ${exerciseRecord.guidePosition} as "position", ${exerciseRecord.guideDirection} as "direction",
            ${exerciseRecord.guideMode} as "mode", ${exerciseRecord.minAngle} as "minAngle",
            ${exerciseRecord.maxAngle} as "maxAngle", ${exerciseRecord.usageStartAt} as "usageStartAt",
            ${exerciseRecord.durationSeconds} as "durationSeconds", ${exerciseRecord.receivedAt} as "receivedAt",
            ${extremeKind} as "extreme"
          from ${from} where ${where}
          order by ${exerciseRecord.usageStartAt}, ${exerciseRecord.seqExerciseRecord}, ${extremeKind} desc
          limit ${page.count} offset ${page.offset}`),
        db.execute(sql`select count(*)::int as total from ${from} where ${where}`),
      ])) as [{ rows: Row[] }, { rows: { total: number }[] }];
      return {
        rows: rows.rows.map((row) => ({
          ...row,
          usageStartAt: new Date(row.usageStartAt),
          receivedAt: new Date(row.receivedAt),
        })),
        total: totals.rows[0]?.total ?? 0,
      };
    },

    patientsAfter(seqManager, after, { since, limit }) {
      return db
        .select(patientColumns)
        .from(medicalRelation)
        .where(
          and(
            eq(medicalRelation.seqManager, seqManager),
            gt(medicalRelation.seqMedicalRelation, after),
            since && gte(medicalRelation.updatedAt, since),
          ),
        )
        .orderBy(asc(medicalRelation.seqMedicalRelation))
        .limit(limit);
    },

    messagesAfter(seqManager, after, { since, limit }) {
      return db
        .select(messageColumns)
        .from(message)
        .innerJoin(medicalRelation, eq(medicalRelation.seqMedicalRelation, message.seqMedicalRelation))
        .where(
          and(
            eq(medicalRelation.seqManager, seqManager),
            gt(message.seqMessage, after),
            since && sql`${messageChanged} >= ${since.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(asc(message.seqMessage))
        .limit(limit);
    },

    responsesAfter(seqManager, after, { since, limit }) {
      return db
        .select(responseColumns)
        .from(questionnaireResponse)
        .innerJoin(medicalRelation, eq(medicalRelation.seqMedicalRelation, questionnaireResponse.seqMedicalRelation))
        .where(
          and(
            eq(medicalRelation.seqManager, seqManager),
            gt(questionnaireResponse.seqQuestionnaireResponse, after),
            since && sql`${responseChanged} >= ${since.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(asc(questionnaireResponse.seqQuestionnaireResponse))
        .limit(limit);
    },

    notesAfter(seqManager, after, { since, limit }) {
      return db
        .select(noteColumns)
        .from(managerNote)
        .innerJoin(medicalRelation, eq(medicalRelation.seqMedicalRelation, managerNote.seqMedicalRelation))
        .where(
          and(
            eq(medicalRelation.seqManager, seqManager),
            gt(managerNote.seqManagerNote, after),
            since && sql`${noteChanged} >= ${since.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(asc(managerNote.seqManagerNote))
        .limit(limit);
    },

    scoresAfter(seqManager, after, { since, limit }) {
      return db
        .select(scoreColumns)
        .from(questionnaireResponse)
        .innerJoin(medicalRelation, eq(medicalRelation.seqMedicalRelation, questionnaireResponse.seqMedicalRelation))
        .where(
          and(
            eq(medicalRelation.seqManager, seqManager),
            isNotNull(questionnaireResponse.score),
            gt(questionnaireResponse.seqQuestionnaireResponse, after),
            since && sql`${responseChanged} >= ${since.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(asc(questionnaireResponse.seqQuestionnaireResponse))
        .limit(limit);
    },

    async conditionsOf(seqMedicalRelations, since) {
      if (seqMedicalRelations.length === 0) return [];
      const { rows } = (await db.execute(sql`
        select * from (${currentDiagnoses(inArray(patientStatus.seqMedicalRelation, seqMedicalRelations))}) as diagnosis
        where ${since ? sql`"recordedAt" >= ${since.toISOString()}::timestamptz` : sql`true`}
        order by "seqMedicalRelation", "rank"`)) as { rows: ConditionRow[] };
      return rows.map(conditionOf);
    },

    async relationsAfter(seqManager, after, limit) {
      const rows = await db
        .select({ seqMedicalRelation: medicalRelation.seqMedicalRelation })
        .from(medicalRelation)
        .where(and(eq(medicalRelation.seqManager, seqManager), gt(medicalRelation.seqMedicalRelation, after)))
        .orderBy(asc(medicalRelation.seqMedicalRelation))
        .limit(limit);
      return rows.map((row) => row.seqMedicalRelation);
    },

    sessionsAfter(seqMedicalRelation, after, { since, limit }) {
      return db
        .select({
          seqExerciseRecord: exerciseRecord.seqExerciseRecord,
          seqMedicalRelation: exerciseRecord.seqMedicalRelation,
          deviceType: exercise.deviceType,
          position: exerciseRecord.guidePosition,
          direction: exerciseRecord.guideDirection,
          mode: exerciseRecord.guideMode,
          minAngle: exerciseRecord.minAngle,
          maxAngle: exerciseRecord.maxAngle,
          usageStartAt: exerciseRecord.usageStartAt,
          durationSeconds: exerciseRecord.durationSeconds,
          receivedAt: exerciseRecord.receivedAt,
        })
        .from(exerciseRecord)
        .innerJoin(exercise, eq(exercise.seqExercise, exerciseRecord.seqExercise))
        .where(
          and(
            eq(exerciseRecord.seqMedicalRelation, seqMedicalRelation),
            gt(exerciseRecord.seqExerciseRecord, after),
            since && gte(exerciseRecord.receivedAt, since),
          ),
        )
        .orderBy(asc(exerciseRecord.seqExerciseRecord))
        .limit(limit);
    },

    prescriptionsAfter(seqManager, after, { since, limit }) {
      return db
        .select(prescriptionColumns)
        .from(exercise)
        .where(
          and(
            eq(exercise.seqManager, seqManager),
            gt(exercise.seqExercise, after),
            since && gte(exercise.updatedAt, since),
          ),
        )
        .orderBy(asc(exercise.seqExercise))
        .limit(limit);
    },

    visitsAfter(seqManager, after, { since, limit, held }) {
      return db
        .select(visitColumns)
        .from(schedule)
        .where(
          and(
            eq(schedule.seqManager, seqManager),
            gt(schedule.seqSchedule, after),
            held ? heldVisit : undefined,
            since && gte(schedule.updatedAt, since),
          ),
        )
        .orderBy(asc(schedule.seqSchedule))
        .limit(limit);
    },

    async devicesOf(seqMedicalRelations) {
      if (seqMedicalRelations.length === 0) return [];
      const relations = sql.join(
        seqMedicalRelations.map((id) => sql`${id}`),
        sql`, `,
      );
      const { rows } = (await db.execute(sql`
        select ${medicalRelation.seqMedicalRelation} as "seqMedicalRelation", ${medicalRelation.deviceType} as "deviceType"
        from ${medicalRelation} where ${medicalRelation.seqMedicalRelation} in (${relations})
        union
        select ${exercise.seqMedicalRelation}, ${exercise.deviceType} from ${exercise}
        where ${exercise.seqMedicalRelation} in (${relations})
        order by 1, 2`)) as { rows: DeviceSource[] };
      return rows;
    },
  };
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (character) => `\\${character}`);
