import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import pg from 'pg';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { freePort } from '../apps/server/test/free-port.ts';
import { startMailCatcher, type MailCatcher } from '../apps/server/test/mail-catcher.ts';

export const root = join(import.meta.dirname, '..');

/** The production server when it is built (`npm run build`, as CI does before these tests), else the source. */
const compiledServer = join(root, 'apps/server/dist/server.js');
export const serverArgs = existsSync(compiledServer)
  ? [compiledServer]
  : ['--import', 'tsx', 'apps/server/src/server.ts'];

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

/** A fake camera and microphone, allowed without asking, and WebRTC between two pages of one machine. */
export const mediaArgs = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--allow-loopback-in-peer-connection',
];

export interface StackOptions {
  /** Chromium for video calls (mediaArgs). */
  media?: boolean;
  /** The app at http://localhost rather than 127.0.0.1: WebAuthn (passkeys) takes no IP address as the site. */
  localhost?: boolean;
  /**
   * Two server instances on one PostgreSQL database (a fresh schema, dropped at close) and one
   * Redis, without demo data, instead of one server on a fresh embedded database.
   */
  shared?: {
    databaseUrl: string;
    /** The owner's connection, which migrates (databaseUrl's role may own nothing). */
    migrationDatabaseUrl?: string | undefined;
    redisUrl: string;
  };
}

export interface ContextOptions {
  locale?: string;
  width?: number;
  /** The browser's time zone; this machine's unless told. */
  timezoneId?: string;
}

export interface Stack {
  /** The (first) server instance. */
  url: string;
  /** Every server instance, the first being url. */
  urls: string[];
  mail: MailCatcher;
  /** The PostgreSQL schema of the shared instances' database (with options.shared). */
  schema: string | undefined;
  browser: Browser;
  /** A fresh browser profile on the first instance, English unless told otherwise. */
  newContext(options?: ContextOptions): Promise<BrowserContext>;
  newPage(options?: ContextOptions): Promise<Page>;
  close(): Promise<void>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder with the demo seeded, which every demo stack on the embedded database starts from a copy of. */
    demoDataDir: string;
    /** A data folder with the schema migrated and no data, for the stacks without the demo. */
    emptyDataDir: string;
  }
}

/**
 * The browser tests' embedded database, prepared once for the run (e2e/global-setup.ts); outside
 * the test runner (the benchmarks) a stack prepares its own.
 */
async function preparedCopySource(demo: boolean): Promise<string | undefined> {
  return process.env.VITEST ? (await import('vitest')).inject(demo ? 'demoDataDir' : 'emptyDataDir') : undefined;
}

interface Instance {
  url: string;
  process: ChildProcess;
  dataDir: string;
}

/** One server process with only the environment given, ready to serve. */
async function startServer(env: Record<string, string>, host = '127.0.0.1'): Promise<Instance> {
  const dataDir = await mkdtemp(join(tmpdir(), 'clinic-e2e-'));
  const prepared = env.DATABASE_URL ? undefined : await preparedCopySource(env.DEMO === '1');
  if (prepared) await cp(prepared, dataDir, { recursive: true });
  const port = await freePort();
  const url = `http://${host}:${port}`;
  // With an IPC channel, on which the server says when it listens.
  const server: ChildProcess = spawn(process.execPath, serverArgs, {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      // The sandbox payment processor on a free port of its own.
      PAYMENT_SANDBOX_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const instance = { url, process: server, dataDir };
  let output = '';
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let timer: NodeJS.Timeout | undefined;
  const started = await Promise.race([
    new Promise<string>((resolve) => server.on('message', (message) => message === 'listening' && resolve(''))),
    new Promise<string>((resolve) => server.once('exit', (code) => resolve(`exited with code ${code}`))),
    new Promise<string>((resolve) => (timer = setTimeout(() => resolve('did not listen within 150 s'), 150_000))),
  ]);
  clearTimeout(timer);
  if (started === '') {
    server.disconnect();
    return instance;
  }
  await stopServer(instance);
  throw new Error(`server did not start (${started}):\n${output}`);
}

async function stopServer({ process: server, dataDir }: Instance): Promise<void> {
  if (server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await rm(dataDir, { recursive: true, force: true });
}

async function dropSchema(databaseUrl: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
}

/**
 * The real server (built web app, fresh embedded database, demo data, mail to a local SMTP
 * server) and Debian's Chromium; with options.shared, two instances of it on PostgreSQL and Redis.
 */
export async function startStack(env: Record<string, string> = {}, options: StackOptions = {}): Promise<Stack> {
  const mail = await startMailCatcher();
  const { shared } = options;
  const schema = `e2e_${randomBytes(6).toString('hex')}`;
  const serverEnv: Record<string, string> = {
    SMTP_URL: mail.url,
    DEMO: '1',
    LOG_LEVEL: 'warn',
    ...(shared && {
      DATABASE_URL: shared.databaseUrl,
      ...(shared.migrationDatabaseUrl && { MIGRATION_DATABASE_URL: shared.migrationDatabaseUrl }),
      DATABASE_SCHEMA: schema,
      REDIS_URL: shared.redisUrl,
      DEMO: '0',
    }),
    ...env,
  };
  const instances: Instance[] = [];
  const stopAll = async (): Promise<void> => {
    for (const instance of instances.splice(0)) await stopServer(instance);
    if (shared) await dropSchema(shared.migrationDatabaseUrl ?? shared.databaseUrl, schema);
    await mail.close();
  };
  let browser: Browser;
  try {
    // One after the other: the first migrates the schema and makes the shared secrets.
    for (let count = shared ? 2 : 1; count > 0; count--)
      instances.push(await startServer(serverEnv, options.localhost ? 'localhost' : undefined));
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [...chromiumArgs, ...(options.media ? mediaArgs : [])],
    });
  } catch (error) {
    await stopAll();
    throw error;
  }
  const url = instances[0]!.url;
  const newContext = (options: ContextOptions = {}) =>
    browser.newContext({
      baseURL: url,
      locale: options.locale ?? 'en-US',
      viewport: { width: options.width ?? 1280, height: 800 },
      ...(options.timezoneId && { timezoneId: options.timezoneId }),
    });
  return {
    url,
    urls: instances.map((instance) => instance.url),
    mail,
    schema: shared && schema,
    browser,
    newContext,
    async newPage(options) {
      const context = await newContext(options);
      return context.newPage();
    },
    async close() {
      await browser.close();
      await stopAll();
    },
  };
}

/**
 * WCAG 2.1 A and AA, axe's best practices, and WCAG 2.2's target size (touch targets of at
 * least 24 px), the rules every screen is held to.
 */
const accessibilityTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Runs axe on the page at rest, and fails, naming each violation and its elements, if it finds
 * any. Transitions are stopped while it runs (a modal fading in, or a toast that starts fading out
 * meanwhile, is not yet or no longer its own colours) and its animations have ended.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const still = await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  let violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];
  try {
    await page.waitForFunction(() =>
      document.getAnimations().every((animation) => {
        const iterations = animation.effect?.getTiming().iterations;
        return animation.playState !== 'running' || iterations === Infinity;
      }),
    );
    ({ violations } = await new AxeBuilder({ page }).withTags(accessibilityTags).analyze());
  } finally {
    await still.evaluate((style) => style.parentNode?.removeChild(style));
  }
  if (violations.length === 0) return;
  const list = violations.map((violation) => {
    const nodes = violation.nodes.map(
      (node) => `    ${node.target.join(' ')}\n      ${node.failureSummary?.replaceAll('\n', '\n      ')}`,
    );
    return `  ${violation.id} (${violation.impact}): ${violation.help}\n${nodes.join('\n')}`;
  });
  throw new Error(`${screen} (${page.url()}) has ${violations.length} accessibility violation(s):\n${list.join('\n')}`);
}

/** Fails if anything on the page makes it scroll sideways at its width (a phone's 360 px, say). */
export async function expectFitsWidth(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  if (overflow > 0) throw new Error(`${page.url()} scrolls sideways by ${overflow} px`);
}
