import { resolve } from 'node:path';
import type { Config } from '../config.ts';
import { dumpPgliteDatabase, hasPgliteDatabase, openDatabase } from '../db/client.ts';
import { restoreBackup, writeBackup } from './backup.ts';
import { sendControl } from './control-socket.ts';

/**
 * The server's operator commands (`node server.js <command>`, npm run migrate, backup, restore):
 * each does its work and returns what to print, or throws what the operator must change.
 */
export const commands: Record<string, (config: Config, argument: string | undefined) => Promise<string>> = {
  /** Applies the migrations under the same lock as a start, and exits. */
  async migrate(config) {
    await (await openDatabase(config)).close();
    return 'migrations applied';
  },

  /** Backs up the embedded database and the uploads, from the running server if there is one. */
  async backup(config, argument) {
    if (config.databaseUrl) throw new Error('on PostgreSQL, back up with pg_dump (see the README)');
    if (!argument) throw new Error('usage: backup <file>');
    const file = resolve(argument);
    if (await sendControl(config.dataDir, 'backup', { file })) return `backup written to ${file} by the running server`;
    if (!hasPgliteDatabase(config.dataDir)) throw new Error(`${config.dataDir} holds no database`);
    await writeBackup({
      dataDir: config.dataDir,
      dumpDatabase: () => dumpPgliteDatabase(config.dataDir),
      withUploads: !config.s3,
      file,
    });
    return `backup written to ${file}`;
  },

  /** Restores a backup into an empty DATA_DIR while no server runs there. */
  async restore(config, argument) {
    if (config.databaseUrl) throw new Error('on PostgreSQL, restore with pg_restore (see the README)');
    if (!argument) throw new Error('usage: restore <file>');
    // A server that answers on DATA_DIR has it open: a restore under it would be lost or corrupt it.
    if (await sendControl(config.dataDir, 'ping', {})) throw new Error('stop the server on DATA_DIR first');
    await restoreBackup({ dataDir: config.dataDir, file: resolve(argument) });
    return `restored ${resolve(argument)} into ${config.dataDir}`;
  },
};
