import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * PGlite: migrates one template database that every test file copies (opening a copy takes a
 * fraction of creating one). PostgreSQL: clears the schemas a crashed run may have left.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    await dropTestSchemas(databaseUrl);
    project.provide('pgliteTemplate', '');
    return () => dropTestSchemas(databaseUrl);
  }
  const template = await mkdtemp(join(tmpdir(), 'clinic-template-'));
  const handle = await openDatabase({ dataDir: template, databaseSchema: 'public' });
  await handle.close();
  project.provide('pgliteTemplate', template);
  return () => rm(template, { recursive: true, force: true });
}

async function dropTestSchemas(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ nspname: string }>(
      "select nspname from pg_namespace where nspname like 'test\\_%'",
    );
    for (const { nspname } of rows) await client.query(`drop schema "${nspname}" cascade`);
  } finally {
    await client.end();
  }
}
