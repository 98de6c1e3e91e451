/** What a benchmark is told by the runner. */
export interface RoundOptions {
  rounds: number;
  smoke: boolean;
}

/**
 * Product and baseline measured in alternating rounds (product, baseline, product, ...), so that
 * the noise of a shared machine falls on both alike; one unrecorded round of each warms up first,
 * except in a smoke run.
 */
export async function alternate<T>(
  { rounds, smoke }: RoundOptions,
  product: () => Promise<T>,
  baseline: () => Promise<T>,
): Promise<{ product: T[]; baseline: T[] }> {
  if (!smoke) {
    await product();
    await baseline();
  }
  const measured: { product: T[]; baseline: T[] } = { product: [], baseline: [] };
  for (let round = 0; round < rounds; round++) {
    measured.product.push(await product());
    measured.baseline.push(await baseline());
  }
  return measured;
}
