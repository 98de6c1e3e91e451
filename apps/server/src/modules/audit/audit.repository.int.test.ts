import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedClinician } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { auditEvent } from '../../db/schema.ts';
import { auditInsert } from './audit.repository.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const synchronousCommit = async (db: Pick<TestApp['app']['db'], 'execute'>): Promise<string> => {
  const result = (await db.execute(sql`select current_setting('synchronous_commit') as value`)) as {
    rows: { value: string }[];
  };
  return result.rows[0]!.value;
};

describe("a read's audit entry", () => {
  it('is written by the read statement, whose transaction alone commits without waiting for the flush', async () => {
    const clinician = await verifiedClinician(t.app, t.mail);
    const actor = { seqUser: clinician.seqUser, ip: '127.0.0.1', userAgent: 'test', requestId: 'audit-read' };
    const during = await t.app.db.transaction(async (tx) => {
      await tx.execute(
        sql`with audit as (${auditInsert(actor, new Date(), { action: 'read', entity: 'patient_list', entityId: sql`'7'` })}) select 1`,
      );
      return synchronousCommit(tx);
    });
    expect(during).toBe('off');
    // Whatever runs next on the connection, a write first, waits for its flush again.
    const after = await t.app.db.transaction((tx) => synchronousCommit(tx));
    expect(after).toBe('on');
    const rows = await t.app.db.select().from(auditEvent).where(eq(auditEvent.requestId, 'audit-read'));
    expect(rows).toMatchObject([{ action: 'read', entity: 'patient_list', entityId: '7', seqUser: clinician.seqUser }]);
  });
});
