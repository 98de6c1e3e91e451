import { z } from 'zod';
import type { MessageKey } from '../messages/index.ts';
import { answerableItems, itemBound, type OutcomeItem, type OutcomeQuestionnaire } from './fhir.ts';

/** The longest text a free-text answer may have when its item sets no maxLength. */
export const outcomeStringMax = 500;
/** The most answers one response may carry. */
export const outcomeAnswersMax = 200;

/**
 * A patient's answers in the shape of FHIR QuestionnaireResponse items (linkId and answer[]), so
 * the server can keep them as the resource. One value per answer, named by its FHIR type.
 */
export const answerValue = z.lazy(() =>
  z
    .object({
      valueCoding: z.object({
        system: z.string().max(200).optional(),
        code: z.string().min(1).max(100),
        display: z.string().max(500).optional(),
      }),
      valueInteger: z.number(),
      valueDecimal: z.number(),
      valueString: z.string().max(outcomeStringMax * 4, { error: 'validation.too_long' }),
    })
    .partial()
    .strict()
    .refine((value) => Object.keys(value).length === 1, { error: 'validation.answer_type' }),
);
export type AnswerValue = z.infer<typeof answerValue>;

export const answerItem = z.lazy(() =>
  z.object({
    linkId: z.string().min(1).max(100),
    answer: z.array(answerValue).max(1, { error: 'validation.answer_repeated' }),
  }),
);
export type AnswerItem = z.infer<typeof answerItem>;

export interface AnswerIssue {
  linkId: string;
  message: MessageKey;
}

export const hasValue = (answer: AnswerValue | undefined): answer is AnswerValue =>
  answer !== undefined && !(answer.valueString !== undefined && answer.valueString.trim() === '');

/** The item's option a coding names: its code, from the option's system when it names one. */
const optionOf = (item: OutcomeItem | undefined, coding: NonNullable<AnswerValue['valueCoding']>) =>
  item?.answerOption?.find(
    (option) =>
      option.valueCoding?.code === coding.code &&
      (coding.system === undefined || option.valueCoding.system === coding.system),
  )?.valueCoding;

/** Why an answer does not fit its item, or undefined when it does. */
export function answerProblem(item: OutcomeItem, answer: AnswerValue): MessageKey | undefined {
  const min = itemBound(item, 'minValue');
  const max = itemBound(item, 'maxValue');
  const outOfRange = (value: number): boolean =>
    (min !== undefined && value < min) || (max !== undefined && value > max);
  switch (item.type) {
    case 'choice': {
      const coding = answer.valueCoding;
      if (!coding) return 'validation.answer_type';
      return optionOf(item, coding) ? undefined : 'validation.answer_option';
    }
    case 'integer':
      if (answer.valueInteger === undefined) return 'validation.answer_type';
      if (!Number.isInteger(answer.valueInteger)) return 'validation.integer';
      return outOfRange(answer.valueInteger) ? 'validation.out_of_range' : undefined;
    case 'decimal':
      if (answer.valueDecimal === undefined) return 'validation.answer_type';
      if (!Number.isFinite(answer.valueDecimal) || outOfRange(answer.valueDecimal)) return 'validation.out_of_range';
      return undefined;
    case 'string':
      if (answer.valueString === undefined) return 'validation.answer_type';
      return answer.valueString.trim().length > (item.maxLength ?? outcomeStringMax)
        ? 'validation.too_long'
        : undefined;
    default:
      return 'validation.answer_type';
  }
}

/**
 * An item is asked unless its enableWhen conditions say otherwise. Only the `exists` operator is
 * used (an optional PSFS activity's rating is asked once the activity is named).
 */
function isEnabled(item: OutcomeItem, answered: ReadonlySet<string>): boolean {
  if (!item.enableWhen?.length) return true;
  const met = item.enableWhen.map((condition) => {
    if (condition.operator !== 'exists') throw new Error(`Unsupported enableWhen operator ${condition.operator}`);
    return answered.has(condition.question) === condition.answerBoolean;
  });
  return item.enableBehavior === 'any' ? met.some(Boolean) : met.every(Boolean);
}

/**
 * The problems of a set of answers against a questionnaire, each with the linkId it concerns and
 * a translated message key: an answer to no item or to an item not asked, an item answered
 * twice, a value of the wrong type, out of range or not among the options, a required item left
 * unanswered. No problems means the answers may be kept.
 */
export function validateAnswers(questionnaire: OutcomeQuestionnaire, answers: readonly AnswerItem[]): AnswerIssue[] {
  const issues: AnswerIssue[] = [];
  const items = new Map(answerableItems(questionnaire).map((item) => [item.linkId, item]));
  // Every item sent counts, a blank one too: the same item twice is refused whatever it holds.
  const sent = new Set<string>();
  const answered = new Set<string>();
  for (const { linkId, answer } of answers) {
    const item = items.get(linkId);
    if (!item) issues.push({ linkId, message: 'validation.answer_unknown_item' });
    else if (sent.has(linkId)) issues.push({ linkId, message: 'validation.answer_repeated' });
    else if (hasValue(answer[0])) {
      const problem = answerProblem(item, answer[0]);
      if (problem) issues.push({ linkId, message: problem });
      answered.add(linkId);
    }
    sent.add(linkId);
  }
  for (const item of items.values()) {
    const enabled = isEnabled(item, answered);
    if (!enabled && answered.has(item.linkId))
      issues.push({ linkId: item.linkId, message: 'validation.answer_not_asked' });
    if (enabled && item.required && !answered.has(item.linkId)) {
      issues.push({ linkId: item.linkId, message: 'validation.required' });
    }
  }
  return issues;
}

/** A request field of answers to this questionnaire: each problem becomes an issue at the item's linkId. */
export function answersFor(questionnaire: OutcomeQuestionnaire): z.ZodType<AnswerItem[]> {
  return z
    .array(answerItem)
    .max(outcomeAnswersMax, { error: 'validation.too_long' })
    .superRefine((answers, context) => {
      for (const issue of validateAnswers(questionnaire, answers)) {
        context.addIssue({ code: 'custom', path: [issue.linkId], message: issue.message });
      }
    });
}

/**
 * Validated answers as they are kept: blank ones left out, texts trimmed, and each coding the
 * questionnaire's own option (its system, code and display), whatever the app sent beside the code.
 */
export function keptAnswers(questionnaire: OutcomeQuestionnaire, answers: readonly AnswerItem[]): AnswerItem[] {
  const items = new Map(answerableItems(questionnaire).map((item) => [item.linkId, item]));
  return answers.flatMap(({ linkId, answer: [value] }): AnswerItem[] => {
    if (!hasValue(value)) return [];
    if (value.valueString !== undefined) return [{ linkId, answer: [{ valueString: value.valueString.trim() }] }];
    const coding = value.valueCoding;
    if (!coding) return [{ linkId, answer: [value] }];
    const option = optionOf(items.get(linkId), coding);
    if (!option) throw new Error('keptAnswers takes answers validateAnswers found no problem with');
    const { system, code, display } = option;
    return [{ linkId, answer: [{ valueCoding: { system, code: code!, display } }] }];
  });
}
