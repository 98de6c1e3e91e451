import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { parseConfig } from '../apps/server/src/config.ts';
import { managerRepository, userRepository } from '../apps/server/src/modules/user/user.repository.ts';
import { throughput } from './load.ts';

export const seconds = Number(process.env.BENCH_SECONDS ?? 5);
export const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

export interface BenchApp {
  app: FastifyInstance;
  bare: FastifyInstance;
  seqManager: number;
  token: string;
  close(): Promise<void>;
}

/** The real app on a database of its own with one verified clinician, and a bare Fastify beside it. */
export async function benchApp(name: string): Promise<BenchApp> {
  const dataDir = await mkdtemp(join(tmpdir(), `clinic-bench-${name}-`));
  const schema = `bench_${name}_${process.pid}`;
  const config = parseConfig({
    DATA_DIR: dataDir,
    ...(process.env.DATABASE_URL && { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: schema }),
    DEMO: '0',
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp(config);
  const email = `${name}@example.com`;
  const signUp = await app.inject({
    method: 'POST',
    url: '/api/user/signUp',
    payload: {
      userId: `bench-${name}`,
      firstName: 'Bench',
      lastName: 'Mark',
      userEmail: email,
      userPassword: 'Bench-mark-2026',
      title: 'MD',
      npiNumber: '1234567893',
      signatureImage:
        'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      agreeTerms: true,
      agreePrivacy: true,
      agreePersonalInfo: true,
      agreeProvider: true,
    },
  });
  if (signUp.statusCode !== 200) throw new Error(signUp.body);
  const user = (await userRepository(app.db).findLiveByEmail(email))!;
  await userRepository(app.db).setEmailVerified(user.seqUser, new Date());
  const seqManager = (await managerRepository(app.db).findByUser(user.seqUser))!.seqManager;
  const login = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { userEmail: email, userPassword: 'Bench-mark-2026' },
  });
  const token = login.json<{ token: { accessToken: string } }>().token.accessToken;
  const bare = Fastify();
  return {
    app,
    bare,
    seqManager,
    token,
    async close() {
      await bare.close();
      if (process.env.DATABASE_URL) await app.db.execute(sql.raw(`drop schema if exists "${schema}" cascade`));
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Requests per second of an endpoint and of its bare baseline, warmed up and alternated, and their ratio. */
export async function compare(
  label: string,
  endpoint: { url: string; body: string; headers: Record<string, string> },
  baseline: { url: string; body: string },
): Promise<void> {
  const json = { 'content-type': 'application/json' };
  const run = (target: { url: string; body: string; headers?: Record<string, string> }, time: number) =>
    throughput(target.url, { body: target.body, headers: { ...json, ...target.headers } }, time);
  await run(endpoint, 1);
  await run(baseline, 1);
  let endpointRate = 0;
  let baselineRate = 0;
  for (let round = 0; round < 2; round++) {
    endpointRate += await run(endpoint, seconds / 2);
    baselineRate += await run(baseline, seconds / 2);
  }
  process.stdout.write(
    `${label} on ${database}: endpoint ${(endpointRate / 2).toFixed(1)} req/s, bare query ${(baselineRate / 2).toFixed(1)} req/s, ratio ${(endpointRate / baselineRate).toFixed(2)}\n`,
  );
}
