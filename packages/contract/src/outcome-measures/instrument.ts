import { z } from 'zod';
import { answerableItems, itemBound, optionScore, type OutcomeItem, type OutcomeQuestionnaire } from './fhir.ts';

/**
 * How a questionnaire's answers become one score. Each item's value is the ordinalValue of the
 * chosen option, or the number given for an integer or decimal item.
 * - sum: the items' values added up; with missing items (at most maxMissing) the sum of those
 *   answered scaled up to all items;
 * - mean: the mean of the items answered (at most maxMissing missing);
 * - sumRescaled: the sum put on 0 to 100 between the lowest and the highest sum the answered
 *   items allow (at most maxMissing missing), as QuickDASH and the Oswestry index are scored;
 * - table: the sum of all items (none missing) read in a published conversion table, indexed by
 *   the sum (KOOS JR, HOOS JR).
 */
export const scoringRule = z.lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({
      kind: z.enum(['sum', 'mean', 'sumRescaled']),
      items: z.array(z.string()).min(1),
      maxMissing: z.number().int().min(0),
    }),
    z.object({ kind: z.literal('table'), items: z.array(z.string()).min(1), table: z.array(z.number()).min(2) }),
  ]),
);
export type ScoringRule = z.infer<typeof scoringRule>;

export const scoreDirections = ['higherIsBetter', 'lowerIsBetter'] as const;
export type ScoreDirection = (typeof scoreDirections)[number];

/** An outcome measure: its FHIR Questionnaire and how it is scored and read. */
export interface OutcomeInstrument {
  questionnaire: OutcomeQuestionnaire;
  scoring: ScoringRule;
  /** The minimal clinically important change, in score points. */
  mcid: number;
  direction: ScoreDirection;
}

export interface ScoreRange {
  min: number;
  max: number;
}

/** The values an item can score: its options' ordinal values, or its minValue to maxValue. */
export function itemScoreRange(item: OutcomeItem): ScoreRange | undefined {
  if (item.type === 'choice') {
    const scores = (item.answerOption ?? []).map(optionScore).filter((score) => score !== undefined);
    return scores.length > 0 ? { min: Math.min(...scores), max: Math.max(...scores) } : undefined;
  }
  const min = itemBound(item, 'minValue');
  const max = itemBound(item, 'maxValue');
  return min === undefined || max === undefined ? undefined : { min, max };
}

export function scoredItems(instrument: OutcomeInstrument): OutcomeItem[] {
  const byLinkId = new Map(answerableItems(instrument.questionnaire).map((item) => [item.linkId, item]));
  return instrument.scoring.items.map((linkId) => {
    const item = byLinkId.get(linkId);
    if (!item || !itemScoreRange(item)) throw new Error(`Scored item ${linkId} has no score range`);
    return item;
  });
}

/** The lowest and the highest score the instrument gives, for a chart's axis. */
export function scoreRange(instrument: OutcomeInstrument): ScoreRange {
  const { scoring } = instrument;
  if (scoring.kind === 'table') {
    const ends = [scoring.table[0]!, scoring.table.at(-1)!];
    return { min: Math.min(...ends), max: Math.max(...ends) };
  }
  if (scoring.kind === 'sumRescaled') return { min: 0, max: 100 };
  const ranges = scoredItems(instrument).map((item) => itemScoreRange(item)!);
  if (scoring.kind === 'mean') {
    return { min: Math.min(...ranges.map((range) => range.min)), max: Math.max(...ranges.map((range) => range.max)) };
  }
  return {
    min: ranges.reduce((total, range) => total + range.min, 0),
    max: ranges.reduce((total, range) => total + range.max, 0),
  };
}
