import { chmod, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** DATA_DIR holds health data and keys: its folders and files are for the server's user alone. */
export const privateFolderMode = 0o700;
export const privateFileMode = 0o600;

/** Every folder and file the process creates from now on is its user's only (0700, 0600). */
export function createPrivateFiles(): void {
  process.umask(0o077);
}

/**
 * Makes `root` and every folder under it 0700 and every file 0600: what an earlier version or a
 * copy left readable, and the files PGlite writes 0666 or 0644 whatever the umask.
 * Symbolic links are left alone, so nothing outside `root` changes; a missing `root` is no error.
 */
export async function makePrivate(root: string): Promise<void> {
  let entries;
  try {
    entries = await readdir(root, { withFileTypes: true, recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  await chmod(root, privateFolderMode);
  for (const entry of entries) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isDirectory()) await chmod(path, privateFolderMode);
    else if (entry.isFile()) await chmod(path, privateFileMode);
  }
}
