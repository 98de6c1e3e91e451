import type {
  InstrumentHistory,
  InstrumentRef,
  QuestionnaireResponseSummary,
  ShippedInstrumentKey,
} from '@clinic/contract';

/** An instrument as one string, for a select's value and a list's key: `shipped:lefs`, `custom:12`. */
export function instrumentKey(instrument: InstrumentRef): string {
  return instrument.kind === 'shipped' ? `shipped:${instrument.key}` : `custom:${instrument.seqCustomQuestionnaire}`;
}

/** The instrument a key stands for; '' (nothing chosen) stands for none, which the contract refuses. */
export function instrumentOf(key: string): InstrumentRef | undefined {
  const [kind, value = ''] = key.split(':');
  if (kind === 'shipped') return { kind, key: value as ShippedInstrumentKey };
  if (kind === 'custom') return { kind, seqCustomQuestionnaire: Number(value) };
  return undefined;
}

/** Unix seconds of an ISO instant, the chart's x. */
export const instantSeconds = (iso: string): number => Math.floor(Date.parse(iso) / 1000);

export interface ScoreSeries {
  /** Unix seconds of each response in force with a score, oldest first. */
  x: number[];
  score: number[];
  /** The score where it improved beyond the MCID from the baseline, else null (drawn as a marker). */
  improved: (number | null)[];
  /** The band of no important change around the baseline, or null before a baseline. */
  bandLow: (number | null)[];
  bandHigh: (number | null)[];
  responses: QuestionnaireResponseSummary[];
}

/**
 * One instrument's scores for the chart: the responses in force (superseded ones leave it) with a
 * score, the baseline's band of the minimal important change from the baseline's day on, clamped to
 * the instrument's range, and the responses that improved beyond it marked.
 */
export function scoreSeries(
  history: InstrumentHistory,
  responses: readonly QuestionnaireResponseSummary[],
): ScoreSeries {
  const key = instrumentKey(history.instrument);
  const shown = responses
    .filter(
      (response) =>
        instrumentKey(response.instrument) === key && response.superseded === null && response.score !== null,
    )
    .sort((a, b) => a.authoredAt.localeCompare(b.authoredAt));
  const { baseline, mcid, range } = history;
  const band = (bound: number, response: QuestionnaireResponseSummary) =>
    baseline && response.authoredAt >= baseline.authoredAt ? Math.min(range.max, Math.max(range.min, bound)) : null;
  return {
    x: shown.map((response) => instantSeconds(response.authoredAt)),
    score: shown.map((response) => response.score!),
    improved: shown.map((response) => (response.improvedBeyondMcid ? response.score : null)),
    bandLow: shown.map((response) => band((baseline?.score ?? 0) - mcid, response)),
    bandHigh: shown.map((response) => band((baseline?.score ?? 0) + mcid, response)),
    responses: shown,
  };
}
