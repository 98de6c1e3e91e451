import { Agent, request } from 'node:http';
import type { LoadJob, LoadResult } from './load.ts';

/**
 * The load generator, in a process of its own so that the server's CPU time is the server's alone:
 * runs each job it is sent and answers the requests completed.
 */
async function run(job: LoadJob): Promise<LoadResult> {
  const target = new URL(job.url);
  const agent = new Agent({ keepAlive: true, maxSockets: job.concurrency });
  const body = Buffer.from(job.body);
  const headers = { ...job.headers, 'content-type': 'application/json', 'content-length': String(body.length) };
  const once = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const sent = request(target, { method: 'POST', agent, headers }, (response) => {
        response.resume();
        response.on('end', () =>
          response.statusCode === 200 ? resolve() : reject(new Error(`${job.url} answered ${response.statusCode}`)),
        );
        response.on('error', reject);
      });
      sent.on('error', reject);
      sent.end(body);
    });
  let completed = 0;
  const started = performance.now();
  const deadline = started + job.seconds * 1000;
  const caller = async (): Promise<void> => {
    while (performance.now() < deadline) {
      await once();
      completed += 1;
    }
  };
  try {
    await Promise.all(Array.from({ length: job.concurrency }, caller));
  } finally {
    agent.destroy();
  }
  return { completed, seconds: (performance.now() - started) / 1000 };
}

process.on('message', (job: LoadJob) => {
  run(job).then(
    (result) => process.send!({ result }),
    (error: unknown) => process.send!({ error: error instanceof Error ? error.message : String(error) }),
  );
});
