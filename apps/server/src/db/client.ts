import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Pool } from 'pg';
import { makePrivate, privateFolderMode } from '../operations/private-files.ts';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * Advisory locks held while `work` runs, across its transactions and its calls to other services
 * (a transaction-scoped lock would keep a transaction open around a call to a card processor).
 */
export interface Locks {
  hold<T>(space: number, key: number, work: () => Promise<T>): Promise<T>;
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  locks: Locks;
  /** PostgreSQL's connections by pool (metrics); the embedded database has none. */
  poolStats?: () => Record<'queries' | 'locks', { total: number; idle: number; waiting: number }>;
  /** The embedded database's data directory as a gzipped tar, taken between two queries (backups). */
  dump?: () => Promise<Blob>;
  close(): Promise<void>;
}

export const migrationsFolder = resolve(import.meta.dirname, 'migrations');

/** Any id, fixed, that keeps two instances from migrating the same database at once. */
const migrationLockId = 7_240_512;

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** The owner's connection to PostgreSQL, which migrates; databaseUrl's role is then granted only what the app needs. */
  migrationDatabaseUrl?: string | undefined;
  databaseSchema: string;
  dataDir: string;
  /** PostgreSQL connections per instance: for queries, and for advisory locks held across work. */
  databasePoolSize?: number;
  databaseLockPoolSize?: number;
}

/** Opens PostgreSQL when a URL is given, else the embedded PGlite in DATA_DIR/db, and migrates it. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openPglite(options.dataDir);
}

/**
 * What the app's role may do in a schema the owner migrated: read and write every table but the
 * migrations' own, and only insert and read audit rows and checkpoints. It owns nothing, so it can neither alter
 * a table nor disable a trigger, and being no superuser it cannot set session_replication_role.
 * Given again after every migration, so new tables are covered.
 */
export function appRoleGrants(
  grant: { schema: string; role: string; migrationsSchema: string },
  quote: (name: string) => string,
): string[] {
  const [inSchema, to] = [quote(grant.schema), quote(grant.role)];
  return [
    `grant usage on schema ${inSchema} to ${to}`,
    `grant select, insert, update, delete on all tables in schema ${inSchema} to ${to}`,
    `revoke update, delete on ${inSchema}.audit_event, ${inSchema}.audit_checkpoint from ${to}`,
    `revoke all on ${quote(grant.migrationsSchema)}.__drizzle_migrations from ${to}`,
  ];
}

/**
 * PostgreSQL's default 128 MB of shared buffers live in the WebAssembly heap, which never shrinks;
 * a clinic's embedded database is far smaller, and the operating system caches its files anyway.
 */
const pgliteStartParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * Creates an embedded database (PostgreSQL's initdb) in a short-lived process: initdb needs a
 * 600 MB WebAssembly heap, and once freed the allocator would keep about 180 MB of it in the server.
 */
async function createPgliteDatabase(directory: string): Promise<void> {
  const script = `const { PGlite } = await import('@electric-sql/pglite'); await (await PGlite.create(process.argv[1])).close();`;
  // Run from here so that the package resolves from this app's node_modules.
  await promisify(execFile)(process.execPath, ['--input-type=module', '--eval', script, directory], {
    cwd: import.meta.dirname,
  });
}

/**
 * Opens an embedded database (from a dump, for a restore). PGlite writes files 0666 or 0644
 * whatever the umask (initdb's, a loaded dump's, its relation cache at every open): they are made
 * the server's user's only once it is open.
 */
async function openPgliteClient(directory: string, loadDataDir?: Blob): Promise<PGlite> {
  const client = await PGlite.create(directory, {
    startParams: pgliteStartParams,
    ...(loadDataDir && { loadDataDir }),
  });
  await makePrivate(directory);
  return client;
}

const pgliteDirectory = (dataDir: string): string => join(dataDir, 'db');

/** Whether DATA_DIR already holds an embedded database (its initdb has run). */
export function hasPgliteDatabase(dataDir: string): boolean {
  return existsSync(join(pgliteDirectory(dataDir), 'PG_VERSION'));
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const directory = pgliteDirectory(dataDir);
  mkdirSync(directory, { recursive: true, mode: privateFolderMode });
  if (!hasPgliteDatabase(dataDir)) await createPgliteDatabase(directory);
  const client = await openPgliteClient(directory);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  // One process owns an embedded database, so a lock in the process is a lock on the database.
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    locks: processLocks(),
    dump: () => client.dumpDataDir('gzip'),
    close: () => client.close(),
  };
}

/** The embedded database of a stopped server, dumped as the running one does (backups). */
export async function dumpPgliteDatabase(dataDir: string): Promise<Blob> {
  const client = await openPgliteClient(pgliteDirectory(dataDir));
  try {
    return await client.dumpDataDir('gzip');
  } finally {
    await client.close();
  }
}

/** Creates DATA_DIR's embedded database from a dump (restores). */
export async function loadPgliteDatabase(dataDir: string, dump: Blob): Promise<void> {
  const directory = pgliteDirectory(dataDir);
  mkdirSync(directory, { recursive: true, mode: privateFolderMode });
  await (await openPgliteClient(directory, dump)).close();
}

/** Locks among the callers in this process: each key's holders queue in turn. */
function processLocks(): Locks {
  const queues = new Map<string, Promise<void>>();
  return {
    async hold(space, key, work) {
      const name = `${space}:${key}`;
      const previous = queues.get(name) ?? Promise.resolve();
      let release = (): void => undefined;
      const done = new Promise<void>((resolve) => (release = resolve));
      const mine = previous.then(() => done);
      queues.set(name, mine);
      await previous;
      try {
        return await work();
      } finally {
        release();
        if (queues.get(name) === mine) queues.delete(name);
      }
    },
  };
}

/**
 * Session advisory locks, so instances sharing the database take turns too. They are held on
 * connections of their own, so a holder's work never waits for a connection a waiter is holding;
 * holders in this process queue first and occupy one such connection per key.
 */
function postgresLocks(pool: Pool): { locks: Locks; pool: Pool; close(): Promise<void> } {
  const local = processLocks();
  return {
    pool,
    locks: {
      hold: (space, key, work) =>
        local.hold(space, key, async () => {
          const connection = await pool.connect();
          try {
            await connection.query('select pg_advisory_lock($1, $2)', [space, key]);
            return await work();
          } finally {
            // A connection that cannot unlock is closed, which releases its locks.
            const unlocked = await connection.query('select pg_advisory_unlock($1, $2)', [space, key]).then(
              () => true,
              () => false,
            );
            connection.release(!unlocked);
          }
        }),
    },
    close: () => pool.end(),
  };
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<DatabaseHandle> {
  const { databaseSchema } = options;
  const migrationUrl = options.migrationDatabaseUrl ?? url;
  // Loaded only here, so that a start on the embedded database does not spend time loading them.
  const [{ default: pg }, { drizzle: drizzlePostgres }, { migrate: migratePostgres }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const searchPath = `-c search_path=${databaseSchema}`;
  const pool = new pg.Pool({ connectionString: url, options: searchPath, max: options.databasePoolSize ?? 10 });
  const db = drizzlePostgres(pool, { schema });
  const owner = new pg.Client({ connectionString: migrationUrl, options: searchPath });
  await owner.connect();
  try {
    await owner.query('select pg_advisory_lock($1)', [migrationLockId]);
    await owner.query(`create schema if not exists "${databaseSchema}"`);
    await migratePostgres(drizzlePostgres(owner, { schema }), { migrationsFolder, migrationsSchema: databaseSchema });
    const currentUser = 'select current_user as name';
    const role = (await pool.query<{ name: string }>(currentUser)).rows[0]!.name;
    const ownerRole = (await owner.query<{ name: string }>(currentUser)).rows[0]!.name;
    if (role !== ownerRole) {
      const grants = appRoleGrants(
        { schema: databaseSchema, role, migrationsSchema: databaseSchema },
        pg.escapeIdentifier,
      );
      // One query of several statements runs as one transaction.
      await owner.query(grants.join(';\n'));
    }
  } finally {
    await owner.query('select pg_advisory_unlock($1)', [migrationLockId]).catch(() => undefined);
    await owner.end();
  }
  const locks = postgresLocks(new pg.Pool({ connectionString: url, max: options.databaseLockPoolSize ?? 5 }));
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    locks: locks.locks,
    poolStats: () => ({ queries: statsOf(pool), locks: statsOf(locks.pool) }),
    close: async () => {
      await locks.close();
      await pool.end();
    },
  };
}

const statsOf = (pool: Pool): { total: number; idle: number; waiting: number } => ({
  total: pool.totalCount,
  idle: pool.idleCount,
  waiting: pool.waitingCount,
});

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
