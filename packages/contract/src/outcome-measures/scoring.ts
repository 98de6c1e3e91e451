import { answerProblem, hasValue, type AnswerItem, type AnswerValue } from './answers.ts';
import { optionScore, type OutcomeItem } from './fhir.ts';
import {
  itemScoreRange,
  scoreRange,
  scoredItems,
  type OutcomeInstrument,
  type ScoreDirection,
  type ScoreRange,
} from './instrument.ts';

/** What a chart needs beside a score: the instrument's range, direction and minimal important change. */
export interface ScoreScale {
  range: ScoreRange;
  direction: ScoreDirection;
  mcid: number;
}

export type ScoreResult = ScoreScale &
  (
    | { scored: true; score: number; answered: number }
    /** More scored items unanswered than the instrument's rule allows: the linkIds and the rule. */
    | { scored: false; reason: 'missing'; linkIds: string[]; maxMissing: number }
    /** Scored items whose answers do not fit them (answers that were never validated). */
    | { scored: false; reason: 'invalid'; linkIds: string[] }
  );

/** Scores keep the precision of the published conversion tables: three decimals. */
const round = (value: number): number => Math.round(value * 1000) / 1000;

function itemValue(item: OutcomeItem, answer: AnswerValue): number | undefined {
  if (answerProblem(item, answer)) return undefined;
  if (item.type !== 'choice') return answer.valueInteger ?? answer.valueDecimal;
  const option = item.answerOption?.find((candidate) => candidate.valueCoding?.code === answer.valueCoding?.code);
  return option && optionScore(option);
}

export function scoreScale(instrument: OutcomeInstrument): ScoreScale {
  return { range: scoreRange(instrument), direction: instrument.direction, mcid: instrument.mcid };
}

/**
 * The score of a response to an instrument, by its scoring rule (instrument.ts), or why it cannot
 * be scored. Pure: the server scores a submitted response with it and the screens show the same.
 */
export function scoreResponse(instrument: OutcomeInstrument, answers: readonly AnswerItem[]): ScoreResult {
  const scale = scoreScale(instrument);
  const { scoring } = instrument;
  const given = new Map(answers.map(({ linkId, answer }) => [linkId, answer[0]]));
  const values: { value: number; range: ScoreRange }[] = [];
  const missing: string[] = [];
  const invalid: string[] = [];
  for (const item of scoredItems(instrument)) {
    const answer = given.get(item.linkId);
    const value = hasValue(answer) ? itemValue(item, answer) : undefined;
    if (!hasValue(answer)) missing.push(item.linkId);
    else if (value === undefined) invalid.push(item.linkId);
    else values.push({ value, range: itemScoreRange(item)! });
  }
  if (invalid.length > 0) return { ...scale, scored: false, reason: 'invalid', linkIds: invalid };
  const maxMissing = scoring.kind === 'table' ? 0 : scoring.maxMissing;
  if (missing.length > maxMissing) return { ...scale, scored: false, reason: 'missing', linkIds: missing, maxMissing };

  const sum = (pick: (entry: (typeof values)[number]) => number): number =>
    values.reduce((total, entry) => total + pick(entry), 0);
  const total = sum((entry) => entry.value);
  const score = ((): number => {
    switch (scoring.kind) {
      case 'sum':
        return (total * scoring.items.length) / values.length;
      case 'mean':
        return total / values.length;
      case 'sumRescaled': {
        const lowest = sum((entry) => entry.range.min);
        return ((total - lowest) / (sum((entry) => entry.range.max) - lowest)) * 100;
      }
      case 'table': {
        const converted = scoring.table[total];
        if (converted === undefined) throw new Error(`No conversion for raw score ${total}`);
        return converted;
      }
    }
  })();
  return { ...scale, scored: true, score: round(score), answered: values.length };
}
