import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

describe.skipIf(process.env.DATABASE_URL)('the embedded database', () => {
  const dataDirs: string[] = [];
  afterAll(() => Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  // A new embedded database runs initdb and every migration: seconds on a quiet machine, more on a busy one.
  it(
    'is created on first start, migrated, kept, and runs with small shared buffers',
    { timeout: 120_000 },
    async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'clinic-db-'));
      dataDirs.push(dataDir);
      const first = await openDatabase({ dataDir, databaseSchema: 'public' });
      await first.db.execute(sql`insert into app_secret (name, value) values ('kept', 'yes')`);
      await first.close();

      const again = await openDatabase({ dataDir, databaseSchema: 'public' });
      try {
        const kept: unknown = await again.db.execute(sql`select value from app_secret where name = 'kept'`);
        expect(kept).toMatchObject({ rows: [{ value: 'yes' }] });
        const buffers: unknown = await again.db.execute(sql`show shared_buffers`);
        expect(buffers).toMatchObject({ rows: [{ shared_buffers: '16MB' }] });
      } finally {
        await again.close();
      }
    },
  );
});
