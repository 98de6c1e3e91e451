import { describe, expect, it } from 'vitest';
import type { AnswerItem } from './answers.ts';
import { optionScore } from './fhir.ts';
import type { OutcomeInstrument } from './instrument.ts';
import { hoosJr, koosJr, lefs, psfs } from './index.ts';
import { scoreResponse } from './scoring.ts';

/** The answer choosing the option that scores `score` on a choice item. */
function choose(instrument: OutcomeInstrument, linkId: string, score: number): AnswerItem {
  const item = instrument.questionnaire.item.find((candidate) => candidate.linkId === linkId);
  const option = item?.answerOption?.find((candidate) => optionScore(candidate) === score);
  if (!option?.valueCoding) throw new Error(`${linkId} has no option scoring ${score}`);
  const { system, code } = option.valueCoding;
  return { linkId, answer: [{ valueCoding: { system, code: code! } }] };
}

/** Choice answers whose scores are `scores`, one per scored item in order. */
const chooseEach = (instrument: OutcomeInstrument, scores: readonly number[]): AnswerItem[] =>
  scores.map((score, index) => choose(instrument, instrument.scoring.items[index]!, score));

const allAt = (instrument: OutcomeInstrument, score: number): AnswerItem[] =>
  chooseEach(
    instrument,
    instrument.scoring.items.map(() => score),
  );

/** Item scores adding up to `raw`, filling items to 4 from the first. */
const rawSum = (instrument: OutcomeInstrument, raw: number): AnswerItem[] =>
  chooseEach(
    instrument,
    instrument.scoring.items.map((_, index) => Math.min(4, Math.max(0, raw - index * 4))),
  );

const psfsAnswers = (ratings: readonly number[]): AnswerItem[] =>
  ratings.flatMap((rating, index) => [
    { linkId: `activity-${index + 1}`, answer: [{ valueString: `Activity ${index + 1}` }] },
    { linkId: `rating-${index + 1}`, answer: [{ valueInteger: rating }] },
  ]);

const scoreOf = (instrument: OutcomeInstrument, answers: AnswerItem[]): number | undefined => {
  const result = scoreResponse(instrument, answers);
  return result.scored ? result.score : undefined;
};

describe('PSFS', () => {
  it('scores the mean of the ratings, from 0 to 10', () => {
    expect(scoreOf(psfs, psfsAnswers([0, 0, 0]))).toBe(0);
    expect(scoreOf(psfs, psfsAnswers([10, 10, 10, 10, 10]))).toBe(10);
    expect(scoreOf(psfs, psfsAnswers([4, 6, 8, 2]))).toBe(5);
    expect(scoreOf(psfs, psfsAnswers([7, 6, 7]))).toBe(6.667);
  });

  it('scores three activities of five, and refuses two', () => {
    expect(scoreResponse(psfs, psfsAnswers([3, 5, 7]))).toMatchObject({ scored: true, score: 5, answered: 3 });
    expect(scoreResponse(psfs, psfsAnswers([3, 5]))).toEqual({
      scored: false,
      reason: 'missing',
      linkIds: ['rating-3', 'rating-4', 'rating-5'],
      maxMissing: 2,
      range: { min: 0, max: 10 },
      direction: 'higherIsBetter',
      mcid: 2,
    });
  });
});

describe('LEFS', () => {
  it('scores the sum, 0 at the worst and 80 at the best', () => {
    expect(scoreOf(lefs, allAt(lefs, 0))).toBe(0);
    expect(scoreOf(lefs, allAt(lefs, 4))).toBe(80);
    expect(scoreOf(lefs, rawSum(lefs, 37))).toBe(37);
  });

  it('refuses a response with an activity unanswered', () => {
    const answers = allAt(lefs, 4).filter((answer) => answer.linkId !== 'lefs-7');
    expect(scoreResponse(lefs, answers)).toMatchObject({
      scored: false,
      reason: 'missing',
      linkIds: ['lefs-7'],
      maxMissing: 0,
    });
  });
});

describe('KOOS JR', () => {
  it.each([
    [0, 100],
    [1, 91.975],
    [7, 68.284],
    [14, 52.465],
    [15, 50.012],
    [27, 8.291],
    [28, 0],
  ])('converts the raw sum %i to the interval score %s', (raw, interval) => {
    expect(scoreOf(koosJr, rawSum(koosJr, raw))).toBe(interval);
  });

  it('reads the raw sum whichever items make it', () => {
    expect(scoreOf(koosJr, chooseEach(koosJr, [2, 2, 1, 3, 2, 2, 3]))).toBe(50.012);
  });

  it('refuses a response with an item unanswered', () => {
    expect(scoreResponse(koosJr, allAt(koosJr, 0).slice(1))).toMatchObject({
      scored: false,
      reason: 'missing',
      linkIds: ['koosjr-1'],
      maxMissing: 0,
    });
  });
});

describe('HOOS JR', () => {
  it.each([
    [0, 100],
    [1, 92.34],
    [6, 70.426],
    [11, 55.985],
    [12, 52.965],
    [23, 8.104],
    [24, 0],
  ])('converts the raw sum %i to the interval score %s', (raw, interval) => {
    expect(scoreOf(hoosJr, rawSum(hoosJr, raw))).toBe(interval);
  });

  it('refuses a response with an item unanswered', () => {
    const answers = allAt(hoosJr, 2).filter((answer) => answer.linkId !== 'hoosjr-6');
    expect(scoreResponse(hoosJr, answers)).toMatchObject({ scored: false, reason: 'missing', linkIds: ['hoosjr-6'] });
  });
});

describe('scoreResponse', () => {
  it('tells the scale a chart needs with every score', () => {
    expect(scoreResponse(koosJr, allAt(koosJr, 0))).toEqual({
      scored: true,
      score: 100,
      answered: 7,
      range: { min: 0, max: 100 },
      direction: 'higherIsBetter',
      mcid: 20,
    });
  });

  it('refuses answers that do not fit their items, as answers never validated may not', () => {
    const answers = [
      ...allAt(lefs, 3).slice(1),
      { linkId: 'lefs-1', answer: [{ valueCoding: { code: 'sometimes' } }] },
    ];
    expect(scoreResponse(lefs, answers)).toMatchObject({ scored: false, reason: 'invalid', linkIds: ['lefs-1'] });
    expect(scoreResponse(psfs, psfsAnswers([3, 11, 5]))).toMatchObject({
      scored: false,
      reason: 'invalid',
      linkIds: ['rating-2'],
    });
  });

  it('counts a blank answer as missing', () => {
    const answers = allAt(koosJr, 1).map((answer) =>
      answer.linkId === 'koosjr-3' ? { ...answer, answer: [] } : answer,
    );
    expect(scoreResponse(koosJr, answers)).toMatchObject({ scored: false, reason: 'missing', linkIds: ['koosjr-3'] });
  });
});
