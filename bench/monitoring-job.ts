import { sql } from 'drizzle-orm';
import type { BenchResult, Benchmark } from './result.ts';
import { alternate, type RoundOptions } from './rounds.ts';
import { benchApp, databases, patientsWithPrograms, type BenchDatabase } from './setup.ts';

/**
 * One pass of the background jobs, whose work here is the monitoring job's (no visits, plans or
 * mail to deal with), over 1,000 patients with a year of device records each, against the bare
 * SQL that counts each patient's device days over that year, side by side in one run.
 */
export const monitoringJobBench: Benchmark = { name: 'monitoring-job', run: benchMonitoringJob };

async function benchMonitoringJob(options: RoundOptions): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const database of databases) results.push(await onDatabase(options, database));
  return results;
}

async function onDatabase(options: RoundOptions, database: BenchDatabase): Promise<BenchResult> {
  const patients = options.smoke ? 50 : Number(process.env.BENCH_MONITORING_PATIENTS ?? 1000);
  const days = options.smoke ? 30 : 365;
  const bench = await benchApp('monitoring', database);
  try {
    const { app, seqManager } = bench;
    const first = await patientsWithPrograms(app, seqManager, patients, {
      direction: 2,
      frequency: 2,
      dueDate: '2099-12-31',
      createdAt: new Date(Date.now() - (days + 1) * 86_400_000),
    });
    // Two sessions a day for every patient over the period, made by the database: every tenth
    // patient stopped a week ago, and every seventh reported pain, so the pass has alerts to raise.
    await app.db.execute(sql`
      insert into exercise_record (seq_patient, record_key, seq_exercise, seq_medical_relation, usage_mode, usage_count,
        min_angle, max_angle, min_speed, max_speed, duration_seconds, guide_mode, guide_min_rom, guide_max_rom,
        guide_direction, guide_position, usage_start_at, device_created_at, pain_level)
      select ${first.seqPatient} + p, 'bench-' || p || '-' || d || '-' || s, ${first.seqExercise} + p,
        ${first.seqMedicalRelation} + p, 1, 20, 10 + (d % 7), 80 + (d % 20), 3, 20, 900, 1, 10, 120, 2, 3,
        now() - d * interval '1 day' + s * interval '6 hours', now() - d * interval '1 day' + s * interval '6 hours',
        case when p % 7 = 0 and d = 1 and s = 0 then 8 end
      from generate_series(0, ${patients - 1}) as p, generate_series(1, ${days}) as d, generate_series(0, 1) as s
      where not (p % 10 = 0 and d <= 7)`);
    await app.db.execute(sql`analyze`);

    const timed = async (work: () => Promise<unknown>): Promise<number> => {
      const started = performance.now();
      await work();
      return performance.now() - started;
    };
    const rounds = await alternate(
      options,
      () => timed(() => app.jobs.tick()),
      () =>
        timed(() =>
          app.db.execute(sql`
            select seq_medical_relation, count(distinct (usage_start_at at time zone 'UTC')::date)::int as device_days
            from exercise_record
            where usage_start_at >= now() - ${`${days} days`}::interval
            group by seq_medical_relation`),
        ),
    );
    return {
      name: `monitoring job pass, ${patients.toLocaleString('en')} patients with ${days} days of records, ${database.label}: time`,
      unit: 'ms',
      product: rounds.product,
      baseline: rounds.baseline,
      better: 'lower',
      budget: { ratio: 2 },
    };
  } finally {
    await bench.close();
  }
}
