import { join } from 'node:path';
import type { BenchResult, Benchmark } from './result.ts';
import { alternate, type RoundOptions } from './rounds.ts';
import { demoLogin, productServer, startServer, withDataDir } from './server-process.ts';

/** The demo's data, as a first start of the server leaves it. */
export const demoEnv = { DEMO: '1', DEMO_EMAIL: demoLogin.userEmail, DEMO_PASSWORD: demoLogin.userPassword };

/**
 * From spawning the server as `npm start` does to `/api/healthz` answering 200, on a data directory
 * that already holds the demo's data, against a bare script opening Fastify and PGlite on the same
 * directory, in alternating rounds.
 */
export const coldStart: Benchmark = {
  name: 'cold-start',
  run: (options) => withDataDir('cold-start', (dataDir) => benchColdStart(options, dataDir)),
};

async function benchColdStart(options: RoundOptions, dataDir: string): Promise<BenchResult[]> {
  const product = productServer();
  const seeding = await startServer(product, { ...demoEnv, DATA_DIR: dataDir });
  await seeding.stop();
  const time = async (args: string[]): Promise<number> => {
    const server = await startServer(args, { ...demoEnv, DATA_DIR: dataDir });
    await server.stop();
    return server.startMs;
  };
  const times = await alternate(
    options,
    () => time(product),
    () => time([join(import.meta.dirname, 'bare-server.js')]),
  );
  const how = product[0] === '--import' ? 'sources through tsx' : 'compiled, plain node';
  return [
    {
      name: `cold start to healthy with the demo's data (${how}), against Fastify + PGlite.create`,
      unit: 'ms',
      product: times.product,
      baseline: times.baseline,
      better: 'lower',
      budget: { ratio: 1.3 },
    },
  ];
}
