import type { BenchResult, Benchmark } from './result.ts';
import type { RoundOptions } from './rounds.ts';
import { benchApp, databases, insertPatients, listRows, loadRounds, type BenchDatabase, type Target } from './setup.ts';

/**
 * The patient list endpoint with 10,000 patients, against a bare Fastify route that runs the one
 * equivalent SQL query on the same database: server CPU per request and the size of the reply.
 */
export const patientList: Benchmark = { name: 'patient-list', run: benchPatientList };

async function benchPatientList(options: RoundOptions): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const database of databases) results.push(...(await onDatabase(options, database)));
  return results;
}

async function onDatabase(options: RoundOptions, database: BenchDatabase): Promise<BenchResult[]> {
  const patients = options.smoke ? 100 : 10_000;
  const bench = await benchApp('list', database);
  try {
    const { app, bare, seqManager, token } = bench;
    await insertPatients(app, seqManager, patients);
    // The same rows the endpoint reads, in one query, with nothing around it.
    bare.post('/bare', async () => ({ rows: await listRows(app, seqManager) }));
    const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
    const endpoint = {
      url: `${appUrl}/api/patient/getMyPatientsAndReservedSchedulesForToday`,
      body: '{}',
      headers: { authorization: `Bearer ${token}` },
    };
    const baseline = { url: `${bareUrl}/bare`, body: '{}' };
    // The JSON itself, uncompressed: the list's reply should carry no more than the rows it shows.
    const size = async (target: Target): Promise<number> => {
      const response = await fetch(target.url, {
        method: 'POST',
        body: target.body,
        headers: { 'content-type': 'application/json', 'accept-encoding': 'identity', ...target.headers },
      });
      if (!response.ok) throw new Error(`${target.url} answered ${response.status}`);
      return (await response.arrayBuffer()).byteLength / 1024;
    };
    const rounds = await loadRounds(options, endpoint, baseline);
    const what = `patient list endpoint, ${patients.toLocaleString('en')} patients, ${database.label}`;
    return [
      {
        name: `${what}: server CPU per request`,
        unit: 'ms',
        product: rounds.product.map((round) => round.cpuMs),
        baseline: rounds.baseline.map((round) => round.cpuMs),
        better: 'lower',
        budget: { ratio: 1.5 },
      },
      {
        name: `${what}: reply JSON against the bare route's rows`,
        unit: 'KB',
        product: [await size(endpoint)],
        baseline: [await size(baseline)],
        better: 'lower',
        budget: { ratio: 1 },
      },
    ];
  } finally {
    await bench.close();
  }
}
