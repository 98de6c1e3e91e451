import { lefs } from './lefs.ts';
import { hoosJr, koosJr } from './joint-replacement.ts';
import { psfs } from './psfs.ts';
import type { OutcomeInstrument } from './instrument.ts';
import type { ShippedInstrumentKey } from './shipped-keys.ts';

export * from './answers.ts';
export * from './custom.ts';
export * from './fhir.ts';
export * from './instrument.ts';
export * from './scoring.ts';
export { hoosJr, hoosJrIntervalScores, koosJr, koosJrIntervalScores } from './joint-replacement.ts';
export { lefs } from './lefs.ts';
export { psfs } from './psfs.ts';

export { shippedInstrumentKeys, type ShippedInstrumentKey } from './shipped-keys.ts';

/** The instruments shipped with the product, free to embed (docs/decisions/0015-outcome-measures.md), by key. */
export const shippedInstruments = {
  psfs,
  lefs,
  'koos-jr': koosJr,
  'hoos-jr': hoosJr,
} as const satisfies Record<ShippedInstrumentKey, OutcomeInstrument>;
