import type { Clock } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { messageRepository } from './message.repository.ts';

/** How long a file uploaded to a thread waits to be sent before it is removed. */
const unsentKeptMs = 24 * 60 * 60 * 1000;

export interface UnsentPurgeJob {
  run(database: Database): Promise<() => Promise<void>>;
}

/**
 * Removes the files uploaded to a thread and not sent within a day: their rows in the job's
 * transaction, their bytes once it committed (a file sent meanwhile is kept).
 */
export function unsentPurgeJob({ now, storage }: { now: Clock; storage: FileStorage }): UnsentPurgeJob {
  return {
    async run(database) {
      const keys = await messageRepository(database).purgeUnsent(new Date(now().getTime() - unsentKeptMs));
      return async () => {
        for (const key of keys) await storage.remove(key);
      };
    },
  };
}
