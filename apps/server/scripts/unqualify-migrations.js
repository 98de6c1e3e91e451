// drizzle-kit writes `"public".` before referenced tables; without it a migration applies to
// whichever schema DATABASE_SCHEMA names.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const folder = join(import.meta.dirname, '../src/db/migrations');
for (const file of readdirSync(folder).filter((name) => name.endsWith('.sql'))) {
  const path = join(folder, file);
  writeFileSync(path, readFileSync(path, 'utf8').replaceAll('"public".', ''));
}
