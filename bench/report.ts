import type { BenchResult } from './result.ts';

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A result with its medians, ratio and verdict, as printed and written to the JSON file. */
export interface Verdict extends BenchResult {
  benchmark: string;
  productMedian: number;
  baselineMedian?: number;
  /** Product median / baseline median. */
  ratio?: number;
  pass: boolean;
}

export function judge(benchmark: string, result: BenchResult): Verdict {
  if (result.product.length === 0) throw new Error(`${result.name}: no product values`);
  const productMedian = median(result.product);
  const baselineMedian = result.baseline?.length ? median(result.baseline) : undefined;
  // Nothing against nothing (no blocking time on either side) is even.
  const ratio =
    baselineMedian === undefined
      ? undefined
      : productMedian === 0 && baselineMedian === 0
        ? 1
        : productMedian / baselineMedian;
  let measure: number;
  let limit: number;
  if ('ratio' in result.budget) {
    if (ratio === undefined) throw new Error(`${result.name}: a ratio budget without baseline values`);
    measure = ratio;
    limit = result.budget.ratio;
  } else {
    measure = productMedian;
    limit = result.budget.value;
  }
  const pass = result.better === 'lower' ? measure <= limit : measure >= limit;
  return { benchmark, ...result, productMedian, baselineMedian, ratio, pass };
}

/** Three significant digits at most, whole numbers kept whole. */
function figure(value: number): string {
  if (Math.abs(value) >= 100) return value.toFixed(0);
  return Number(value.toPrecision(3)).toString();
}

function spread(values: number[], unit: string): string {
  return `${figure(median(values))} ${unit} (${figure(Math.min(...values))}–${figure(Math.max(...values))}, n=${values.length})`;
}

/** The lines printed for one result. */
export function describe(verdict: Verdict): string {
  const sign = verdict.better === 'lower' ? '<=' : '>=';
  const budget =
    'ratio' in verdict.budget
      ? `ratio ${figure(verdict.ratio!)}, budget ${sign} ${verdict.budget.ratio}x`
      : `budget ${sign} ${verdict.budget.value} ${verdict.unit}`;
  const lines = [
    `${verdict.pass ? 'PASS' : 'FAIL'}  ${verdict.benchmark}: ${verdict.name}`,
    `      product  ${spread(verdict.product, verdict.unit)}`,
  ];
  if (verdict.baseline?.length) lines.push(`      baseline ${spread(verdict.baseline, verdict.unit)}`);
  lines.push(`      ${budget} (${verdict.better} is better)`);
  return lines.join('\n');
}
