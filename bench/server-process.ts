import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/**
 * The node arguments `npm start` runs the server with: the compiled build with plain node once it
 * is built, else the sources through tsx.
 */
export function productServer(): string[] {
  const compiled = join(root, 'apps/server/dist/server.js');
  return existsSync(compiled) ? [compiled] : ['--import', 'tsx', join(root, 'apps/server/src/server.ts')];
}

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise((done) => server.close(done));
  if (typeof address !== 'object' || !address) throw new Error('no free port');
  return address.port;
}

export interface ServerProcess {
  pid: number;
  url: string;
  /** Milliseconds from spawn to the first 200 of GET /api/healthz. */
  startMs: number;
  stop(): Promise<void>;
}

/**
 * Spawns `node <args>` on a free port of the loopback, on the embedded database (the environment's
 * PostgreSQL and Redis left out), its payment sandbox on a free port too (so a browser test run
 * beside it collides with nothing), and answers once `/api/healthz` answers 200.
 */
export async function startServer(args: string[], env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...inherited } = process.env;
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...inherited, PAYMENT_SANDBOX_PORT: '0', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  let gone = false;
  void exited.then(() => (gone = true));
  const stop = async (): Promise<void> => {
    if (gone) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(killer);
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    for (;;) {
      if (gone) throw new Error(`the server exited before it was healthy: ${errors}`);
      if (performance.now() - started > 180_000) throw new Error(`the server was not healthy within 180 s: ${errors}`);
      const healthy = await fetch(`${url}/api/healthz`).then(
        (response) => response.status === 200,
        () => false,
      );
      if (healthy) break;
      await new Promise((done) => setTimeout(done, 10));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { pid: child.pid!, url, startMs: performance.now() - started, stop };
}

/** The resident memory of a process, from /proc. */
export async function rssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kB = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (!kB) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kB) / 1024;
}

/** A fresh data directory, removed after `work`. */
export async function withDataDir<T>(name: string, work: (dataDir: string) => Promise<T>): Promise<T> {
  const dataDir = await mkdtemp(join(tmpdir(), `clinic-bench-${name}-`));
  try {
    return await work(dataDir);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The demo as the server seeds it: a clinician, forty patients, a year of device records. */
export const demoLogin = { userEmail: 'demo@clinic.localhost', userPassword: 'Demo-clinic-2026' };
