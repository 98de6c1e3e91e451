import type { Clock } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { challengeRepository } from './challenge.repository.ts';

export interface ChallengePurgeJob {
  run(database: Database): Promise<() => Promise<void>>;
}

/** Deletes the login and passkey challenges that have expired: used or not, they can serve no login. */
export function challengePurgeJob({ now }: { now: Clock }): ChallengePurgeJob {
  return {
    async run(database) {
      await challengeRepository(database).purgeExpired(now());
      return () => Promise.resolve();
    },
  };
}
