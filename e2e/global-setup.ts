import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { root, serverArgs } from './harness.ts';

/**
 * Seeds the demo once for the run: its devices' year of uploads took most of each stack's start,
 * and every stack on the embedded database starts from the same demo.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'clinic-e2e-demo-'));
  const seed = spawn(process.execPath, [...serverArgs, '--seed-demo'], {
    cwd: root,
    // The sandbox payment processor on any free port: another run may hold its default one.
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, DEMO: '1', LOG_LEVEL: 'warn', PAYMENT_SANDBOX_PORT: '0' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  seed.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => seed.once('exit', resolve));
  if (code !== 0) throw new Error(`seeding the demo failed (exit code ${code}):\n${errors}`);
  project.provide('demoDataDir', dataDir);
  return () => rm(dataDir, { recursive: true, force: true });
}
