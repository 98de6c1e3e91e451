import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startMailCatcher, type MailCatcher } from '../apps/server/test/mail-catcher.ts';

const root = join(import.meta.dirname, '..');

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Stack {
  url: string;
  mail: MailCatcher;
  browser: Browser;
  /** A fresh browser profile, English unless told otherwise. */
  newContext(options?: { locale?: string; width?: number }): Promise<BrowserContext>;
  newPage(options?: { locale?: string; width?: number }): Promise<Page>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The real server (built web app, fresh embedded database, demo data, mail to a local SMTP
 * server) and Debian's Chromium.
 */
export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  const dataDir = await mkdtemp(join(tmpdir(), 'clinic-e2e-'));
  const mail = await startMailCatcher();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      SMTP_URL: mail.url,
      DEMO: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ready = await fetch(`${url}/api/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline || server.exitCode !== null) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
  const newContext = (options: { locale?: string; width?: number } = {}) =>
    browser.newContext({
      baseURL: url,
      locale: options.locale ?? 'en-US',
      viewport: { width: options.width ?? 1280, height: 800 },
    });
  return {
    url,
    mail,
    browser,
    newContext,
    async newPage(options) {
      const context = await newContext(options);
      return context.newPage();
    },
    async close() {
      await browser.close();
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      await mail.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
