import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { benchmarks } from './benchmarks.ts';
import { describe, judge, type Verdict } from './report.ts';
import { databases } from './setup.ts';

/**
 * `npm run bench [-- [names…] [--smoke] [--json <file>] [--rounds <n>]]`: runs the named benchmarks
 * (all when none is named), prints each result against its budget and writes them all as JSON. A
 * missed budget is printed, not failed: only a measurement that could not be made fails the run.
 */
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    smoke: { type: 'boolean', default: process.env.BENCH_SMOKE === '1' },
    json: { type: 'string', default: resolve(import.meta.dirname, 'results.json') },
    rounds: { type: 'string', default: '5' },
  },
});
const smoke = values.smoke;
const rounds = smoke ? 1 : Number(values.rounds);
// Fewer rounds than five make a median and a range that mean little.
if (!smoke && !(Number.isInteger(rounds) && rounds >= 5))
  throw new Error('--rounds must be a whole number of at least 5');

const unknown = positionals.filter((name) => !benchmarks.some((benchmark) => benchmark.name === name));
if (unknown.length) {
  process.stderr.write(
    `unknown benchmark ${unknown.join(', ')}; known: ${benchmarks.map((benchmark) => benchmark.name).join(', ')}\n`,
  );
  process.exit(2);
}
const selected = positionals.length
  ? benchmarks.filter((benchmark) => positionals.includes(benchmark.name))
  : benchmarks;

process.stdout.write(
  `${smoke ? 'Smoke run: each benchmark once at its smallest; the verdicts say nothing of the budgets.\n' : ''}` +
    `${rounds} alternating round(s) per benchmark; the server benchmarks on ${databases.map((database) => database.label).join(' and ')}\n\n`,
);
// BENCH_BUSY_CORES=n keeps n cores busy for the whole run, to measure as a busy machine would.
const burners = Array.from({ length: Number(process.env.BENCH_BUSY_CORES ?? 0) }, () =>
  spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
);
if (burners.length) process.stdout.write(`${burners.length} core(s) kept busy by a CPU burner\n\n`);
const verdicts: Verdict[] = [];
const failures: { benchmark: string; error: string }[] = [];
for (const benchmark of selected) {
  const started = performance.now();
  process.stdout.write(`${benchmark.name} …\n`);
  try {
    for (const result of await benchmark.run({ rounds, smoke })) {
      const verdict = judge(benchmark.name, result);
      verdicts.push(verdict);
      process.stdout.write(`${describe(verdict)}\n`);
    }
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    failures.push({ benchmark: benchmark.name, error: message });
    process.stdout.write(`ERROR ${benchmark.name}: ${message}\n`);
  }
  process.stdout.write(`      (${((performance.now() - started) / 1000).toFixed(0)} s)\n\n`);
}

await mkdir(dirname(values.json), { recursive: true });
await writeFile(
  values.json,
  `${JSON.stringify({ date: new Date().toISOString(), smoke, rounds, results: verdicts, failures }, null, 2)}\n`,
);
const missed = verdicts.filter((verdict) => !verdict.pass).length;
process.stdout.write(
  `${verdicts.length - missed} of ${verdicts.length} within budget${failures.length ? `, ${failures.length} benchmark(s) failed to measure` : ''}; results in ${values.json}\n`,
);
for (const burner of burners) burner.kill();
// Open handles of a failed benchmark (a browser, a server) must not keep the run alive.
process.exit(failures.length ? 1 : 0);
