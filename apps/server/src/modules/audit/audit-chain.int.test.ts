import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { appRoleGrants } from '../../db/client.ts';
import { auditRepository, checkAuditChain, type AuditActor } from './audit.repository.ts';

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
 * Runs one statement as the app's restricted role in a transaction of its own: the app's own
 * connection where it is one (PostgreSQL with MIGRATION_DATABASE_URL), else a role given the same
 * grants (the embedded database has one user).
 */
async function asAppRole(app: TestApp, statement: string): Promise<unknown> {
  const { app: current, owner } = await roles(app);
  if (current !== owner) return app.app.db.execute(sql.raw(statement));
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
    await tx.execute(sql.raw(`set local role ${testAppRole}`));
    return tx.execute(sql.raw(statement));
  });
}

describe('the audit trail against the role the app connects as', () => {
  it('only inserts and reads rows: it cannot change, remove or truncate them, disable triggers or replication', async () => {
    t = await createTestApp();
    const app = t;
    const { app: current, owner, superuser } = await roles(app);
    if (current !== owner) expect(superuser).toBe(false);
    await asAppRole(app, `insert into audit_event (at, seq_user, action, entity) values (now(), 1, 'read', 'patient')`);
    await asAppRole(app, `select count(*) from audit_event`);
    for (const statement of [
      `update audit_event set ip = '203.0.113.9'`,
      `delete from audit_event`,
      `truncate audit_event`,
      `alter table audit_event disable trigger user`,
      `set session_replication_role = replica`,
    ]) {
      const error = await asAppRole(app, statement).then(
        () => undefined,
        (error: unknown) => error,
      );
      // insufficient_privilege: the role is refused before any trigger could be.
      expect([statement, errorCode(error)]).toEqual([statement, '42501']);
    }
    expect(await checkAuditChain(app.app.db)).toMatchObject({ rows: 1, firstBrokenId: null });
  });
});

describe('the hash chain', () => {
  it('holds under concurrent inserts, and a removed row breaks it at the next one', async () => {
    t = await createTestApp();
    const app = t;
    await Promise.all(Array.from({ length: 12 }, () => appendReads(app, 3)));
    const intact = await checkAuditChain(app.app.db);
    expect(intact).toMatchObject({ rows: 36, firstBrokenId: null });
    expect(intact.lastHash).toMatch(/^[0-9a-f]{64}$/);

    const ids = await auditIds(app);
    await app.asOwner([
      'alter table audit_event disable trigger audit_event_no_update_or_delete',
      `delete from audit_event where id = ${ids[20]}`,
      'alter table audit_event enable trigger audit_event_no_update_or_delete',
    ]);
    expect(await checkAuditChain(app.app.db)).toMatchObject({ rows: 35, firstBrokenId: ids[21] });
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
    const verify = promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', resolve(import.meta.dirname, '../../audit-verify.ts')],
      { env: app.databaseEnv },
    );
    await expect(verify).rejects.toMatchObject({
      code: 1,
      stdout: `audit trail broken at row ${ids[2]} (audit_event.id): it was changed, or a row before it was changed or removed\n`,
    });
  });
});
