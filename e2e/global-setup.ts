import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { root, serverArgs } from './harness.ts';

/** A data folder that a short-lived server process migrated and, with the demo, seeded. */
async function preparedDataDir(demo: boolean): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), demo ? 'clinic-e2e-demo-' : 'clinic-e2e-empty-'));
  const seed = spawn(process.execPath, [...serverArgs, '--seed-demo'], {
    cwd: root,
    // The sandbox payment processor on any free port: another run may hold its default one.
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      DEMO: demo ? '1' : '0',
      LOG_LEVEL: 'warn',
      PAYMENT_SANDBOX_PORT: '0',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  seed.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => seed.once('exit', resolve));
  if (code !== 0)
    throw new Error(`preparing the ${demo ? 'demo' : 'empty'} database failed (exit code ${code}):\n${errors}`);
  return dataDir;
}

/**
 * Prepares, once for the run, the embedded database every stack starts from a copy of: the demo
 * (its devices' year of uploads took most of each stack's start) or, without it, the migrated
 * schema (migrating took a stack half a minute on a busy machine).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [demo, empty] = await Promise.all([preparedDataDir(true), preparedDataDir(false)]);
  project.provide('demoDataDir', demo);
  project.provide('emptyDataDir', empty);
  return async () => {
    await rm(demo, { recursive: true, force: true });
    await rm(empty, { recursive: true, force: true });
  };
}
