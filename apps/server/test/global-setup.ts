import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** Names this run's PostgreSQL schemas (test_<run>_...), so parallel runs leave each other alone. */
    testRun: string;
  }
}

/**
 * PGlite: migrates one template database that every test file copies (opening a copy takes a
 * fraction of creating one). PostgreSQL: clears the schemas a crashed run may have left.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The owner of the schemas (the app's role may own nothing).
  const databaseUrl = process.env.MIGRATION_DATABASE_URL ?? process.env.DATABASE_URL;
  const run = String(process.pid);
  project.provide('testRun', run);
  if (databaseUrl) {
    await dropTestSchemas(databaseUrl, (owner) => !isRunning(Number(owner)));
    project.provide('pgliteTemplate', '');
    return () => dropTestSchemas(databaseUrl, (owner) => owner === run);
  }
  const template = await mkdtemp(join(tmpdir(), 'clinic-template-'));
  const handle = await openDatabase({ dataDir: template, databaseSchema: 'public' });
  await handle.close();
  project.provide('pgliteTemplate', template);
  return () => rm(template, { recursive: true, force: true });
}

/** Whether a process (the run that made a schema) is still alive. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Drops the test schemas whose run (test_<run>_...) the predicate picks. */
async function dropTestSchemas(databaseUrl: string, pick: (run: string) => boolean): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ nspname: string }>(
      "select nspname from pg_namespace where nspname like 'test\\_%'",
    );
    for (const { nspname } of rows) {
      const run = /^test_(\d+)_/.exec(nspname)?.[1];
      if (run === undefined || pick(run)) await client.query(`drop schema "${nspname}" cascade`);
    }
  } finally {
    await client.end();
  }
}
