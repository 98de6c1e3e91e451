import { describe, expect, it } from 'vitest';
import type { AnswerItem } from './answers.ts';
import { validateAnswers } from './answers.ts';
import {
  customInstrument,
  customQuestionnaireDefinition,
  type CustomItem,
  type CustomQuestionnaireDefinition,
} from './custom.ts';
import { fhirCanonicalBase, fhirExtension, optionScore, questionnaireLanguages } from './fhir.ts';
import { scoreRange } from './instrument.ts';
import { scoreResponse } from './scoring.ts';

const choice = (text: string): CustomItem => ({
  type: 'choice',
  text: { en: text },
  required: false,
  options: [1, 2, 3, 4, 5].map((score) => ({ label: { en: `Level ${score}` }, score })),
});

function definition(overrides: Partial<CustomQuestionnaireDefinition> = {}): CustomQuestionnaireDefinition {
  return customQuestionnaireDefinition.parse({
    title: { en: 'Arm function' },
    languages: ['en'],
    items: [choice('Reaching up'), choice('Carrying a bag'), choice('Writing'), choice('Sleeping')],
    scoring: 'sum',
    mcid: 8,
    direction: 'lowerIsBetter',
    copyright: 'Used under the clinic licence.',
    licenceConfirmed: true,
    ...overrides,
  });
}

/** Answers choosing option number `level` (1-based) on each choice item, null for none. */
const levels = (levels: readonly (number | null)[]): AnswerItem[] =>
  levels.flatMap((level, index) =>
    level === null
      ? []
      : [{ linkId: `item-${index + 1}`, answer: [{ valueCoding: { code: `${index + 1}.${level}` } }] }],
  );

const issues = (input: unknown): { path: PropertyKey[]; message: string }[] =>
  customQuestionnaireDefinition.safeParse(input).error?.issues.map(({ path, message }) => ({ path, message })) ?? [];

describe('customInstrument', () => {
  it('scores the sum, prorating the items allowed to be missing', () => {
    const instrument = customInstrument(definition({ maxMissing: 1 }), '12');
    expect(scoreRange(instrument)).toEqual({ min: 4, max: 20 });
    expect(scoreResponse(instrument, levels([1, 1, 1, 1]))).toMatchObject({ scored: true, score: 4 });
    expect(scoreResponse(instrument, levels([5, 5, 5, 5]))).toMatchObject({ scored: true, score: 20 });
    expect(scoreResponse(instrument, levels([2, 3, null, 4]))).toMatchObject({ scored: true, score: 12, answered: 3 });
    expect(scoreResponse(instrument, levels([2, null, null, 4]))).toMatchObject({
      scored: false,
      reason: 'missing',
      linkIds: ['item-2', 'item-3'],
      maxMissing: 1,
      direction: 'lowerIsBetter',
      mcid: 8,
    });
  });

  it('scores the mean of numbers given', () => {
    const instrument = customInstrument(
      definition({
        scoring: 'mean',
        maxMissing: 1,
        items: [
          { type: 'integer', text: { en: 'Pain at rest' }, required: true, min: 0, max: 10 },
          { type: 'decimal', text: { en: 'Pain walking' }, required: false, min: 0, max: 10 },
          { type: 'string', text: { en: 'Anything else?' }, required: false },
        ],
      }),
      '13',
    );
    expect(instrument.scoring.items).toEqual(['item-1', 'item-2']);
    expect(scoreRange(instrument)).toEqual({ min: 0, max: 10 });
    const answers: AnswerItem[] = [
      { linkId: 'item-1', answer: [{ valueInteger: 3 }] },
      { linkId: 'item-2', answer: [{ valueDecimal: 4.5 }] },
      { linkId: 'item-3', answer: [{ valueString: 'Worse in the evening' }] },
    ];
    expect(validateAnswers(instrument.questionnaire, answers)).toEqual([]);
    expect(scoreResponse(instrument, answers)).toMatchObject({ scored: true, score: 3.75 });
    expect(scoreResponse(instrument, answers.slice(0, 1))).toMatchObject({ scored: true, score: 3 });
    expect(scoreResponse(instrument, [])).toMatchObject({ scored: false, reason: 'missing' });
  });

  it('rescales the sum to 0-100 between the lowest and highest sums of the items answered', () => {
    const instrument = customInstrument(definition({ scoring: 'sumRescaled', maxMissing: 1 }), '14');
    expect(scoreRange(instrument)).toEqual({ min: 0, max: 100 });
    expect(scoreResponse(instrument, levels([1, 1, 1, 1]))).toMatchObject({ scored: true, score: 0 });
    expect(scoreResponse(instrument, levels([5, 5, 5, 5]))).toMatchObject({ scored: true, score: 100 });
    expect(scoreResponse(instrument, levels([3, 3, 3, 3]))).toMatchObject({ scored: true, score: 50 });
    // One missing: ((2 + 3 + 4) / 3 - 1) * 25, as QuickDASH prorates.
    expect(scoreResponse(instrument, levels([2, 3, null, 4]))).toMatchObject({ scored: true, score: 50, answered: 3 });
  });

  it('makes a FHIR Questionnaire with the texts in every language and a score on every option', () => {
    const { questionnaire } = customInstrument(
      definition({
        title: { en: 'Arm function', cs: 'Funkce paže' },
        languages: ['en', 'cs'],
        items: [
          {
            type: 'choice',
            text: { en: 'Reaching up', cs: 'Natahování nahoru' },
            required: true,
            options: [
              { label: { en: 'Easy', cs: 'Snadno' }, score: 0 },
              { label: { en: 'Hard', cs: 'Obtížně' }, score: 2 },
            ],
          },
          { type: 'integer', text: { en: 'Pain', cs: 'Bolest' }, required: true, min: 0, max: 10 },
        ],
      }),
      '15',
    );
    expect(questionnaire).toMatchObject({
      resourceType: 'Questionnaire',
      id: 'custom-15',
      url: `${fhirCanonicalBase}/Questionnaire/custom-15`,
      status: 'active',
      language: 'en',
      title: 'Arm function',
      copyright: 'Used under the clinic licence.',
    });
    expect(questionnaireLanguages(questionnaire)).toEqual(['en', 'cs']);
    const [reaching, pain] = questionnaire.item;
    expect(reaching?._text?.extension).toEqual([
      {
        url: fhirExtension.translation,
        extension: [
          { url: 'lang', valueCode: 'cs' },
          { url: 'content', valueString: 'Natahování nahoru' },
        ],
      },
    ]);
    expect(reaching?.answerOption?.map((option) => [option.valueCoding?.display, optionScore(option)])).toEqual([
      ['Easy', 0],
      ['Hard', 2],
    ]);
    expect(reaching?.answerOption?.[1]?.valueCoding?._display?.extension?.[0]?.extension?.[1]?.valueString).toBe(
      'Obtížně',
    );
    expect(pain?.extension).toEqual([
      { url: fhirExtension.minValue, valueInteger: 0 },
      { url: fhirExtension.maxValue, valueInteger: 10 },
    ]);
    expect(new Set(questionnaire.item.map((item) => item.linkId)).size).toBe(2);
  });
});

describe('customQuestionnaireDefinition', () => {
  const valid = {
    title: { en: 'Arm function' },
    languages: ['en'],
    items: [choice('Reaching up')],
    scoring: 'sum',
    mcid: 8,
    direction: 'lowerIsBetter',
    licenceConfirmed: true,
  };

  it('needs the licence confirmed', () => {
    expect(issues({ ...valid, licenceConfirmed: false })).toEqual([
      { path: ['licenceConfirmed'], message: 'validation.licence_not_confirmed' },
    ]);
    const { licenceConfirmed: _, ...unconfirmed } = valid;
    expect(issues(unconfirmed)).toEqual([{ path: ['licenceConfirmed'], message: 'validation.licence_not_confirmed' }]);
  });

  it('needs every text in every language of the questionnaire', () => {
    expect(issues({ ...valid, languages: ['en', 'ko'], title: { en: 'Arm function', ko: '팔 기능' } })).toEqual([
      { path: ['items', 0, 'text', 'ko'], message: 'validation.required' },
      ...[0, 1, 2, 3, 4].map((option) => ({
        path: ['items', 0, 'options', option, 'label', 'ko'],
        message: 'validation.required',
      })),
    ]);
    expect(issues({ ...valid, title: { en: '  ' } })).toEqual([
      { path: ['title', 'en'], message: 'validation.required' },
    ]);
  });

  it('tells the texts missing in the same pass as the other problems', () => {
    expect(issues({ ...valid, title: {}, mcid: 0, licenceConfirmed: false })).toEqual([
      { path: ['mcid'], message: 'validation.positive' },
      { path: ['licenceConfirmed'], message: 'validation.licence_not_confirmed' },
      { path: ['title', 'en'], message: 'validation.required' },
    ]);
  });

  it('refuses bounds in the wrong order, too few options and options that all score the same', () => {
    const items = [
      { type: 'integer', text: { en: 'Pain' }, required: true, min: 10, max: 0 },
      { type: 'choice', text: { en: 'Side' }, required: true, options: [{ label: { en: 'Left' }, score: 1 }] },
      {
        type: 'choice',
        text: { en: 'Side' },
        required: true,
        options: [
          { label: { en: 'Left' }, score: 1 },
          { label: { en: 'Right' }, score: 1 },
        ],
      },
      { type: 'integer', text: { en: 'Count' }, required: true, min: 0.5, max: 3 },
    ];
    expect(issues({ ...valid, items })).toEqual([
      { path: ['items', 0, 'max'], message: 'validation.min_not_below_max' },
      { path: ['items', 1, 'options'], message: 'validation.options_too_few' },
      { path: ['items', 2, 'options'], message: 'validation.option_scores_equal' },
      { path: ['items', 3, 'min'], message: 'validation.integer' },
    ]);
  });

  it('needs a scored item, and fewer items allowed missing than are scored', () => {
    expect(issues({ ...valid, items: [{ type: 'string', text: { en: 'Notes' }, required: false }] })).toEqual([
      { path: ['items'], message: 'validation.no_scored_item' },
    ]);
    expect(issues({ ...valid, maxMissing: 1 })).toEqual([{ path: ['maxMissing'], message: 'validation.max_missing' }]);
  });

  it('refuses an unknown scoring rule, item type, language or direction, and a minimal change of 0', () => {
    expect(
      issues({
        ...valid,
        scoring: 'median',
        languages: ['fr'],
        items: [{ type: 'date', text: { en: 'When?' }, required: true }],
        direction: 'up',
        mcid: 0,
      }).map((issue) => issue.message),
    ).toEqual([
      'validation.invalid',
      'validation.invalid',
      'validation.invalid',
      'validation.positive',
      'validation.invalid',
    ]);
  });
});
