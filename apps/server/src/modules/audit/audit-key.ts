import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../../config.ts';

type KeySource = Pick<Config, 'audit' | 'dataDir'>;

const keyFile = (dataDir: string): string => join(dataDir, 'audit.key');

/**
 * AUDIT_KEY, else the key kept in DATA_DIR/audit.key, made there on the first start and readable by
 * this user only. Never the database: whoever can rewrite the trail there must not be able to sign it.
 */
export async function auditKeyOf(source: KeySource): Promise<string> {
  if (source.audit.key) return source.audit.key;
  await mkdir(source.dataDir, { recursive: true });
  await writeFile(keyFile(source.dataDir), randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' }).catch(
    (error: unknown) => {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    },
  );
  return (await readFile(keyFile(source.dataDir), 'utf8')).trim();
}

/** The key a check uses, never made here: a new key would vouch for nothing. */
export function existingAuditKey(source: KeySource): Promise<string | undefined> {
  if (source.audit.key) return Promise.resolve(source.audit.key);
  return readFile(keyFile(source.dataDir), 'utf8').then(
    (key) => key.trim(),
    () => undefined,
  );
}
