import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';

/** A background job: its work runs in a transaction and returns what to do once it committed. */
export interface Job {
  name: string;
  /** The advisory lock that lets one instance at a time run it. */
  lockKey: number;
  run(tx: Database): Promise<() => Promise<void>>;
}

const lockSpace = 7240514;

export interface JobRunner {
  tick(): Promise<void>;
  start(intervalMs: number): void;
  stop(): Promise<void>;
}

/**
 * Runs the jobs on a timer. Each run takes a transaction-scoped advisory lock, so with several
 * instances on one database only one runs a job at a time; the jobs' own updates make each
 * change happen once.
 */
export function jobRunner({
  db,
  jobs,
  log,
  onRun,
}: {
  db: Database;
  jobs: Job[];
  log: FastifyBaseLogger;
  /** Told of each run's outcome (metrics). */
  onRun: (job: string, outcome: 'success' | 'failure') => void;
}): JobRunner {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  async function runOne(job: Job): Promise<void> {
    const after = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ locked: sql<boolean>`pg_try_advisory_xact_lock(${lockSpace}, ${job.lockKey})` })
        .from(sql`(values (1)) as one`);
      const locked = row?.locked === true;
      return locked ? job.run(tx) : undefined;
    });
    await after?.();
  }

  async function tick(): Promise<void> {
    for (const job of jobs) {
      try {
        await runOne(job);
        onRun(job.name, 'success');
      } catch (error) {
        log.error({ err: error, job: job.name }, 'background job failed');
        onRun(job.name, 'failure');
      }
    }
  }

  function tickOnce(): Promise<void> {
    running = running.then(tick);
    return running;
  }

  return {
    /** One pass of every job; the timer calls it, and tests call it with a fixed clock. */
    tick: tickOnce,
    start(intervalMs: number): void {
      timer = setInterval(() => void tickOnce(), intervalMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      await running;
    },
  };
}
