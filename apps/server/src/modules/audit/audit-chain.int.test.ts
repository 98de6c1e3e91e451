import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { appRoleGrants } from '../../db/client.ts';
import { auditKeyOf } from './audit-key.ts';
import { auditRepository, type AuditActor } from './audit.repository.ts';
import { checkAuditTrail } from './audit-trail-check.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const actor: AuditActor = { seqUser: 1, ip: '127.0.0.1', userAgent: 'test', requestId: 'chain' };
const appendReads = (app: TestApp, count: number): Promise<void> =>
  auditRepository(app.app.db).append(
    actor,
    new Date(),
    Array.from({ length: count }, (_, index) => ({ action: 'read' as const, entity: 'patient', entityId: index })),
  );

const auditIds = async (app: TestApp): Promise<number[]> => {
  const result = (await app.app.db.execute(sql`select id from audit_event order by id`)) as {
    rows: { id: string | number }[];
  };
  return result.rows.map((row) => Number(row.id));
};

/** The key the app signs with: unset in the tests, so the one it made in its DATA_DIR. */
const keyOf = (app: TestApp): Promise<string> =>
  auditKeyOf({ audit: { key: undefined, checkpointSeconds: 3600 }, dataDir: app.dataDir });
const checkTrail = async (app: TestApp, kept?: Parameters<typeof checkAuditTrail>[2]) =>
  checkAuditTrail(app.app.db, await keyOf(app), kept);

/** The checkpoints the app logged, oldest first, as the operator's log keeps them. */
const loggedCheckpoints = (app: TestApp): string[] =>
  app
    .logs()
    .split('\n')
    .filter((line) => line.includes('"auditCheckpoint"'));

const runVerify = (app: TestApp, args: string[] = []) =>
  promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', resolve(import.meta.dirname, '../../audit-verify.ts'), ...args],
    {
      env: app.databaseEnv,
    },
  );

const errorCode = (error: unknown): unknown =>
  (error as { cause?: { code?: unknown } }).cause?.code ?? (error as { code?: unknown }).code;

/** The role the app connects as, and who owns the audit trail. */
const roles = async (app: TestApp): Promise<{ app: string; owner: string; superuser: boolean }> => {
  const result = (await app.app.db.execute(
    sql`select current_user as app, pg_get_userbyid(relowner) as owner,
      (select rolsuper from pg_roles where rolname = current_user) as superuser
      from pg_class where oid = 'audit_event'::regclass`,
  )) as { rows: { app: string; owner: string; superuser: boolean }[] };
  return result.rows[0]!;
};

const testAppRole = 'clinic_audit_test_app';

/**
 * Runs statements as the app's restricted role in one transaction: the app's own connection where
 * it is one (PostgreSQL with MIGRATION_DATABASE_URL), else a role given the same grants (the
 * embedded database has one user).
 */
async function asAppRole(app: TestApp, ...statements: string[]): Promise<unknown> {
  const { app: current, owner } = await roles(app);
  if (current === owner)
    await app.asOwner([
      `do $$ begin create role ${testAppRole}; exception when duplicate_object then null; end $$`,
      ...appRoleGrants(
        // PGlite keeps drizzle's migrations in a schema of their own.
        {
          schema: app.schema,
          role: testAppRole,
          migrationsSchema: app.databaseEnv.DATABASE_URL ? app.schema : 'drizzle',
        },
        pg.escapeIdentifier,
      ),
    ]);
  return app.app.db.transaction(async (tx) => {
    if (current === owner) await tx.execute(sql.raw(`set local role ${testAppRole}`));
    let result: unknown;
    for (const statement of statements) result = await tx.execute(sql.raw(statement));
    return result;
  });
}

/** What the owner (or a superuser) can do: remove rows, then make the chain agree with itself with the database's own function. */
const removeAndRechain = (app: TestApp, where: string): Promise<void> =>
  app.asOwner([
    'alter table audit_event disable trigger audit_event_no_update_or_delete',
    `delete from audit_event where ${where}`,
    `do $$ declare previous text; entry audit_event; begin
      for entry in select * from audit_event order by id loop
        previous := audit_event_hash(previous, entry);
        update audit_event set hash = previous where id = entry.id;
      end loop; end $$`,
    'alter table audit_event enable trigger audit_event_no_update_or_delete',
  ]);

describe('the audit trail against the role the app connects as', () => {
  it('only inserts and reads rows and checkpoints: it cannot change, remove or truncate them, disable triggers or replication', async () => {
    t = await createTestApp();
    const app = t;
    const { app: current, owner, superuser } = await roles(app);
    if (current !== owner) expect(superuser).toBe(false);
    await asAppRole(app, `insert into audit_event (at, seq_user, action, entity) values (now(), 1, 'read', 'patient')`);
    await asAppRole(app, `select count(*) from audit_event`);
    await app.app.jobs.tick();
    for (const statement of [
      `update audit_event set ip = '203.0.113.9'`,
      `delete from audit_event`,
      `truncate audit_event`,
      `alter table audit_event disable trigger user`,
      `set session_replication_role = replica`,
      `update audit_checkpoint set rows = 0`,
      `delete from audit_checkpoint`,
    ]) {
      const error = await asAppRole(app, statement).then(
        () => undefined,
        (error: unknown) => error,
      );
      // insufficient_privilege: the role is refused before any trigger could be.
      expect([statement, errorCode(error)]).toEqual([statement, '42501']);
    }
    expect(await checkTrail(app)).toMatchObject({ rows: 1, checkpoints: 1, fault: null });
  });

  it('cannot make the next row chain to a hash of its choosing with a temporary table of the same name', async () => {
    t = await createTestApp();
    const app = t;
    await appendReads(app, 2);
    await asAppRole(
      app,
      'create temporary table audit_event (id bigint, hash text) on commit drop',
      `insert into pg_temp.audit_event values (9000000000, '${'0'.repeat(64)}')`,
      `insert into ${pg.escapeIdentifier(app.schema)}.audit_event (at, seq_user, action, entity) values (now(), 1, 'read', 'patient')`,
    );
    expect(await checkTrail(app)).toMatchObject({ rows: 3, fault: null });
  });
});

describe('the hash chain', () => {
  it('holds under concurrent inserts, and a removed row breaks it at the next one', async () => {
    t = await createTestApp();
    const app = t;
    await Promise.all(Array.from({ length: 12 }, () => appendReads(app, 3)));
    const intact = await checkTrail(app);
    expect(intact).toMatchObject({ rows: 36, fault: null });
    expect(intact.head).toMatch(/^[0-9a-f]{64}$/);

    const ids = await auditIds(app);
    await app.asOwner([
      'alter table audit_event disable trigger audit_event_no_update_or_delete',
      `delete from audit_event where id = ${ids[20]}`,
      'alter table audit_event enable trigger audit_event_no_update_or_delete',
    ]);
    expect(await checkTrail(app)).toMatchObject({ rows: 20, fault: { kind: 'changed', id: ids[21] } });
  });

  it('is checked by npm run audit:verify, which names the first changed row', async () => {
    t = await createTestApp();
    const app = t;
    await appendReads(app, 5);
    const ids = await auditIds(app);
    await app.asOwner([
      'alter table audit_event disable trigger audit_event_no_update_or_delete',
      `update audit_event set entity_id = '99' where id = ${ids[2]}`,
      'alter table audit_event enable trigger audit_event_no_update_or_delete',
    ]);
    // The embedded database admits one process at a time.
    await app.app.close();
    await expect(runVerify(app)).rejects.toMatchObject({
      code: 1,
      stdout: `audit trail broken at row ${ids[2]} (audit_event.id): it was changed, or a row before it was changed or removed\n`,
    });
  }, 90_000);
});

describe('signed checkpoints', () => {
  it('are signed at the interval with a key kept outside the database, logged, and shown in the metrics', async () => {
    const metricsToken = 'audit-checkpoint-scraper-0123456789';
    t = await createTestApp({ env: { METRICS_TOKEN: metricsToken, AUDIT_CHECKPOINT_SECONDS: '600' } });
    const app = t;
    expect((await stat(join(app.dataDir, 'audit.key'))).mode & 0o777).toBe(0o600);
    const key = await keyOf(app);
    const secrets = (await app.app.db.execute(sql`select value from app_secret`)) as { rows: { value: string }[] };
    expect(secrets.rows.map((row) => row.value)).not.toContain(key);

    await appendReads(app, 4);
    await app.app.jobs.tick();
    await appendReads(app, 2);
    app.clock.advance(599_000);
    await app.app.jobs.tick();
    expect(loggedCheckpoints(app)).toHaveLength(1);
    app.clock.advance(1000);
    await app.app.jobs.tick();
    const [first, second] = loggedCheckpoints(app).map(
      (line) => (JSON.parse(line) as { auditCheckpoint: { rows: number; lastId: number; at: string } }).auditCheckpoint,
    );
    const ids = await auditIds(app);
    expect(first).toMatchObject({ rows: 4, lastId: ids[3], at: '2026-11-22T09:00:00.000Z' });
    expect(second).toMatchObject({ rows: 6, lastId: ids[5], at: '2026-11-22T09:10:00.000Z' });
    expect(app.logs()).not.toContain(key);

    const metrics = await app.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${metricsToken}` } });
    expect(metrics.body).toContain('clinic_audit_checkpoint_rows 6\n');
    expect(metrics.body).toContain(`clinic_audit_checkpoint_last_id ${ids[5]}\n`);
    expect(metrics.body).toContain(`clinic_audit_checkpoint_timestamp_seconds ${Date.parse(second!.at) / 1000}\n`);
    expect(await checkTrail(app)).toMatchObject({ rows: 6, checkpoints: 2, fault: null });
  });

  it("name a superuser's rewrite: a row removed and the chain recomputed with the database's own function", async () => {
    t = await createTestApp();
    const app = t;
    await appendReads(app, 3);
    await app.app.jobs.tick();
    await appendReads(app, 3);
    app.clock.advance(3_600_000);
    await app.app.jobs.tick();
    const ids = await auditIds(app);

    await removeAndRechain(app, `id = ${ids[4]}`);
    // The chain agrees with itself again: without a signed checkpoint nothing would show.
    const check = await checkTrail(app);
    expect(check).toMatchObject({
      rows: 5,
      fault: { kind: 'rewritten', heldUpTo: ids[2], checkpoint: { rows: 6, lastId: ids[5] }, found: { rows: 5 } },
    });

    // No checkpoint vouches for the rewritten trail.
    app.clock.advance(3_600_000);
    await app.app.jobs.tick();
    expect(loggedCheckpoints(app)).toHaveLength(2);
    expect(app.logs()).toContain(`audit row ${ids[5]} no longer matches the checkpoint`);

    // Nor does one of the attacker's making, without the key.
    await app.asOwner([
      `insert into audit_checkpoint (at, rows, last_id, head, signature)
        select now(), 5, id, hash, repeat('ab', 32) from audit_event order by id desc limit 1`,
    ]);
    expect((await checkTrail(app)).fault).toMatchObject({ kind: 'unsigned', checkpoint: { rows: 5 } });
  });

  it('name the newest rows dropped, with the checkpoints that held them, against the one the operator kept', async () => {
    t = await createTestApp();
    const app = t;
    await appendReads(app, 5);
    await app.app.jobs.tick();
    const [kept] = loggedCheckpoints(app);
    const ids = await auditIds(app);
    await app.asOwner([
      'alter table audit_event disable trigger audit_event_no_update_or_delete',
      `delete from audit_event where id > ${ids[2]}`,
      'alter table audit_event enable trigger audit_event_no_update_or_delete',
      'delete from audit_checkpoint',
    ]);
    expect(await checkTrail(app)).toMatchObject({ rows: 3, checkpoints: 0, fault: null });

    // The command as the operator runs it, given the log line they kept.
    await app.app.close();
    await expect(runVerify(app, ['--checkpoint', kept!])).rejects.toMatchObject({
      code: 1,
      stdout: expect.stringMatching(
        new RegExp(
          `^audit trail truncated: the checkpoint of 2026-11-22T09:00:00.000Z signed 5 rows up to row ${ids[4]} ending in hash [0-9a-f]{64}, the trail ends at row ${ids[2]} with 3 rows\n$`,
        ),
      ) as unknown,
    });
  }, 90_000);
});
