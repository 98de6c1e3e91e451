import { sql } from 'drizzle-orm';
import type { BenchResult, Benchmark } from './result.ts';
import type { RoundOptions } from './rounds.ts';
import { benchApp, databases, loadRounds, patientsWithPrograms, yearOfRecords, type BenchDatabase } from './setup.ts';

const patients = 1000;

/**
 * The ROM statistic of one patient over a year, on a database holding a million device records,
 * against a bare route running the aggregate query it needs, side by side in one run.
 */
export const romStatistics: Benchmark = { name: 'rom-statistics', run: benchRomStatistics };

async function benchRomStatistics(options: RoundOptions): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const database of databases) results.push(...(await onDatabase(options, database)));
  return results;
}

async function onDatabase(options: RoundOptions, database: BenchDatabase): Promise<BenchResult[]> {
  const records = options.smoke ? 10_000 : Number(process.env.BENCH_RECORDS ?? 1_000_000);
  const bench = await benchApp('rom', database);
  try {
    const { app, bare, seqManager, token } = bench;
    const first = await patientsWithPrograms(app, seqManager, patients, {
      direction: 1,
      frequency: 3,
      dueDate: '2027-12-31',
    });
    await yearOfRecords(app, first, patients, records);

    // The year of data the database made, whenever the benchmark runs.
    const endDate = new Date().toISOString().slice(0, 10);
    const startDate = new Date(Date.now() - 366 * 86_400_000).toISOString().slice(0, 10);
    const body = JSON.stringify({ seqMedicalRelation: first.seqMedicalRelation, startDate, endDate });
    // The aggregate the endpoint needs, alone.
    bare.post('/bare', async () => {
      const result = (await app.db.execute(sql`
        select to_char(usage_start_at at time zone 'UTC', 'YYYY-MM-DD') as date, min(min_angle)::real as min_angle,
          max(max_angle)::real as max_angle, sum(duration_seconds)::int as seconds, count(*)::int as sessions
        from exercise_record
        where seq_medical_relation = ${first.seqMedicalRelation}
          and usage_start_at >= (${startDate}::date::timestamp at time zone 'UTC')
          and usage_start_at < ((${endDate}::date + 1)::timestamp at time zone 'UTC')
        group by 1 order by 1`)) as { rows: unknown[] };
      return { days: result.rows };
    });
    const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
    const rounds = await loadRounds(
      options,
      {
        url: `${appUrl}/api/statistic/getDataForFilteredRomAndExerciseTimeByRange`,
        body,
        headers: { authorization: `Bearer ${token}` },
      },
      { url: `${bareUrl}/bare`, body: '{}' },
    );
    return [
      {
        name: `ROM statistic, one patient over a year among ${records.toLocaleString('en')} records, ${database.label}: throughput`,
        unit: 'req/s',
        product: rounds.product.map((round) => round.rate),
        baseline: rounds.baseline.map((round) => round.rate),
        better: 'higher',
        budget: { ratio: 0.67 },
      },
    ];
  } finally {
    await bench.close();
  }
}
