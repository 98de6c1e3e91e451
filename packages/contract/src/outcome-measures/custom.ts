import { z } from 'zod';
import { languages, type Language } from '../rules.ts';
import { outcomeStringMax } from './answers.ts';
import {
  boundExtensions,
  fhirCanonicalBase,
  ordinalValue,
  translations,
  type OutcomeItem,
  type OutcomeQuestionnaire,
  type PrimitiveElement,
} from './fhir.ts';
import { scoreDirections, type OutcomeInstrument } from './instrument.ts';

/**
 * A questionnaire a clinician defines for an instrument their clinic holds a licence for
 * (QuickDASH, Oswestry, NDI, PROMIS short forms...). The product ships none of their texts; the
 * clinician types them, in one or more languages, and confirms the licence.
 */
export const customLimits = {
  titleMax: 200,
  textMax: 1000,
  optionsMax: 20,
  itemsMax: 100,
  copyrightMax: 2000,
  mcidMax: 1000,
} as const;

/** A text in each of the questionnaire's languages (which ones are checked with the whole definition). */
const localizedText = (max: number) =>
  z.partialRecord(
    z.enum(languages),
    z.string({ error: 'validation.required' }).trim().max(max, { error: 'validation.too_long' }),
  );
type LocalizedText = Partial<Record<Language, string>>;

const itemBase = { text: localizedText(customLimits.textMax), required: z.boolean() };
const finite = z.number({ error: 'validation.required' }).refine(Number.isFinite, { error: 'validation.invalid' });
const integer = z.number({ error: 'validation.required' }).int({ error: 'validation.integer' });
const minBelowMax = { error: 'validation.min_not_below_max', path: ['max'] };

export const customItem = z.lazy(() =>
  z.discriminatedUnion(
    'type',
    [
      z.object({
        type: z.literal('choice'),
        ...itemBase,
        options: z
          .array(z.object({ label: localizedText(customLimits.textMax), score: finite }))
          .min(2, { error: 'validation.options_too_few' })
          .max(customLimits.optionsMax, { error: 'validation.too_many_options' })
          // A single option is told it is too few, not that its scores are alike.
          .refine((options) => options.length < 2 || new Set(options.map((option) => option.score)).size > 1, {
            error: 'validation.option_scores_equal',
          }),
      }),
      z
        .object({ type: z.literal('integer'), ...itemBase, min: integer, max: integer })
        .refine((item) => item.min < item.max, minBelowMax),
      z
        .object({ type: z.literal('decimal'), ...itemBase, min: finite, max: finite })
        .refine((item) => item.min < item.max, minBelowMax),
      z.object({ type: z.literal('string'), ...itemBase }),
    ],
    { error: 'validation.invalid' },
  ),
);
export type CustomItem = z.infer<typeof customItem>;

export const customScoringRules = ['sum', 'mean', 'sumRescaled'] as const;

const isScored = (item: CustomItem): boolean => item.type !== 'string';

export const customQuestionnaireDefinition = z.lazy(() =>
  z
    .object({
      title: localizedText(customLimits.titleMax),
      /** The languages its texts are in; the first is the questionnaire's own. */
      languages: z
        .array(z.enum(languages, { error: 'validation.invalid' }))
        .min(1, { error: 'validation.required' })
        .refine((list) => new Set(list).size === list.length, { error: 'validation.invalid' }),
      items: z
        .array(customItem)
        .min(1, { error: 'validation.required' })
        .max(customLimits.itemsMax, { error: 'validation.too_many_questions' }),
      scoring: z.enum(customScoringRules, { error: 'validation.invalid' }),
      /** How many scored items may be left unanswered and the response still scored (prorated). */
      maxMissing: integer.min(0, { error: 'validation.out_of_range' }).default(0),
      mcid: z
        .number({ error: 'validation.required' })
        .gt(0, { error: 'validation.positive' })
        .max(customLimits.mcidMax, { error: 'validation.too_large' }),
      direction: z.enum(scoreDirections, { error: 'validation.invalid' }),
      /** The instrument's copyright and licence as the clinic holds it, shown with the questionnaire. */
      copyright: z.string().trim().max(customLimits.copyrightMax, { error: 'validation.too_long' }).optional(),
      licenceConfirmed: z.literal(true, { error: 'validation.licence_not_confirmed' }),
    })
    // Each text in each language, checked with the rest (not only once the rest is valid): a
    // definition with other problems still shows every text missing. Whatever else is malformed is
    // told by its own issue, so a part of the wrong shape is passed over here.
    .superRefine(
      (definition, context) => {
        const requireTexts = (text: unknown, path: (string | number)[]): void => {
          const given = typeof text === 'object' && text !== null ? (text as LocalizedText) : {};
          for (const language of definition.languages) {
            if (!given[language])
              context.addIssue({ code: 'custom', path: [...path, language], message: 'validation.required' });
          }
        };
        requireTexts(definition.title, ['title']);
        const items: unknown[] = Array.isArray(definition.items) ? definition.items : [];
        items.forEach((item, index) => {
          if (typeof item !== 'object' || item === null) return;
          const { text, options } = item as { text?: unknown; options?: unknown };
          requireTexts(text, ['items', index, 'text']);
          if (Array.isArray(options)) {
            options.forEach((option: unknown, optionIndex) =>
              requireTexts((option as { label?: unknown } | null)?.label, [
                'items',
                index,
                'options',
                optionIndex,
                'label',
              ]),
            );
          }
        });
      },
      {
        when: (payload) =>
          !payload.issues.some((issue) => issue.path?.[0] === 'languages') &&
          Array.isArray((payload.value as { languages?: unknown })?.languages),
      },
    )
    .superRefine((definition, context) => {
      const scored = definition.items.filter(isScored).length;
      if (scored === 0) context.addIssue({ code: 'custom', path: ['items'], message: 'validation.no_scored_item' });
      else if (definition.maxMissing >= scored) {
        context.addIssue({ code: 'custom', path: ['maxMissing'], message: 'validation.max_missing' });
      }
    }),
);
export type CustomQuestionnaireDefinition = z.infer<typeof customQuestionnaireDefinition>;

type TranslatedText<K extends string> = Record<K, string> & Partial<Record<`_${K}`, PrimitiveElement>>;

/**
 * The FHIR Questionnaire of a clinician's definition and its scoring, an instrument scored by the
 * same scoreResponse as the shipped ones. `id` is the server's id of the definition. Texts are in
 * the first language, with the others as translation extensions.
 */
export function customInstrument(definition: CustomQuestionnaireDefinition, id: string): OutcomeInstrument {
  const [primary] = definition.languages as [Language, ...Language[]];
  const url = `${fhirCanonicalBase}/Questionnaire/custom-${id}`;
  const answerSystem = `${fhirCanonicalBase}/CodeSystem/custom-${id}-answers`;
  const texts = (text: LocalizedText): LocalizedText =>
    Object.fromEntries(definition.languages.map((language) => [language, text[language]]));
  /** A text in the first language, with its translations in the `_` element beside it. */
  const text = <K extends 'text' | 'display' | 'title'>(key: K, value: LocalizedText): TranslatedText<K> => {
    const extension = translations(texts(value), primary);
    return { [key]: value[primary] ?? '', ...(extension ? { [`_${key}`]: extension } : {}) } as TranslatedText<K>;
  };

  const items = definition.items.map((item, index): OutcomeItem => {
    const base = { linkId: `item-${index + 1}`, ...text('text', item.text), type: item.type, required: item.required };
    switch (item.type) {
      case 'choice':
        return {
          ...base,
          answerOption: item.options.map((option, optionIndex) => ({
            valueCoding: {
              system: answerSystem,
              code: `${index + 1}.${optionIndex + 1}`,
              ...text('display', option.label),
              extension: [ordinalValue(option.score)],
            },
          })),
        };
      case 'integer':
      case 'decimal':
        return { ...base, extension: boundExtensions(item.type, item.min, item.max) };
      case 'string':
        return { ...base, maxLength: outcomeStringMax };
    }
  });

  const questionnaire: OutcomeQuestionnaire = {
    resourceType: 'Questionnaire',
    id: `custom-${id}`,
    url,
    ...text('title', definition.title),
    status: 'active',
    language: primary,
    subjectType: ['Patient'],
    ...(definition.copyright ? { copyright: definition.copyright } : {}),
    item: items,
  };
  return {
    questionnaire,
    scoring: {
      kind: definition.scoring,
      items: items.filter((_, index) => isScored(definition.items[index]!)).map((item) => item.linkId),
      maxMissing: definition.maxMissing,
    },
    mcid: definition.mcid,
    direction: definition.direction,
  };
}
