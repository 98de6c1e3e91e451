import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { hasPgliteDatabase, loadPgliteDatabase } from '../db/client.ts';
import { privateFileMode } from './private-files.ts';

/**
 * A backup of the embedded default: one tar file holding the database (PGlite's own dump of its
 * data directory, gzipped) and the uploads folder as it is on disk.
 */
const databaseEntry = 'database.tar.gz';
const uploadsEntry = 'uploads';

/**
 * Writes a backup of DATA_DIR to `file`. It is written beside it under another name and renamed
 * when complete, so a file at `file` is always a whole backup; like DATA_DIR, it is its owner's only.
 */
export async function writeBackup(options: {
  dataDir: string;
  dumpDatabase: () => Promise<Blob>;
  /** False when uploads live in object storage, which is copied on its own. */
  withUploads: boolean;
  file: string;
}): Promise<void> {
  const staging = await mkdtemp(join(dirname(options.file), '.backup-'));
  const partial = join(staging, 'backup.tar');
  try {
    // The archiver loads with a backup, not with every start of the server.
    const tar = await import('tar');
    const dump = await options.dumpDatabase();
    await writeFile(join(staging, databaseEntry), Buffer.from(await dump.arrayBuffer()));
    await tar.create({ file: partial, cwd: staging, portable: true }, [databaseEntry]);
    if (options.withUploads && existsSync(join(options.dataDir, uploadsEntry))) {
      await tar.replace({ file: partial, cwd: options.dataDir, portable: true }, [uploadsEntry]);
    }
    await chmod(partial, privateFileMode);
    await rename(partial, options.file);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Restores a backup into DATA_DIR, which must hold no database and no uploads: a restore never
 * overwrites data, the operator moves the old folder away first. The server must be stopped.
 */
export async function restoreBackup(options: { dataDir: string; file: string }): Promise<void> {
  await mkdir(options.dataDir, { recursive: true });
  const uploads = join(options.dataDir, uploadsEntry);
  if (hasPgliteDatabase(options.dataDir) || (existsSync(uploads) && (await readdir(uploads)).length > 0)) {
    throw new Error(`${options.dataDir} already holds data: restore into an empty DATA_DIR`);
  }
  const staging = await mkdtemp(join(options.dataDir, '.restore-'));
  try {
    const tar = await import('tar');
    await tar.extract({ file: options.file, cwd: staging, strict: true });
    const dump = join(staging, databaseEntry);
    if (!existsSync(dump)) throw new Error(`${options.file} is not a backup: it holds no ${databaseEntry}`);
    await loadPgliteDatabase(options.dataDir, new Blob([await readFile(dump)]));
    if (existsSync(join(staging, uploadsEntry))) {
      await rm(uploads, { recursive: true, force: true });
      await rename(join(staging, uploadsEntry), uploads);
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
