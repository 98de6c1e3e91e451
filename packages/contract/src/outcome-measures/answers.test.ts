import { describe, expect, it } from 'vitest';
import { answerItem, answersFor, keptAnswers, validateAnswers, type AnswerItem } from './answers.ts';
import { koosJr, lefs, psfs } from './index.ts';

const severity = (linkId: string, code: string): AnswerItem => ({
  linkId,
  answer: [{ valueCoding: { system: 'http://clinic.localhost/fhir/CodeSystem/koos-severity', code } }],
});
const completeKoosJr = (): AnswerItem[] => koosJr.scoring.items.map((linkId) => severity(linkId, 'mild'));
const text = (linkId: string, value: string): AnswerItem => ({ linkId, answer: [{ valueString: value }] });
const rating = (linkId: string, value: number): AnswerItem => ({ linkId, answer: [{ valueInteger: value }] });
const threeActivities = (): AnswerItem[] => [
  text('activity-1', 'Climbing stairs'),
  rating('rating-1', 3),
  text('activity-2', 'Kneeling'),
  rating('rating-2', 5),
  text('activity-3', 'Running'),
  rating('rating-3', 1),
];

describe('validateAnswers', () => {
  it('accepts complete answers', () => {
    expect(validateAnswers(koosJr.questionnaire, completeKoosJr())).toEqual([]);
    expect(validateAnswers(psfs.questionnaire, threeActivities())).toEqual([]);
  });

  it('names each required item left unanswered, a blank text being no answer', () => {
    const answers = completeKoosJr().filter((answer) => answer.linkId !== 'koosjr-4');
    expect(validateAnswers(koosJr.questionnaire, answers)).toEqual([
      { linkId: 'koosjr-4', message: 'validation.required' },
    ]);
    const blank = threeActivities().map((answer) =>
      answer.linkId === 'activity-2' ? text('activity-2', '  ') : answer,
    );
    expect(validateAnswers(psfs.questionnaire, blank)).toContainEqual({
      linkId: 'activity-2',
      message: 'validation.required',
    });
  });

  it('refuses a code that is not among the options, or from another code system', () => {
    const answers = completeKoosJr();
    answers[0] = severity('koosjr-1', 'unbearable');
    answers[1] = { linkId: 'koosjr-2', answer: [{ valueCoding: { system: 'http://loinc.org', code: 'mild' } }] };
    expect(validateAnswers(koosJr.questionnaire, answers)).toEqual([
      { linkId: 'koosjr-1', message: 'validation.answer_option' },
      { linkId: 'koosjr-2', message: 'validation.answer_option' },
    ]);
  });

  it('refuses a value out of range or not whole', () => {
    const answers = threeActivities();
    answers[1] = rating('rating-1', 11);
    answers[3] = rating('rating-2', -1);
    answers[5] = rating('rating-3', 2.5);
    expect(validateAnswers(psfs.questionnaire, answers)).toEqual([
      { linkId: 'rating-1', message: 'validation.out_of_range' },
      { linkId: 'rating-2', message: 'validation.out_of_range' },
      { linkId: 'rating-3', message: 'validation.integer' },
    ]);
  });

  it('refuses a value of the wrong type', () => {
    const answers = threeActivities();
    answers[1] = { linkId: 'rating-1', answer: [{ valueString: '7' }] };
    answers[2] = rating('activity-2', 4);
    const lefsAnswers = lefs.scoring.items.map((linkId) => rating(linkId, 4));
    expect(validateAnswers(psfs.questionnaire, answers)).toEqual([
      { linkId: 'rating-1', message: 'validation.answer_type' },
      { linkId: 'activity-2', message: 'validation.answer_type' },
    ]);
    expect(validateAnswers(lefs.questionnaire, lefsAnswers)).toHaveLength(20);
  });

  it('refuses an item sent twice when the first was blank', () => {
    const answers = [text('activity-1', ' '), ...threeActivities()];
    expect(validateAnswers(psfs.questionnaire, answers)).toContainEqual({
      linkId: 'activity-1',
      message: 'validation.answer_repeated',
    });
  });

  it('refuses an answer to no item, to a display text, or to an item twice', () => {
    const answers = [
      ...completeKoosJr(),
      severity('koosjr-9', 'mild'),
      text('pain', 'x'),
      severity('koosjr-1', 'none'),
    ];
    expect(validateAnswers(koosJr.questionnaire, answers)).toEqual([
      { linkId: 'koosjr-9', message: 'validation.answer_unknown_item' },
      { linkId: 'pain', message: 'validation.answer_unknown_item' },
      { linkId: 'koosjr-1', message: 'validation.answer_repeated' },
    ]);
  });

  it('asks a fourth rating once the fourth activity is named, and refuses it otherwise', () => {
    const named = [...threeActivities(), text('activity-4', 'Cycling')];
    expect(validateAnswers(psfs.questionnaire, named)).toEqual([
      { linkId: 'rating-4', message: 'validation.required' },
    ]);
    expect(validateAnswers(psfs.questionnaire, [...named, rating('rating-4', 6)])).toEqual([]);
    expect(validateAnswers(psfs.questionnaire, [...threeActivities(), rating('rating-5', 6)])).toEqual([
      { linkId: 'rating-5', message: 'validation.answer_not_asked' },
    ]);
  });

  it('refuses a text longer than its item allows', () => {
    const answers = threeActivities();
    answers[0] = text('activity-1', 'x'.repeat(101));
    expect(validateAnswers(psfs.questionnaire, answers)).toEqual([
      { linkId: 'activity-1', message: 'validation.too_long' },
    ]);
  });
});

describe('answersFor', () => {
  it('parses valid answers unchanged', () => {
    expect(answersFor(koosJr.questionnaire).parse(completeKoosJr())).toEqual(completeKoosJr());
  });

  it('reports each problem as a zod issue at the item with its message key', () => {
    const answers = completeKoosJr().slice(1);
    answers[0] = severity('koosjr-2', 'unbearable');
    const result = answersFor(koosJr.questionnaire).safeParse(answers);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ['koosjr-2'], message: 'validation.answer_option' },
      { path: ['koosjr-1'], message: 'validation.required' },
    ]);
  });

  it('refuses an answer with two values or none named', () => {
    expect(
      answerItem.safeParse({ linkId: 'a', answer: [{ valueInteger: 1, valueString: '1' }] }).error?.issues[0]?.message,
    ).toBe('validation.answer_type');
    expect(answerItem.safeParse({ linkId: 'a', answer: [{ valueBoolean: true }] }).success).toBe(false);
    expect(
      answerItem.safeParse({ linkId: 'a', answer: [{ valueInteger: 1 }, { valueInteger: 2 }] }).error?.issues[0]
        ?.message,
    ).toBe('validation.answer_repeated');
  });
});

describe('keptAnswers', () => {
  it('keeps each coding as the questionnaire has it, texts trimmed and blank answers left out', () => {
    const answers: AnswerItem[] = [
      { linkId: 'koosjr-1', answer: [{ valueCoding: { code: 'mild', display: 'Whatever the app said' } }] },
      text('activity-4', '  '),
      text('activity-1', ' Climbing stairs '),
    ];
    expect(keptAnswers(psfs.questionnaire, answers.slice(1))).toEqual([text('activity-1', 'Climbing stairs')]);
    const [kept] = keptAnswers(koosJr.questionnaire, answers.slice(0, 1));
    const option = koosJr.questionnaire.item
      .find((item) => item.linkId === 'koosjr-1')
      ?.answerOption?.find((candidate) => candidate.valueCoding?.code === 'mild')?.valueCoding;
    expect(kept?.answer).toEqual([{ valueCoding: { system: option?.system, code: 'mild', display: option?.display } }]);
    expect(option?.display).not.toBe('Whatever the app said');
  });
});
