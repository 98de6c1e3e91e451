import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppOverrides } from '../src/app.ts';
import { parseConfig } from '../src/config.ts';
import { startMailCatcher, type MailCatcher } from './mail-catcher.ts';

/** A clock the test moves by hand. */
export interface TestClock {
  (): Date;
  advance(milliseconds: number): void;
}

export function testClock(start = new Date('2026-11-22T09:00:00Z')): TestClock {
  let time = start.getTime();
  const clock = (() => new Date(time)) as TestClock;
  clock.advance = (milliseconds) => {
    time += milliseconds;
  };
  return clock;
}

export interface TestApp {
  app: FastifyInstance;
  mail: MailCatcher;
  clock: TestClock;
  dataDir: string;
  /** The PostgreSQL schema of the test's database ('public' on PGlite). */
  schema: string;
  /** The environment that points the server, or one of its commands, at this test's database. */
  databaseEnv: Record<string, string>;
  /** Runs SQL as the database's owner, one transaction (the app's own user on PGlite). */
  asOwner(statements: string[]): Promise<void>;
  /** Everything the server logged. */
  logs(): string;
  close(): Promise<void>;
}

/**
 * The real app on a database of its own: a copy of the migrated PGlite template, or a fresh
 * schema on the PostgreSQL server of DATABASE_URL. Mail goes to a real SMTP server.
 */
export async function createTestApp(
  options: {
    beforeReady?: (app: FastifyInstance) => void;
    env?: Record<string, string>;
    overrides?: Omit<AppOverrides, 'now' | 'logStream'>;
    /** A second server instance on the same PostgreSQL database as this one. */
    sameDatabaseAs?: TestApp;
    /** Where the test's clock starts, when not at its fixed default. */
    clockStart?: Date;
    /** Mail is written to DATA_DIR/mail, as with no SMTP_URL, rather than sent to the catcher. */
    outbox?: boolean;
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'clinic-test-'));
  const databaseUrl = process.env.DATABASE_URL;
  // The owner migrates (and grants the app's role its rights in each test's schema).
  const ownerUrl = process.env.MIGRATION_DATABASE_URL ?? databaseUrl;
  const schema =
    options.sameDatabaseAs?.schema ??
    (databaseUrl ? `test_${inject('testRun')}_${randomBytes(6).toString('hex')}` : 'public');
  if (!databaseUrl) await cp(join(inject('pgliteTemplate'), 'db'), join(dataDir, 'db'), { recursive: true });
  const mail = await startMailCatcher();
  const clock = testClock(options.clockStart);
  const logLines: string[] = [];
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => logLines.push(chunk.toString()));
  const databaseEnv = {
    DATA_DIR: dataDir,
    ...(databaseUrl &&
      ownerUrl && { DATABASE_URL: databaseUrl, MIGRATION_DATABASE_URL: ownerUrl, DATABASE_SCHEMA: schema }),
  };
  const config = parseConfig({
    ...databaseEnv,
    ...(!options.outbox && { SMTP_URL: mail.url }),
    PUBLIC_URL: 'http://clinic.test',
    DEMO: '0',
    LOG_LEVEL: 'info',
    WEB_DIST: join(dataDir, 'no-web'),
    PATIENT_WEB_DIST: join(dataDir, 'no-web'),
    // Each test app's sandbox processor on a free port of its own.
    PAYMENT_SANDBOX_PORT: '0',
    ...options.env,
  });
  // The jobs run when a test calls app.jobs.tick(), on the test's clock.
  // Every reply is held to its contract: the fast serializer alone would drop or coerce what does not fit.
  const app = await buildApp(config, {
    now: clock,
    logStream,
    startJobs: false,
    checkReplies: true,
    ...options.overrides,
  });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    mail,
    clock,
    dataDir,
    schema,
    databaseEnv,
    async asOwner(statements) {
      if (!ownerUrl) {
        await app.db.transaction(async (tx) => {
          for (const statement of statements) await tx.execute(sql.raw(statement));
        });
        return;
      }
      const client = new pg.Client({ connectionString: ownerUrl, options: `-c search_path=${schema}` });
      await client.connect();
      try {
        await client.query(statements.join(';\n'));
      } finally {
        await client.end();
      }
    },
    logs: () => logLines.join(''),
    async close() {
      await app.close();
      await mail.close();
      if (databaseUrl && !options.sameDatabaseAs) {
        const client = new pg.Client({ connectionString: ownerUrl });
        await client.connect();
        await client.query(`drop schema if exists "${schema}" cascade`);
        await client.end();
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
