import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chmod, lstat, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signUpBody } from '../test/fixtures.ts';
import { freePort } from '../test/free-port.ts';
import { sendControl } from './operations/control-socket.ts';

const serverEntry = resolve(import.meta.dirname, 'server.ts');
const demoPassword = 'Demo-clinic-2026';

let dataDir: string;
let backups: string;
let url: string;
let server: ChildProcess;
let output = '';

const modeOf = async (path: string): Promise<string> => ((await lstat(path)).mode & 0o777).toString(8);

/** Every folder and file under `root` (root included) with its mode, as `path mode`. */
async function modesUnder(root: string): Promise<{ folders: string[]; files: string[] }> {
  const found = { folders: [`${root} ${await modeOf(root)}`], files: [] as string[] };
  for (const entry of await readdir(root, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isDirectory()) found.folders.push(`${path} ${await modeOf(path)}`);
    else if (entry.isFile()) found.files.push(`${path} ${await modeOf(path)}`);
  }
  return found;
}

// The server as `npm start` runs it: its own process, on a fresh embedded database with the demo
// (a run on PostgreSQL has nothing more to see here).
describe.skipIf(!inject('pgliteTemplate'))('a start on a fresh DATA_DIR', () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'clinic-start-'));
    backups = await mkdtemp(join(tmpdir(), 'clinic-backups-'));
    // What an earlier version left: readable by everyone.
    await mkdir(join(dataDir, 'uploads'));
    await writeFile(join(dataDir, 'uploads', 'earlier.png'), 'png');
    await chmod(join(dataDir, 'uploads', 'earlier.png'), 0o644);
    await chmod(join(dataDir, 'uploads'), 0o755);
    await chmod(dataDir, 0o755);
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: dataDir,
        PORT: String(port),
        PAYMENT_SANDBOX_PORT: '0',
        DEMO: '1',
        WEB_DIST: join(dataDir, 'no-web'),
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const started = await Promise.race([
      once(server, 'message').then(([message]) => message === 'listening'),
      once(server, 'exit').then(() => false),
    ]);
    if (!started) throw new Error(`the server did not start:\n${output}`);
  }, 300_000);

  afterAll(async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = once(server, 'exit');
      server.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
    await rm(backups, { recursive: true, force: true });
  });

  it('prints the demo clinician once, with the password that logs in', async () => {
    expect(output.match(/Demo clinician:/g)).toHaveLength(1);
    expect(output).toContain(`Demo clinician: demo@clinic.localhost / ${demoPassword}\n`);
    const loggedIn = await fetch(`${url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userEmail: 'demo@clinic.localhost', userPassword: demoPassword, userType: 'manager' }),
    });
    expect(await loggedIn.json()).toMatchObject({ isSuccess: true });
  });

  it("keeps DATA_DIR, its uploads, its mail and a backup to the server's user", async () => {
    // A sign-up stores a signature (an upload) and writes a verification mail to the outbox.
    const signedUp = await fetch(`${url}/api/user/signUp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(signUpBody()),
    });
    expect(await signedUp.json()).toMatchObject({ isSuccess: true });
    await expect.poll(() => readdir(join(dataDir, 'mail')).catch(() => [])).toHaveLength(1);
    // As `npm run backup` asks the running server.
    const backup = join(backups, 'clinic.tar');
    expect(await sendControl(dataDir, 'backup', { file: backup })).toEqual({ file: backup });

    const { folders, files } = await modesUnder(dataDir);
    // The embedded database's files, the uploads (the earlier one too) and the mail.
    expect(files.length).toBeGreaterThan(1000);
    expect(files).toContain(`${join(dataDir, 'uploads', 'earlier.png')} 600`);
    expect(folders.filter((folder) => !folder.endsWith(' 700'))).toEqual([]);
    expect(files.filter((file) => !file.endsWith(' 600'))).toEqual([]);
    expect(await modeOf(backup)).toBe('600');
  }, 120_000);
});
