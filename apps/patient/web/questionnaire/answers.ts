import {
  answerableItems,
  answersFor,
  type AnswerItem,
  type AnswerValue,
  type OutcomeItem,
  type OutcomeQuestionnaire,
} from '@clinic/contract';
import type { OutboxEntry } from '../offline/outbox-store.ts';

/** What the patient entered, by linkId: a choice's code, or a number or a text as typed. */
export type EnteredValues = Readonly<Record<string, string>>;

const isGiven = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';

/**
 * Whether an item is asked, by its enableWhen conditions. The instruments use the `exists` operator
 * only (a PSFS activity's rating is asked once the activity is named); an item with another
 * operator is shown, and the server's check has the last word.
 */
export function isAsked(item: OutcomeItem, values: EnteredValues): boolean {
  const conditions = item.enableWhen ?? [];
  if (conditions.length === 0 || conditions.some((condition) => condition.operator !== 'exists')) return true;
  const met = conditions.map((condition) => isGiven(values[condition.question]) === condition.answerBoolean);
  return item.enableBehavior === 'any' ? met.some(Boolean) : met.every(Boolean);
}

/** The items the screen shows, in order: the texts and the questions asked. */
export function shownItems(questionnaire: OutcomeQuestionnaire, values: EnteredValues): OutcomeItem[] {
  return questionnaire.item.filter((item) => item.type !== 'group' && isAsked(item, values));
}

function answerOf(item: OutcomeItem, value: string): AnswerValue {
  switch (item.type) {
    case 'choice': {
      const coding = item.answerOption?.find((option) => option.valueCoding?.code === value)?.valueCoding;
      return {
        valueCoding: {
          ...(coding?.system !== undefined && { system: coding.system }),
          code: value,
          ...(coding?.display !== undefined && { display: coding.display }),
        },
      };
    }
    case 'integer':
      return { valueInteger: Number(value.trim()) };
    case 'decimal':
      return { valueDecimal: Number(value.trim()) };
    default:
      return { valueString: value.trim() };
  }
}

/** The answers the entered values stand for, as QuestionnaireResponse items: only questions asked and answered. */
export function answersOf(questionnaire: OutcomeQuestionnaire, values: EnteredValues): AnswerItem[] {
  return answerableItems(questionnaire)
    .filter((item) => isAsked(item, values) && isGiven(values[item.linkId]))
    .map((item) => ({ linkId: item.linkId, answer: [answerOf(item, values[item.linkId]!)] }));
}

/** The first problem of each question (a translated message key by linkId), as the server would find them. */
export function answerErrors(
  questionnaire: OutcomeQuestionnaire,
  answers: readonly AnswerItem[],
): Record<string, string> {
  const parsed = answersFor(questionnaire).safeParse(answers);
  const errors: Record<string, string> = {};
  for (const issue of parsed.error?.issues ?? []) {
    const [first] = issue.path;
    const linkId = typeof first === 'number' ? answers[first]?.linkId : first;
    if (typeof linkId === 'string' && !(linkId in errors)) errors[linkId] = issue.message;
  }
  return errors;
}

/** The answers to a questionnaire still on this device, if any. */
export function entryOfRequest(
  entries: readonly OutboxEntry[],
  seqQuestionnaireRequest: number,
): OutboxEntry | undefined {
  return entries.findLast(
    (entry) =>
      typeof entry.body === 'object' &&
      entry.body !== null &&
      'seqQuestionnaireRequest' in entry.body &&
      entry.body.seqQuestionnaireRequest === seqQuestionnaireRequest,
  );
}
