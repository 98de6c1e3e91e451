/**
 * One measurement of a benchmark: the product and its bare baseline, measured in alternating
 * rounds of the same run, and the budget the product must hold.
 */
export interface BenchResult {
  /** What was measured, for example 'patient list endpoint, 10,000 patients: server CPU per request'. */
  name: string;
  /** The unit of every value: 'ms', 'KB', 'MiB', 'req/s', 'score'. */
  unit: string;
  /** One value per round. */
  product: number[];
  /** One value per round, measured alternately with the product's; absent where the budget is absolute. */
  baseline?: number[];
  /** Whether a smaller value is better (time, bytes, memory) or a larger one (throughput, score). */
  better: 'lower' | 'higher';
  /** The budget: on the ratio of the medians (product / baseline), or on the product's median itself. */
  budget: { ratio: number } | { value: number };
}

/** A benchmark, selectable by name: `npm run bench -- <name>`. */
export interface Benchmark {
  name: string;
  /** Runs at least `rounds` alternating rounds; `smoke` runs the smallest version that still exercises every step. */
  run(options: { rounds: number; smoke: boolean }): Promise<BenchResult[]>;
}
