import { randomUUID } from 'node:crypto';
import {
  customInstrument,
  dueBeforeVisit,
  FailedCode,
  isLanguage,
  keptAnswers,
  questionnaireDueDates,
  questionnaireIn,
  scoreResponse,
  scoreScale,
  shippedInstrumentKeys,
  validateAnswers,
  type AnswerItem,
  type BodyOf,
  type InstrumentHistory,
  type InstrumentRef,
  type InstrumentSummary,
  type MyQuestionnaire,
  type OutcomeInstrument,
  type OutcomeQuestionnaire,
  type OutcomeQuestionnaireResponse,
  type QuestionnaireRequest,
  type QuestionnaireResponseSummary,
  type QuestionnaireScheduleView,
  type addCustomQuestionnaire,
  type addQuestionnaireResponse,
  type addQuestionnaireSchedule,
  type getQuestionnaireResponse,
  type listQuestionnaireResponses,
  type listQuestionnaireSchedules,
  type supersedeQuestionnaireResponse,
} from '@clinic/contract';
import type { Clock, PatientPrincipal, Principal, RequestContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { BusinessFailure, InvalidField, notFound } from '../../domain-error.ts';
import type { Answer } from '../../http/route.ts';
import { recordAudit, relationEntry } from '../audit/index.ts';
import { ownedRelationOr404, todayIn } from '../shared/index.ts';
import { canonicalOf, customsById, refKey, resolve, summaryOf, titleOf, type Resolved } from './instruments.ts';
import {
  overdueSince,
  questionnaireRepository,
  type CustomRow,
  type LocatedRequest,
  type RequestRow,
  type ResponseRow,
  type ResponseView,
  type ScheduleRow,
} from './questionnaire.repository.ts';

function stateOf(row: RequestRow, at: Date): QuestionnaireRequest['state'] {
  if (row.seqQuestionnaireResponse !== null) return 'answered';
  if (row.cancelledAt) return 'cancelled';
  if (row.dueAt > at) return 'scheduled';
  return row.dueAt <= overdueSince(at) ? 'overdue' : 'due';
}

function toRequest(row: RequestRow, at: Date): QuestionnaireRequest {
  return {
    seqQuestionnaireRequest: row.seqQuestionnaireRequest,
    seqQuestionnaireSchedule: row.seqQuestionnaireSchedule,
    seqSchedule: row.seqSchedule,
    state: stateOf(row, at),
    dueAt: row.dueAt.toISOString(),
    notifiedAt: row.notifiedAt?.toISOString() ?? null,
    remindedAt: row.remindedAt?.toISOString() ?? null,
    overdueAt: row.overdueAt?.toISOString() ?? null,
    seqQuestionnaireResponse: row.seqQuestionnaireResponse,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
  };
}

function toSchedule(
  row: ScheduleRow & { createdBy: string },
  resolved: Resolved,
  requests: RequestRow[],
  at: Date,
): QuestionnaireScheduleView {
  return {
    seqQuestionnaireSchedule: row.seqQuestionnaireSchedule,
    seqMedicalRelation: row.seqMedicalRelation,
    instrument: resolved.ref,
    title: titleOf(resolved.instrument),
    cadence: row.cadence,
    timeZone: row.timeZone,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    openRequests: requests
      .filter((request) => request.seqQuestionnaireResponse === null && !request.cancelledAt)
      .map((request) => toRequest(request, at)),
    answeredCount: requests.filter((request) => request.seqQuestionnaireResponse !== null).length,
  };
}

/** The FHIR QuestionnaireResponse of validated answers to a questionnaire: the items answered, codings as the questionnaire has them. */
function responseResource(
  questionnaire: OutcomeQuestionnaire,
  answers: readonly AnswerItem[],
  authored: Date,
): OutcomeQuestionnaireResponse {
  return {
    resourceType: 'QuestionnaireResponse',
    questionnaire: canonicalOf(questionnaire),
    status: 'completed',
    authored: authored.toISOString(),
    item: keptAnswers(questionnaire, answers),
  };
}

/**
 * The instrument answers are checked and scored against: the version of the Questionnaire that was
 * sent. One no longer shipped (a newer version replaced it) refuses them.
 */
function asSent(resolved: Resolved, canonical: string): OutcomeInstrument {
  if (canonicalOf(resolved.instrument.questionnaire) !== canonical) {
    throw new BusinessFailure(FailedCode.QuestionnaireVersionGone);
  }
  return resolved.instrument;
}

/** Answers that do not fit the questionnaire: a 400 naming the first item at fault, nothing kept. */
function checkAnswers(questionnaire: OutcomeQuestionnaire, answers: readonly AnswerItem[]): void {
  const [issue] = validateAnswers(questionnaire, answers);
  if (issue) throw new InvalidField(`answers.${issue.linkId}`, issue.message);
}

/**
 * Each response with its score, and each instrument's scale and baseline: the first scored
 * response in force. A superseded response is listed, marked, and is never the baseline.
 */
function history(
  rows: ResponseView[],
  customs: ReadonlyMap<number, CustomRow>,
): Answer<typeof listQuestionnaireResponses> {
  const replacementOf = new Map(rows.flatMap((row) => (row.supersedes ? [[row.supersedes, row]] : [])));
  const instruments = new Map<string, InstrumentHistory>();
  const responseList = rows.map((row): QuestionnaireResponseSummary => {
    const resolved = resolve(row, customs);
    const key = refKey(resolved.ref);
    let entry = instruments.get(key);
    if (!entry) {
      entry = {
        instrument: resolved.ref,
        title: titleOf(resolved.instrument),
        ...scoreScale(resolved.instrument),
        baseline: null,
      };
      instruments.set(key, entry);
    }
    if (!entry.baseline && row.score !== null && !row.supersededAt) {
      entry.baseline = {
        seqQuestionnaireResponse: row.seqQuestionnaireResponse,
        score: row.score,
        authoredAt: row.authoredAt.toISOString(),
      };
    }
    return toSummary(row, resolved, entry, replacementOf.get(row.seqQuestionnaireResponse));
  });
  return { responseList, instrumentList: [...instruments.values()] };
}

function toSummary(
  row: ResponseView,
  resolved: Resolved,
  scale: Pick<InstrumentHistory, 'baseline' | 'direction' | 'mcid'>,
  replacement: ResponseRow | undefined,
): QuestionnaireResponseSummary {
  const result = row.scoreResult;
  const improvement =
    row.score === null || !scale.baseline
      ? null
      : Math.round((row.score - scale.baseline.score) * (scale.direction === 'higherIsBetter' ? 1 : -1) * 1000) / 1000;
  return {
    seqQuestionnaireResponse: row.seqQuestionnaireResponse,
    seqQuestionnaireRequest: row.seqQuestionnaireRequest,
    instrument: resolved.ref,
    title: titleOf(resolved.instrument),
    authoredAt: row.authoredAt.toISOString(),
    receivedAt: row.receivedAt.toISOString(),
    score: row.score,
    noScore: result.scored ? null : { reason: result.reason, linkIds: result.linkIds },
    improvement,
    improvedBeyondMcid: improvement !== null && improvement >= scale.mcid,
    enteredBy: row.enteredByName,
    supersedes: row.supersedes,
    superseded: row.supersededAt
      ? {
          by: replacement?.seqQuestionnaireResponse ?? null,
          at: row.supersededAt.toISOString(),
          clinicianName: row.supersededByName ?? '',
          reason: row.supersedeReason ?? '',
        }
      : null,
  };
}

function toMyQuestionnaire(row: LocatedRequest, questionnaire: OutcomeQuestionnaire, at: Date): MyQuestionnaire {
  return {
    seqQuestionnaireRequest: row.seqQuestionnaireRequest,
    seqMedicalRelation: row.seqMedicalRelation,
    managerName: row.managerName,
    title: questionnaire.title ?? '',
    dueAt: row.dueAt.toISOString(),
    state: stateOf(row, at),
  };
}

export interface QuestionnaireService {
  instruments(principal: Principal): Promise<InstrumentSummary[]>;
  instrument(
    principal: Principal,
    ref: InstrumentRef,
  ): Promise<{ instrument: InstrumentSummary; questionnaire: OutcomeQuestionnaire }>;
  addCustom(principal: Principal, request: BodyOf<typeof addCustomQuestionnaire>): Promise<InstrumentSummary>;
  addSchedule(
    principal: Principal,
    request: BodyOf<typeof addQuestionnaireSchedule>,
    context: RequestContext,
  ): Promise<QuestionnaireScheduleView>;
  cancelSchedule(
    principal: Principal,
    seqQuestionnaireSchedule: number,
    context: RequestContext,
  ): Promise<QuestionnaireScheduleView>;
  schedules(
    principal: Principal,
    seqMedicalRelation: number,
    context: RequestContext,
  ): Promise<Answer<typeof listQuestionnaireSchedules>>;
  responses(
    principal: Principal,
    seqMedicalRelation: number,
    context: RequestContext,
  ): Promise<Answer<typeof listQuestionnaireResponses>>;
  response(
    principal: Principal,
    seqQuestionnaireResponse: number,
    context: RequestContext,
  ): Promise<Answer<typeof getQuestionnaireResponse>>;
  supersede(
    principal: Principal,
    request: BodyOf<typeof supersedeQuestionnaireResponse>,
    context: RequestContext,
  ): Promise<Answer<typeof supersedeQuestionnaireResponse>>;
  myQuestionnaires(caller: PatientPrincipal, context: RequestContext): Promise<MyQuestionnaire[]>;
  myQuestionnaire(
    caller: PatientPrincipal,
    seqQuestionnaireRequest: number,
    context: RequestContext,
  ): Promise<{ questionnaire: MyQuestionnaire; resource: OutcomeQuestionnaire }>;
  answer(
    caller: PatientPrincipal,
    request: BodyOf<typeof addQuestionnaireResponse>,
    context: RequestContext,
  ): Promise<Answer<typeof addQuestionnaireResponse>['response']>;
}

/**
 * Questionnaires sent to patients on a schedule, and their responses (docs/decisions/0015): every
 * read and change of a patient's is audited, and another clinician's or patient's answers as missing.
 */
export function questionnaireService({ db, now }: { db: Database; now: Clock }): QuestionnaireService {
  /** The instrument a clinician names: shipped, or one of their own custom questionnaires. */
  async function ownedInstrument(database: Database, principal: Principal, ref: InstrumentRef): Promise<Resolved> {
    if (ref.kind === 'shipped') return resolve({ instrumentKey: ref.key, seqCustomQuestionnaire: null }, new Map());
    const custom = await questionnaireRepository(database).customOwned(
      ref.seqCustomQuestionnaire,
      principal.seqManager,
    );
    if (!custom) throw notFound();
    return resolve(
      { instrumentKey: null, seqCustomQuestionnaire: custom.seqCustomQuestionnaire },
      customsById([custom]),
    );
  }

  /** A relation's responses with their scores, each instrument's scale and baseline, and its custom questionnaires. */
  async function historyOf(
    database: Database,
    seqMedicalRelation: number,
  ): Promise<Answer<typeof listQuestionnaireResponses> & { customs: Map<number, CustomRow> }> {
    const questionnaires = questionnaireRepository(database);
    const rows = await questionnaires.responsesOfRelation(seqMedicalRelation);
    const customs = await questionnaires.customsOf(rows);
    return { ...history(rows, customs), customs };
  }

  async function resolveRow(
    database: Database,
    row: { instrumentKey: string | null; seqCustomQuestionnaire: number | null },
  ): Promise<Resolved> {
    return resolve(row, await questionnaireRepository(database).customsOf([row]));
  }

  return {
    async instruments(principal) {
      const customs = await questionnaireRepository(db).customsOfManager(principal.seqManager);
      return [
        ...shippedInstrumentKeys.map((key) =>
          summaryOf(resolve({ instrumentKey: key, seqCustomQuestionnaire: null }, new Map())),
        ),
        ...customs.map((custom) =>
          summaryOf(
            resolve(
              { instrumentKey: null, seqCustomQuestionnaire: custom.seqCustomQuestionnaire },
              customsById([custom]),
            ),
          ),
        ),
      ];
    },

    async instrument(principal, ref) {
      const resolved = await ownedInstrument(db, principal, ref);
      return { instrument: summaryOf(resolved), questionnaire: resolved.instrument.questionnaire };
    },

    async addCustom(principal, { definition }) {
      const fhirId = randomUUID();
      const made = customInstrument(definition, fhirId);
      const at = now();
      const row = await questionnaireRepository(db).insertCustom({
        seqManager: principal.seqManager,
        fhirId,
        definition,
        questionnaire: made.questionnaire,
        scoring: made.scoring,
        mcid: made.mcid,
        direction: made.direction,
        licenceConfirmedBy: principal.seqManager,
        licenceConfirmedAt: at,
        createdAt: at,
      });
      return summaryOf(
        resolve({ instrumentKey: null, seqCustomQuestionnaire: row.seqCustomQuestionnaire }, customsById([row])),
      );
    },

    addSchedule(principal, request, context) {
      return db.transaction(async (tx) => {
        const relation = await ownedRelationOr404(tx, principal.seqManager, request.seqMedicalRelation);
        const resolved = await ownedInstrument(tx, principal, request.instrument);
        if (!relation.isEnabled) throw new InvalidField('seqMedicalRelation', 'validation.patient_inactive');
        if (!relation.isAppMember) throw new BusinessFailure(FailedCode.NotAppMember);
        const at = now();
        const { cadence } = request;
        const { timeZone } = context;
        if (cadence.kind === 'repeat' && cadence.startDate < todayIn(at, timeZone)) {
          throw new InvalidField('cadence.startDate', 'validation.start_date_past');
        }
        const questionnaires = questionnaireRepository(tx);
        const row = await questionnaires.insertSchedule({
          seqMedicalRelation: relation.seqMedicalRelation,
          seqManager: principal.seqManager,
          instrumentKey: resolved.ref.kind === 'shipped' ? resolved.ref.key : null,
          seqCustomQuestionnaire: resolved.custom?.seqCustomQuestionnaire ?? null,
          questionnaire: canonicalOf(resolved.instrument.questionnaire),
          cadence,
          timeZone,
          createdAt: at,
        });
        const base = {
          seqQuestionnaireSchedule: row.seqQuestionnaireSchedule,
          seqMedicalRelation: relation.seqMedicalRelation,
        };
        const requests =
          cadence.kind === 'beforeVisit'
            ? (await questionnaires.waitingVisits(relation.seqMedicalRelation, at)).flatMap((visit) => {
                const dueAt = dueBeforeVisit(visit.expectStartAt, cadence.hoursBefore, at);
                return dueAt ? [{ ...base, seqSchedule: visit.seqSchedule, dueAt }] : [];
              })
            : questionnaireDueDates(cadence, { timeZone, now: at }).map((dueAt) => ({ ...base, dueAt }));
        const inserted = await questionnaires.insertRequests(requests);
        await recordAudit(tx, principal, context, at, [
          relationEntry('create', 'questionnaire_schedule', relation, row.seqQuestionnaireSchedule),
        ]);
        return toSchedule(row, resolved, inserted, at);
      });
    },

    cancelSchedule(principal, seqQuestionnaireSchedule, context) {
      return db.transaction(async (tx) => {
        const questionnaires = questionnaireRepository(tx);
        const row = await questionnaires.scheduleOwned(seqQuestionnaireSchedule, principal.seqManager);
        if (!row) throw notFound();
        const at = now();
        if (!row.cancelledAt) {
          await questionnaires.cancelSchedule(seqQuestionnaireSchedule, principal.seqManager, at);
          row.cancelledAt = at;
        }
        await recordAudit(tx, principal, context, at, [
          relationEntry('update', 'questionnaire_schedule', row, seqQuestionnaireSchedule),
        ]);
        const requests = await questionnaires.requestsOfSchedules([seqQuestionnaireSchedule]);
        return toSchedule(row, await resolveRow(tx, row), requests, at);
      });
    },

    async schedules(principal, seqMedicalRelation, context) {
      const relation = await ownedRelationOr404(db, principal.seqManager, seqMedicalRelation);
      const questionnaires = questionnaireRepository(db);
      const rows = await questionnaires.schedulesOfRelation(seqMedicalRelation);
      const requests = await questionnaires.requestsOfSchedules(rows.map((row) => row.seqQuestionnaireSchedule));
      const customs = await questionnaires.customsOf(rows);
      const language = await questionnaires.patientLanguage(seqMedicalRelation);
      const at = now();
      await recordAudit(db, principal, context, at, [relationEntry('read', 'questionnaire_schedule', relation)]);
      return {
        scheduleList: rows.map((row) =>
          toSchedule(
            row,
            resolve(row, customs),
            requests.filter((request) => request.seqQuestionnaireSchedule === row.seqQuestionnaireSchedule),
            at,
          ),
        ),
        patientLanguage: language !== undefined && isLanguage(language) ? language : null,
      };
    },

    async responses(principal, seqMedicalRelation, context) {
      const relation = await ownedRelationOr404(db, principal.seqManager, seqMedicalRelation);
      const { responseList, instrumentList } = await historyOf(db, seqMedicalRelation);
      await recordAudit(db, principal, context, now(), [relationEntry('read', 'questionnaire_response', relation)]);
      return { responseList, instrumentList };
    },

    async response(principal, seqQuestionnaireResponse, context) {
      const row = await questionnaireRepository(db).responseOwned(seqQuestionnaireResponse, principal.seqManager);
      if (!row) throw notFound();
      const { responseList, customs } = await historyOf(db, row.seqMedicalRelation);
      const response = responseList.find((summary) => summary.seqQuestionnaireResponse === seqQuestionnaireResponse)!;
      await recordAudit(db, principal, context, now(), [
        relationEntry('read', 'questionnaire_response', row, seqQuestionnaireResponse),
      ]);
      return {
        response,
        questionnaireResponse: { ...row.resource, id: String(row.seqQuestionnaireResponse) },
        questionnaire: resolve(row, customs).instrument.questionnaire,
      };
    },

    supersede(principal, request, context) {
      return db.transaction(async (tx) => {
        const questionnaires = questionnaireRepository(tx);
        const original = await questionnaires.responseOwned(
          request.seqQuestionnaireResponse,
          principal.seqManager,
          true,
        );
        if (!original) throw notFound();
        if (original.supersededAt) throw new BusinessFailure(FailedCode.ResponseSuperseded);
        const at = now();
        const entries = [
          relationEntry('update', 'questionnaire_response', original, original.seqQuestionnaireResponse),
        ];
        if (request.answers) {
          // Corrected answers are to the version the patient answered.
          const instrument = asSent(await resolveRow(tx, original), original.resource.questionnaire);
          checkAnswers(instrument.questionnaire, request.answers);
          const result = scoreResponse(instrument, request.answers);
          const replacement = await questionnaires.insertResponse({
            seqQuestionnaireRequest: original.seqQuestionnaireRequest,
            seqMedicalRelation: original.seqMedicalRelation,
            seqPatient: original.seqPatient,
            instrumentKey: original.instrumentKey,
            seqCustomQuestionnaire: original.seqCustomQuestionnaire,
            // A correction stands where the original stood on the chart: it was written then.
            resource: responseResource(instrument.questionnaire, request.answers, original.authoredAt),
            score: result.scored ? result.score : null,
            scoreResult: result,
            enteredBy: principal.seqManager,
            authoredAt: original.authoredAt,
            receivedAt: at,
            supersedes: original.seqQuestionnaireResponse,
          });
          entries.push(
            relationEntry('create', 'questionnaire_response', original, replacement!.seqQuestionnaireResponse),
          );
        }
        await questionnaires.markSuperseded(original.seqQuestionnaireResponse, {
          supersededAt: at,
          supersededBy: principal.seqManager,
          supersedeReason: request.reason,
        });
        await recordAudit(tx, principal, context, at, entries);
        const { responseList } = await historyOf(tx, original.seqMedicalRelation);
        const find = (seq: number | undefined) =>
          responseList.find((summary) => summary.seqQuestionnaireResponse === seq);
        const response = find(original.seqQuestionnaireResponse)!;
        return { response, replacement: find(response.superseded?.by ?? undefined) ?? null };
      });
    },

    async myQuestionnaires(caller, context) {
      const questionnaires = questionnaireRepository(db);
      const at = now();
      const rows = await questionnaires.dueOfPatient(caller.seqPatient, at);
      const customs = await questionnaires.customsOf(rows);
      await recordAudit(
        db,
        caller,
        context,
        at,
        [...new Map(rows.map((row) => [row.seqMedicalRelation, row])).values()].map((row) =>
          relationEntry('read', 'questionnaire_request', row),
        ),
      );
      return rows.map((row) =>
        toMyQuestionnaire(row, questionnaireIn(resolve(row, customs).instrument.questionnaire, context.language), at),
      );
    },

    async myQuestionnaire(caller, seqQuestionnaireRequest, context) {
      const at = now();
      const row = await questionnaireRepository(db).requestOfPatient(seqQuestionnaireRequest, caller.seqPatient, at);
      if (!row) throw notFound();
      const resource = questionnaireIn((await resolveRow(db, row)).instrument.questionnaire, context.language);
      await recordAudit(db, caller, context, at, [
        relationEntry('read', 'questionnaire_request', row, seqQuestionnaireRequest),
      ]);
      return { questionnaire: toMyQuestionnaire(row, resource, at), resource };
    },

    /**
     * Keeps the answers once per idempotency key: sent again (or twice at once), they answer the
     * response first kept, whatever they say, and keep nothing new. Answers that do not fit the
     * questionnaire keep nothing. Their time is kept between the request's due time and their arrival.
     */
    answer(caller, request, context) {
      return db.transaction(async (tx) => {
        const questionnaires = questionnaireRepository(tx);
        const at = now();
        const answered = (row: ResponseRow) => ({
          seqQuestionnaireResponse: row.seqQuestionnaireResponse,
          seqQuestionnaireRequest: row.seqQuestionnaireRequest,
          authoredAt: row.authoredAt.toISOString(),
          receivedAt: row.receivedAt.toISOString(),
        });
        const replay = async (): Promise<ResponseRow | undefined> => {
          const kept = await questionnaires.responseByKey(caller.seqPatient, request.idempotencyKey);
          if (kept) {
            await recordAudit(tx, caller, context, at, [
              relationEntry('create', 'questionnaire_response', kept, kept.seqQuestionnaireResponse),
            ]);
          }
          return kept;
        };
        const first = await replay();
        if (first) return answered(first);
        const row = await questionnaires.requestOfPatient(request.seqQuestionnaireRequest, caller.seqPatient, at, true);
        if (!row) throw notFound();
        // A send of the same key that held the request's lock before this one kept its response.
        const raced = await replay();
        if (raced) return answered(raced);
        if (row.seqQuestionnaireResponse !== null) throw new BusinessFailure(FailedCode.QuestionnaireAnswered);
        if (row.cancelledAt || row.scheduleCancelledAt) throw new BusinessFailure(FailedCode.QuestionnaireWithdrawn);
        const instrument = asSent(await resolveRow(tx, row), row.questionnaire);
        checkAnswers(instrument.questionnaire, request.answers);
        const result = scoreResponse(instrument, request.answers);
        // The app's clock may be wrong: the answers were written after the request came due and before they arrived.
        const authoredAt = new Date(
          Math.min(Math.max(Date.parse(request.authoredAt), row.dueAt.getTime()), at.getTime()),
        );
        const inserted = await questionnaires.insertResponse({
          seqQuestionnaireRequest: row.seqQuestionnaireRequest,
          seqMedicalRelation: row.seqMedicalRelation,
          seqPatient: caller.seqPatient,
          instrumentKey: row.instrumentKey,
          seqCustomQuestionnaire: row.seqCustomQuestionnaire,
          resource: responseResource(instrument.questionnaire, request.answers, authoredAt),
          score: result.scored ? result.score : null,
          scoreResult: result,
          idempotencyKey: request.idempotencyKey,
          authoredAt,
          receivedAt: at,
        });
        if (!inserted) throw new Error('a response under this key was kept while the request was locked');
        await questionnaires.markAnswered(row.seqQuestionnaireRequest, inserted.seqQuestionnaireResponse);
        await recordAudit(tx, caller, context, at, [
          relationEntry('create', 'questionnaire_response', inserted, inserted.seqQuestionnaireResponse),
        ]);
        return answered(inserted);
      });
    },
  };
}
