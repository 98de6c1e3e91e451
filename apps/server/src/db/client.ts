import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const migrationsFolder = resolve(import.meta.dirname, 'migrations');

/** Any id, fixed, that keeps two instances from migrating the same database at once. */
const migrationLockId = 7_240_512;

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  databaseSchema: string;
  dataDir: string;
}

/** Opens PostgreSQL when a URL is given, else the embedded PGlite in DATA_DIR/db, and migrates it. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.databaseSchema) : openPglite(options.dataDir);
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const directory = join(dataDir, 'db');
  mkdirSync(directory, { recursive: true });
  const client = await PGlite.create(directory);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() };
}

async function openPostgres(url: string, databaseSchema: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${databaseSchema}`, max: 10 });
  const db = drizzlePostgres(pool, { schema });
  const connection = await pool.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [migrationLockId]);
    await connection.query(`create schema if not exists "${databaseSchema}"`);
    await migratePostgres(drizzlePostgres(connection, { schema }), {
      migrationsFolder,
      migrationsSchema: databaseSchema,
    });
  } finally {
    await connection.query('select pg_advisory_unlock($1)', [migrationLockId]).catch(() => undefined);
    connection.release();
  }
  return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
