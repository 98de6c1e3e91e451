import type { InstrumentHistory, QuestionnaireResponseSummary } from '@clinic/contract';
import { describe, expect, it } from 'vitest';
import { instantSeconds, instrumentKey, instrumentOf, scoreSeries } from './model.ts';

const history: InstrumentHistory = {
  instrument: { kind: 'shipped', key: 'psfs' },
  title: 'Patient-Specific Functional Scale',
  mcid: 2,
  direction: 'higherIsBetter',
  range: { min: 0, max: 10 },
  baseline: { seqQuestionnaireResponse: 2, score: 9, authoredAt: '2026-11-05T09:00:00.000Z' },
};

function response(
  seqQuestionnaireResponse: number,
  authoredAt: string,
  score: number | null,
  more: Partial<QuestionnaireResponseSummary> = {},
): QuestionnaireResponseSummary {
  return {
    seqQuestionnaireResponse,
    seqQuestionnaireRequest: seqQuestionnaireResponse,
    instrument: history.instrument,
    title: history.title,
    authoredAt,
    receivedAt: authoredAt,
    score,
    noScore: score === null ? { reason: 'missing', linkIds: ['rating-1'] } : null,
    improvement: null,
    improvedBeyondMcid: false,
    enteredBy: null,
    supersedes: null,
    superseded: null,
    ...more,
  };
}

describe('instrument keys', () => {
  it('stand for shipped and custom instruments both ways, and for none when empty', () => {
    for (const instrument of [
      { kind: 'shipped', key: 'koos-jr' },
      { kind: 'custom', seqCustomQuestionnaire: 12 },
    ] as const) {
      expect(instrumentOf(instrumentKey(instrument))).toEqual(instrument);
    }
    expect(instrumentOf('')).toBeUndefined();
  });
});

describe('the scores chart of an instrument', () => {
  it('draws the scored responses in force, in order, with the MCID band from the baseline on, kept in the range', () => {
    const series = scoreSeries(history, [
      response(3, '2026-11-19T09:00:00.000Z', 7),
      response(1, '2026-11-01T09:00:00.000Z', 6, {
        superseded: { by: 2, at: '2026-11-05T09:00:00.000Z', clinicianName: 'Dana Doe', reason: 'Wrong patient' },
      }),
      response(2, '2026-11-05T09:00:00.000Z', 9),
      response(4, '2026-11-26T09:00:00.000Z', null),
      response(5, '2026-11-27T09:00:00.000Z', 5, { instrument: { kind: 'shipped', key: 'lefs' } }),
    ]);
    expect(series.responses.map((each) => each.seqQuestionnaireResponse)).toEqual([2, 3]);
    expect(series.x).toEqual([instantSeconds('2026-11-05T09:00:00.000Z'), instantSeconds('2026-11-19T09:00:00.000Z')]);
    expect(series.score).toEqual([9, 7]);
    expect(series.bandLow).toEqual([7, 7]);
    // 9 + 2 is beyond the scale's 10.
    expect(series.bandHigh).toEqual([10, 10]);
    expect(series.improved).toEqual([null, null]);
  });

  it('marks the responses that improved beyond the MCID, and draws no band before a baseline', () => {
    const series = scoreSeries({ ...history, baseline: null }, [
      response(1, '2026-11-01T09:00:00.000Z', 3),
      response(2, '2026-11-20T09:00:00.000Z', 6, { improvedBeyondMcid: true, improvement: 3 }),
    ]);
    expect(series.improved).toEqual([null, 6]);
    expect(series.bandLow).toEqual([null, null]);
    expect(series.bandHigh).toEqual([null, null]);
  });
});
