import {
  questionnaireLanguages,
  scoreScale,
  shippedInstruments,
  type InstrumentRef,
  type InstrumentSummary,
  type OutcomeInstrument,
  type OutcomeQuestionnaire,
  type ShippedInstrumentKey,
} from '@clinic/contract';
import type { CustomRow } from './questionnaire.repository.ts';

/** An instrument a schedule or a response names, with the custom questionnaire's row when it is one. */
export interface Resolved {
  ref: InstrumentRef;
  instrument: OutcomeInstrument;
  custom: CustomRow | undefined;
}

/** Custom questionnaire rows by id, as `resolve` reads them. */
export const customsById = (rows: readonly CustomRow[]): Map<number, CustomRow> =>
  new Map(rows.map((row) => [row.seqCustomQuestionnaire, row]));

const isShippedKey = (key: string): key is ShippedInstrumentKey => Object.hasOwn(shippedInstruments, key);

function customInstrumentOf(row: CustomRow): OutcomeInstrument {
  return { questionnaire: row.questionnaire, scoring: row.scoring, mcid: row.mcid, direction: row.direction };
}

/**
 * The instrument a stored row names: a shipped key, or a custom questionnaire among `customs`.
 * A row names one or the other (a check of the database), so a miss is a broken invariant.
 */
export function resolve(
  row: { instrumentKey: string | null; seqCustomQuestionnaire: number | null },
  customs: ReadonlyMap<number, CustomRow>,
): Resolved {
  if (row.instrumentKey !== null && isShippedKey(row.instrumentKey)) {
    return {
      ref: { kind: 'shipped', key: row.instrumentKey },
      instrument: shippedInstruments[row.instrumentKey],
      custom: undefined,
    };
  }
  const custom = row.seqCustomQuestionnaire === null ? undefined : customs.get(row.seqCustomQuestionnaire);
  if (!custom) throw new Error('a questionnaire row names no instrument that exists');
  return {
    ref: { kind: 'custom', seqCustomQuestionnaire: custom.seqCustomQuestionnaire },
    instrument: customInstrumentOf(custom),
    custom,
  };
}

/** A Questionnaire's canonical reference, `url|version`, as a response and a schedule name it. */
export const canonicalOf = (questionnaire: OutcomeQuestionnaire): string =>
  questionnaire.version ? `${questionnaire.url}|${questionnaire.version}` : questionnaire.url;

/** The key a chart groups an instrument's responses by. */
export const refKey = (ref: InstrumentRef): string =>
  ref.kind === 'shipped' ? `shipped:${ref.key}` : `custom:${ref.seqCustomQuestionnaire}`;

export const titleOf = (instrument: OutcomeInstrument): string =>
  instrument.questionnaire.title ?? instrument.questionnaire.name ?? '';

export function summaryOf({ ref, instrument, custom }: Resolved): InstrumentSummary {
  return {
    instrument: ref,
    title: titleOf(instrument),
    languages: questionnaireLanguages(instrument.questionnaire),
    itemCount: instrument.questionnaire.item.filter((item) => item.type !== 'display').length,
    ...scoreScale(instrument),
    copyright: instrument.questionnaire.copyright ?? null,
    licenceConfirmedAt: custom?.licenceConfirmedAt.toISOString() ?? null,
  };
}
