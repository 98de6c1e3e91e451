import { parseArgs } from 'node:util';
import { parseConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import {
  type AuditCheckpoint,
  type AuditTrailFault,
  checkAuditTrail,
  existingAuditKey,
  parseKeptCheckpoint,
} from './modules/audit/index.ts';

/**
 * npm run audit:verify [-- --checkpoint '<checkpoint or its log line>']: checks the audit trail on
 * the database the server is configured for (the embedded one only while the server is stopped)
 * against its hash chain and the checkpoints signed with the audit key, the stored ones and the
 * one the operator kept, and names what was changed or removed.
 */
const { values } = parseArgs({ options: { checkpoint: { type: 'string' } } });

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

const describeCheckpoint = (checkpoint: AuditCheckpoint): string =>
  `the checkpoint of ${checkpoint.at} signed ${checkpoint.rows} rows up to row ${checkpoint.lastId} ending in hash ${checkpoint.head || 'none'}`;

function describeFault(fault: AuditTrailFault): string {
  switch (fault.kind) {
    case 'changed':
      return `audit trail broken at row ${fault.id} (audit_event.id): it was changed, or a row before it was changed or removed`;
    case 'unsigned':
      return `audit checkpoint of ${fault.checkpoint.at} (rows up to row ${fault.checkpoint.lastId}) is not signed with the audit key: it was forged or changed, or the key is not the server's`;
    case 'rewritten':
      return `audit trail rewritten after row ${fault.heldUpTo} (audit_event.id): ${describeCheckpoint(fault.checkpoint)}, the trail has ${fault.found.rows} rows up to row ${fault.found.lastId} ending in hash ${fault.found.head || 'none'}`;
    case 'truncated':
      return `audit trail truncated: ${describeCheckpoint(fault.checkpoint)}, the trail ends at row ${fault.found.lastId} with ${fault.found.rows} rows`;
  }
}

const config = parseConfig();
const kept = values.checkpoint === undefined ? undefined : parseKeptCheckpoint(values.checkpoint);
if (values.checkpoint !== undefined && !kept)
  fail('--checkpoint: not an audit checkpoint (give its JSON, or the log line that carried it)');
const key =
  (await existingAuditKey(config)) ??
  fail(
    'no audit key: set AUDIT_KEY or AUDIT_KEY_FILE as the server has it, or DATA_DIR to the folder holding its audit.key',
  );

const database = await openDatabase(config);
try {
  const check = await checkAuditTrail(database.db, key, kept);
  if (check.fault === null) {
    process.stdout.write(
      `audit trail intact: ${check.rows} rows, last row ${check.lastId}, last hash ${check.head || 'none'}; it matches ${check.checkpoints} signed checkpoints\n`,
    );
  } else {
    process.stdout.write(`${describeFault(check.fault)}\n`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
