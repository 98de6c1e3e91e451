import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import type { PGlite } from '@electric-sql/pglite';
import type { Pool } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { BenchResult, Benchmark } from './result.ts';
import { alternate, type RoundOptions } from './rounds.ts';
import { benchApp, databases, patientsWithPrograms, yearOfRecords, type BenchDatabase } from './setup.ts';

const patients = 1000;

/**
 * A FHIR Bulk Data export of a clinician's 1,000 patients with a year of device records, from
 * kick-off to the manifest, against a bare `COPY ... TO STDOUT` of the rows the export is made of
 * turned into NDJSON files, in the same run; and the server's memory during the export.
 */
export const fhirExport: Benchmark = { name: 'fhir-export', run: benchFhirExport };

async function benchFhirExport(options: RoundOptions): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const database of databases) results.push(...(await onDatabase(options, database)));
  return results;
}

/** The rows the export's resources are made of: each record twice (its smallest and its largest angle). */
const exportRows = (seqManager: number) => [
  `select r.* from medical_relation r where r.seq_manager = ${seqManager}`,
  `select e.* from exercise e where e.seq_manager = ${seqManager}`,
  `select s.* from schedule s where s.seq_manager = ${seqManager}`,
  `select x.kind, e.device_type, t.* from medical_relation r
     join exercise_record t on t.seq_medical_relation = r.seq_medical_relation
     join exercise e on e.seq_exercise = t.seq_exercise
     cross join (values ('min'), ('max')) as x(kind)
   where r.seq_manager = ${seqManager}`,
];

/** COPY's text rows (tab-separated, tabs within values escaped, a header first) as NDJSON lines of objects named by the header; counts them. */
function ndjsonOf(counted: { lines: number }): Transform {
  let header: string[] | undefined;
  let rest = '';
  const lineOf = (line: string): string => {
    const fields = line.split('\t');
    counted.lines += 1;
    return `${JSON.stringify(Object.fromEntries(header!.map((name, i) => [name, fields[i]])))}\n`;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop()!;
      let out = '';
      for (const line of lines) {
        if (!header) header = line.split('\t');
        else out += lineOf(line);
      }
      done(null, out);
    },
    flush(done) {
      done(null, rest && header ? lineOf(rest) : '');
    },
  });
}

async function onDatabase(options: RoundOptions, database: BenchDatabase): Promise<BenchResult[]> {
  const records = options.smoke ? 10_000 : Number(process.env.BENCH_EXPORT_RECORDS ?? 312_000);
  const bench = await benchApp('export', database);
  const files = await mkdtemp(join(tmpdir(), 'clinic-bench-ndjson-'));
  try {
    const { app, seqManager, token } = bench;
    const first = await patientsWithPrograms(app, seqManager, patients, {
      direction: 1,
      frequency: 1,
      dueDate: '2027-12-31',
    });
    await yearOfRecords(app, first, patients, records);
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const headers = { authorization: `Bearer ${token}`, prefer: 'respond-async', accept: 'application/fhir+json' };

    /** Kick-off to manifest, the status polled every 20 ms; answers the resources and seconds. */
    const product = async (): Promise<{ resources: number; seconds: number }> => {
      const started = performance.now();
      const kickOff = await fetch(`${url}/fhir/R4/Group/${seqManager}/$export`, { headers });
      if (kickOff.status !== 202) throw new Error(`export kick-off: ${kickOff.status} ${await kickOff.text()}`);
      const status = kickOff.headers.get('content-location')!.replace(/^.*\/fhir\/R4/, `${url}/fhir/R4`);
      for (;;) {
        const polled = await fetch(status, { headers });
        if (polled.status === 200) {
          const seconds = (performance.now() - started) / 1000;
          const manifest = (await polled.json()) as { output: { count: number }[] };
          await fetch(status, { method: 'DELETE', headers });
          return { resources: manifest.output.reduce((sum, file) => sum + file.count, 0), seconds };
        }
        if (polled.status !== 202) throw new Error(`export status: ${polled.status} ${await polled.text()}`);
        await new Promise((done) => setTimeout(done, 20));
      }
    };

    /** The same rows by COPY, each turned into an NDJSON line in a file of its query. */
    const baseline = async (): Promise<{ resources: number; seconds: number }> => {
      const started = performance.now();
      const counted = { lines: 0 };
      const queries = exportRows(seqManager).map((query) => `copy (${query}) to stdout with (format text, header)`);
      const client = (app.db as unknown as { $client: Pool | PGlite }).$client;
      for (const [index, query] of queries.entries()) {
        const file = join(files, `${index}.ndjson`);
        if ('totalCount' in client) {
          const connection = await client.connect();
          try {
            await pipeline(connection.query(copyTo(query)), ndjsonOf(counted), createWriteStream(file));
          } finally {
            connection.release();
          }
        } else {
          // PGlite hands COPY's output over whole, as a blob.
          const { blob } = await client.query(query.replace('to stdout', "to '/dev/blob'"));
          const transform = ndjsonOf(counted);
          const out: string[] = [];
          transform.on('data', (chunk: Buffer) => out.push(chunk.toString()));
          transform.end(Buffer.from(await blob!.arrayBuffer()));
          await new Promise((done) => transform.once('end', done));
          await writeFile(file, out.join(''));
        }
      }
      return { resources: counted.lines, seconds: (performance.now() - started) / 1000 };
    };

    // The memory an export takes, measured on its own before the rounds (the baseline's blobs would
    // hide it), from a collected heap: what earlier benchmarks of this process left is not idle.
    (globalThis as { gc?: () => void }).gc?.();
    const idle = process.memoryUsage.rss();
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
    await product().finally(() => clearInterval(sampler));
    const rounds = await alternate(options, product, baseline);
    const rate = (round: { resources: number; seconds: number }) => round.resources / round.seconds;
    return [
      {
        name: `FHIR export of ${patients.toLocaleString('en')} patients with ${records.toLocaleString('en')} device records, ${database.label}: throughput`,
        unit: 'resources/s',
        product: rounds.product.map(rate),
        baseline: rounds.baseline.map(rate),
        better: 'higher',
        budget: { ratio: 0.3 },
      },
      {
        name: `FHIR export, ${database.label}: server memory above idle during the export (in-process${database.label === 'PGlite' ? ', with the embedded database' : ''})`,
        unit: 'MiB',
        product: [(peak - idle) / 1024 / 1024],
        better: 'lower',
        budget: { value: 100 },
      },
    ];
  } finally {
    await rm(files, { recursive: true, force: true });
    await bench.close();
  }
}
