/**
 * The keys of the instruments shipped with the product, apart from their texts: the endpoints name
 * them without pulling every instrument into a client's chunk.
 */
export const shippedInstrumentKeys = ['psfs', 'lefs', 'koos-jr', 'hoos-jr'] as const;
export type ShippedInstrumentKey = (typeof shippedInstrumentKeys)[number];
