import { parseConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { checkAuditChain } from './modules/audit/index.ts';

/**
 * npm run audit:verify: checks the audit trail's hash chain on the database the server is
 * configured for (the embedded one only while the server is stopped) and names the first broken row.
 */
const database = await openDatabase(parseConfig());
try {
  const check = await checkAuditChain(database.db);
  if (check.firstBrokenId === null) {
    process.stdout.write(`audit trail intact: ${check.rows} rows, last hash ${check.lastHash ?? 'none'}\n`);
  } else {
    process.stdout.write(
      `audit trail broken at row ${check.firstBrokenId} (audit_event.id): it was changed, or a row before it was changed or removed\n`,
    );
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
