import type { QuestionnaireResponse } from '@medplum/fhirtypes';
import { z } from 'zod';
import { defineEndpoint, emptyRequest, reply, success } from './endpoint.ts';
import { FailedCode } from './errors.ts';
import { answerItem, outcomeAnswersMax } from './outcome-measures/answers.ts';
import { customQuestionnaireDefinition } from './outcome-measures/custom.ts';
import {
  fhirExtension,
  questionnaireLanguages,
  type OutcomeItem,
  type OutcomeQuestionnaire,
  type PrimitiveElement,
} from './outcome-measures/fhir.ts';
import { shippedInstrumentKeys } from './outcome-measures/shipped-keys.ts';
import { scoreDirections } from './outcome-measures/instrument.ts';
import { questionnaireCadence } from './questionnaire-schedule.ts';
import { languages, type Language } from './rules.ts';
import { datetimeField } from './schedule.ts';
import { idField } from './validation.ts';

export * from './questionnaire-schedule.ts';

const tag = 'questionnaire';

export const questionnaireLimits = {
  supersedeReasonMax: 1000,
  answersMax: outcomeAnswersMax,
} as const;

/** Which instrument: one shipped with the product, by key, or one of the clinician's own questionnaires. */
export const instrumentRef = z.lazy(() =>
  z.discriminatedUnion(
    'kind',
    [
      z.object({ kind: z.literal('shipped'), key: z.enum(shippedInstrumentKeys, { error: 'validation.invalid' }) }),
      z.object({ kind: z.literal('custom'), seqCustomQuestionnaire: idField }),
    ],
    { error: 'validation.invalid' },
  ),
);
export type InstrumentRef = z.infer<typeof instrumentRef>;

/**
 * A FHIR R4 resource as stored (a Questionnaire or a QuestionnaireResponse): its shape is the
 * standard's, its types are `OutcomeQuestionnaire` and `OutcomeQuestionnaireResponse`.
 */
const fhirResource = <T extends string>(resourceType: T) =>
  z.looseObject({ resourceType: z.literal(resourceType), item: z.array(z.looseObject({ linkId: z.string() })) });

export type OutcomeQuestionnaireResponse = Omit<QuestionnaireResponse, 'item'> & {
  resourceType: 'QuestionnaireResponse';
  questionnaire: string;
  authored: string;
  item: z.infer<typeof answerItem>[];
};

const scale = {
  mcid: z.number(),
  direction: z.enum(scoreDirections),
  range: z.object({ min: z.number(), max: z.number() }),
};

/** An instrument a clinician can send, with the languages its own text is in. */
export const instrumentSummary = z.lazy(() =>
  z.object({
    instrument: instrumentRef,
    title: z.string(),
    languages: z.array(z.enum(languages)),
    itemCount: z.number().int(),
    ...scale,
    copyright: z.string().nullable(),
    /** A custom questionnaire's licence confirmation: when its clinician confirmed it. */
    licenceConfirmedAt: z.string().nullable(),
  }),
);
export type InstrumentSummary = z.infer<typeof instrumentSummary>;

/**
 * Where a questionnaire a schedule made stands: not due yet, due, overdue (unanswered a week after it
 * was due: an alert on the clinician's worklist), answered, or withdrawn.
 */
export const questionnaireRequestStates = ['scheduled', 'due', 'overdue', 'answered', 'cancelled'] as const;

export const questionnaireRequest = z.lazy(() =>
  z.object({
    seqQuestionnaireRequest: z.number().int(),
    seqQuestionnaireSchedule: z.number().int(),
    /** The visit it is sent before, for "before each visit". */
    seqSchedule: z.number().int().nullable(),
    state: z.enum(questionnaireRequestStates),
    dueAt: z.string(),
    notifiedAt: z.string().nullable(),
    remindedAt: z.string().nullable(),
    /** When it was found overdue and an alert raised on the clinician's worklist. */
    overdueAt: z.string().nullable(),
    seqQuestionnaireResponse: z.number().int().nullable(),
    cancelledAt: z.string().nullable(),
  }),
);
export type QuestionnaireRequest = z.infer<typeof questionnaireRequest>;

export const questionnaireSchedule = z.lazy(() =>
  z.object({
    seqQuestionnaireSchedule: z.number().int(),
    seqMedicalRelation: z.number().int(),
    instrument: instrumentRef,
    title: z.string(),
    cadence: questionnaireCadence,
    /** The clinician's time zone the cadence's days and times are in. */
    timeZone: z.string(),
    createdAt: z.string(),
    createdBy: z.string(),
    cancelledAt: z.string().nullable(),
    /** Its questionnaires not answered and not withdrawn: those to come and those due. */
    openRequests: z.array(questionnaireRequest),
    answeredCount: z.number().int(),
  }),
);
export type QuestionnaireScheduleView = z.infer<typeof questionnaireSchedule>;

/** A response as the clinician's history lists it, with its score for the chart. */
export const questionnaireResponseSummary = z.lazy(() =>
  z.object({
    seqQuestionnaireResponse: z.number().int(),
    seqQuestionnaireRequest: z.number().int(),
    instrument: instrumentRef,
    title: z.string(),
    /** When the patient filled it in (it may have reached the server later, sent from the outbox). */
    authoredAt: z.string(),
    receivedAt: z.string(),
    score: z.number().nullable(),
    /** Why it has no score: more items missing than its rule allows, or answers that do not fit. */
    noScore: z.object({ reason: z.enum(['missing', 'invalid']), linkIds: z.array(z.string()) }).nullable(),
    /** The score's change from the instrument's baseline, positive when better whatever the direction. */
    improvement: z.number().nullable(),
    /** The improvement from the baseline reaches the minimal clinically important change. */
    improvedBeyondMcid: z.boolean(),
    /** Null: the patient's own; else the clinician who entered it in place of another. */
    enteredBy: z.string().nullable(),
    /** The response this one replaces. */
    supersedes: z.number().int().nullable(),
    superseded: z
      .object({
        by: z.number().int().nullable(),
        at: z.string(),
        clinicianName: z.string(),
        reason: z.string(),
      })
      .nullable(),
  }),
);
export type QuestionnaireResponseSummary = z.infer<typeof questionnaireResponseSummary>;

/** One instrument of a patient's history: its scale and the baseline the MCID band starts from. */
export const instrumentHistory = z.lazy(() =>
  z.object({
    instrument: instrumentRef,
    title: z.string(),
    ...scale,
    /** The first scored response in force: the band of the minimal important change is drawn around it. */
    baseline: z
      .object({ seqQuestionnaireResponse: z.number().int(), score: z.number(), authoredAt: z.string() })
      .nullable(),
  }),
);
export type InstrumentHistory = z.infer<typeof instrumentHistory>;

const answers = z.lazy(() => z.array(answerItem).max(questionnaireLimits.answersMax, { error: 'validation.too_long' }));

/** A questionnaire as the patient's app lists it. */
export const myQuestionnaire = z.lazy(() =>
  z.object({
    seqQuestionnaireRequest: z.number().int(),
    seqMedicalRelation: z.number().int(),
    managerName: z.string(),
    /** In the patient's language where the questionnaire has a text in it. */
    title: z.string(),
    dueAt: z.string(),
    /** Due, overdue (a week past due), or already answered or withdrawn when opened from an old message. */
    state: z.enum(questionnaireRequestStates),
  }),
);
export type MyQuestionnaire = z.infer<typeof myQuestionnaire>;

export const listQuestionnaireInstruments = defineEndpoint({
  method: 'POST',
  path: '/questionnaire/listInstruments',
  access: 'manager',
  audit: false,
  tag,
  summary:
    "The instruments the clinician can send: the shipped ones, then the clinician's own, each with its languages",
  request: emptyRequest,
  get reply() {
    return success({ instrumentList: z.array(instrumentSummary) });
  },
});

export const getQuestionnaireInstrument = defineEndpoint({
  method: 'POST',
  path: '/questionnaire/getInstrument',
  access: 'manager',
  audit: false,
  tag,
  summary: 'One instrument the clinician can send, with its FHIR Questionnaire',
  get request() {
    return z.object({ instrument: instrumentRef });
  },
  get reply() {
    return success({ instrument: instrumentSummary, questionnaire: fhirResource('Questionnaire') });
  },
});

export const addCustomQuestionnaire = defineEndpoint({
  method: 'POST',
  path: '/questionnaire/addCustomQuestionnaire',
  access: 'manager',
  audit: false,
  tag,
  summary:
    "Adds a questionnaire of the clinician's own for an instrument their clinic holds a licence for; the licence must be confirmed",
  get request() {
    return z.object({ definition: customQuestionnaireDefinition });
  },
  get reply() {
    return success({ instrument: instrumentSummary });
  },
});

export const addQuestionnaireSchedule = defineEndpoint({
  method: 'POST',
  path: '/questionnaire/addSchedule',
  access: 'manager',
  audit: { action: 'create', entity: 'questionnaire_schedule' },
  tag,
  summary:
    "Sends an instrument to one of the clinician's patients who uses the app: now, every N days or weeks, or before each visit",
  get request() {
    return z.object({ seqMedicalRelation: idField, instrument: instrumentRef, cadence: questionnaireCadence });
  },
  get reply() {
    return reply({ schedule: questionnaireSchedule }, [FailedCode.NotAppMember]);
  },
});

export const cancelQuestionnaireSchedule = defineEndpoint({
  method: 'PUT',
  path: '/questionnaire/cancelSchedule',
  access: 'manager',
  audit: { action: 'update', entity: 'questionnaire_schedule' },
  tag,
  summary: 'Stops a schedule: its questionnaires not yet answered are withdrawn; those answered stay',
  get request() {
    return z.object({ seqQuestionnaireSchedule: idField });
  },
  get reply() {
    return success({ schedule: questionnaireSchedule });
  },
});

export const listQuestionnaireSchedules = defineEndpoint({
  method: 'POST',
  path: '/questionnaire/listSchedules',
  access: 'manager',
  audit: { action: 'read', entity: 'questionnaire_schedule' },
  tag,
  summary: "A patient's questionnaire schedules, newest first, each with its questionnaires still open",
  get request() {
    return z.object({ seqMedicalRelation: idField });
  },
  get reply() {
    return success({
      scheduleList: z.array(questionnaireSchedule),
      /** The language of the patient's app account, to tell the clinician when an instrument has no text in it. */
      patientLanguage: z.enum(languages).nullable().optional(),
    });
  },
});

export const listQuestionnaireResponses = defineEndpoint({
  method: 'POST',
  path: '/questionnaire/listResponses',
  access: 'manager',
  audit: { action: 'read', entity: 'questionnaire_response' },
  tag,
  summary:
    "A patient's responses, oldest first, with their scores, and each instrument's scale and baseline, for the history chart",
  get request() {
    return z.object({ seqMedicalRelation: idField });
  },
  get reply() {
    return success({
      responseList: z.array(questionnaireResponseSummary),
      instrumentList: z.array(instrumentHistory),
    });
  },
});

export const getQuestionnaireResponse = defineEndpoint({
  method: 'POST',
  path: '/questionnaire/getResponse',
  access: 'manager',
  audit: { action: 'read', entity: 'questionnaire_response' },
  tag,
  summary: 'One response with its answers (its FHIR QuestionnaireResponse) and the questionnaire they answer',
  get request() {
    return z.object({ seqQuestionnaireResponse: idField });
  },
  get reply() {
    return success({
      response: questionnaireResponseSummary,
      questionnaireResponse: fhirResource('QuestionnaireResponse'),
      questionnaire: fhirResource('Questionnaire'),
    });
  },
});

export const supersedeQuestionnaireResponse = defineEndpoint({
  method: 'PUT',
  path: '/questionnaire/supersedeResponse',
  access: 'manager',
  audit: { action: 'update', entity: 'questionnaire_response' },
  tag,
  summary:
    'Marks a response superseded, with a reason, and with corrected answers keeps a new response in its place; the original stays as it was',
  get request() {
    return z.object({
      seqQuestionnaireResponse: idField,
      reason: z
        .string({ error: 'validation.required' })
        .trim()
        .min(1, { error: 'validation.required' })
        .max(questionnaireLimits.supersedeReasonMax, { error: 'validation.too_long' }),
      /** The corrected answers, checked like the patient's; none: the response is withdrawn from the chart. */
      answers: answers.optional(),
    });
  },
  get reply() {
    return reply({ response: questionnaireResponseSummary, replacement: questionnaireResponseSummary.nullable() }, [
      FailedCode.ResponseSuperseded,
      FailedCode.QuestionnaireVersionGone,
    ]);
  },
});

export const listMyQuestionnaires = defineEndpoint({
  method: 'POST',
  path: '/patientApp/listQuestionnaires',
  access: 'patient',
  audit: { action: 'read', entity: 'questionnaire_request' },
  tag: 'patientApp',
  summary: "The patient's questionnaires due and not answered, oldest first",
  request: emptyRequest,
  get reply() {
    return success({ questionnaireList: z.array(myQuestionnaire) });
  },
});

export const getMyQuestionnaire = defineEndpoint({
  method: 'POST',
  path: '/patientApp/getQuestionnaire',
  access: 'patient',
  audit: { action: 'read', entity: 'questionnaire_request' },
  tag: 'patientApp',
  summary:
    "One of the patient's due questionnaires, its FHIR Questionnaire in the patient's language where it has a text",
  get request() {
    return z.object({ seqQuestionnaireRequest: idField });
  },
  get reply() {
    return success({ questionnaire: myQuestionnaire, resource: fhirResource('Questionnaire') });
  },
});

export const addQuestionnaireResponse = defineEndpoint({
  method: 'POST',
  path: '/patientApp/addQuestionnaireResponse',
  access: 'patient',
  audit: { action: 'create', entity: 'questionnaire_response' },
  tag: 'patientApp',
  summary:
    "Answers one of the patient's due questionnaires; sent again with the same idempotency key, it answers the first result and keeps nothing new",
  get request() {
    return z.object({
      /** Chosen by the app when the answers are made, so that answers sent twice (offline, then replayed) are kept once. */
      idempotencyKey: z.uuid({ error: 'validation.invalid' }),
      seqQuestionnaireRequest: idField,
      answers,
      authoredAt: datetimeField,
    });
  },
  get reply() {
    return reply(
      {
        response: z.object({
          seqQuestionnaireResponse: z.number().int(),
          seqQuestionnaireRequest: z.number().int(),
          authoredAt: z.string(),
          receivedAt: z.string(),
        }),
      },
      [FailedCode.QuestionnaireAnswered, FailedCode.QuestionnaireWithdrawn, FailedCode.QuestionnaireVersionGone],
    );
  },
});

/** A text of a questionnaire in a language: its translation extension's content, else the text itself. */
function textIn(text: string | undefined, element: PrimitiveElement | undefined, language: Language) {
  const translation = element?.extension?.find(
    (extension) =>
      extension.url === fhirExtension.translation &&
      extension.extension?.some((part) => part.url === 'lang' && part.valueCode === language),
  );
  return translation?.extension?.find((part) => part.url === 'content')?.valueString ?? text;
}

/**
 * A questionnaire's texts in a language it has a text in, as the patient reads it; unchanged when
 * it has none in that language (its own language is shown, never a translation of ours).
 */
export function questionnaireIn(questionnaire: OutcomeQuestionnaire, language: Language): OutcomeQuestionnaire {
  if (questionnaire.language === language || !questionnaireLanguages(questionnaire).includes(language)) {
    return questionnaire;
  }
  const item = (entry: OutcomeItem): OutcomeItem => ({
    ...entry,
    ...(entry.text !== undefined && { text: textIn(entry.text, entry._text, language) }),
    ...(entry.answerOption && {
      answerOption: entry.answerOption.map((option) =>
        option.valueCoding
          ? {
              ...option,
              valueCoding: {
                ...option.valueCoding,
                display: textIn(option.valueCoding.display, option.valueCoding._display, language),
              },
            }
          : option,
      ),
    }),
  });
  return {
    ...questionnaire,
    language,
    ...(questionnaire.title !== undefined && { title: textIn(questionnaire.title, questionnaire._title, language) }),
    item: questionnaire.item.map(item),
  };
}
