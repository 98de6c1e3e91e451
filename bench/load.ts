import { fork, type ChildProcess } from 'node:child_process';

/** Requests of one POST, by a fixed number of concurrent callers for a fixed time. */
export interface LoadJob {
  url: string;
  body: string;
  headers: Record<string, string>;
  seconds: number;
  concurrency: number;
}

export interface LoadResult {
  completed: number;
  seconds: number;
}

export interface LoadGenerator {
  run(job: LoadJob): Promise<LoadResult>;
  close(): Promise<void>;
}

/**
 * What the web app's requests carry: the server's compression, if any, and its reading of the
 * browser's time zone are part of what a request costs.
 */
export const browserHeaders = { 'accept-encoding': 'gzip, deflate, br', 'x-time-zone': 'UTC' };

/** The load generator in a child process, kept for all the rounds of a benchmark. */
export function startLoad(): LoadGenerator {
  const child: ChildProcess = fork(new URL('./load-process.ts', import.meta.url), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    run(job) {
      return new Promise((resolve, reject) => {
        const onExit = (code: number | null): void => reject(new Error(`the load generator exited with ${code}`));
        child.once('exit', onExit);
        child.once('message', (message: { result?: LoadResult; error?: string }) => {
          child.off('exit', onExit);
          if (message.result) resolve(message.result);
          else reject(new Error(message.error));
        });
        child.send(job);
      });
    },
    async close() {
      if (child.exitCode === null) child.kill();
      await exited;
    },
  };
}
