import { readdir, readFile, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, relative, resolve } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext } from 'playwright-core';
import { build } from 'vite';
import { startStack, type Stack } from '../e2e/harness.ts';
import { patientStorageKeys } from '../apps/patient/web/session/token-store.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { parseConfig } from '../apps/server/src/config.ts';
import { product, subscription } from '../apps/server/src/db/schema.ts';
import { insertPatients, verifiedClinician } from './setup.ts';

const root = join(import.meta.dirname, '..');
/** The built web app the server serves (`npm run build`). */
export const webDist = join(root, 'apps/web/dist');
/**
 * The built patient app the server serves at /patient/ (`npm run build -w apps/patient`), or the build
 * in PATIENT_WEB_DIST (as the server reads it), one that no other build replaces while it is measured.
 */
export const patientDist = resolve(process.env.PATIENT_WEB_DIST ?? join(root, 'apps/patient/dist'));

export const demoLogin = { email: 'demo@clinic.localhost', password: 'Demo-clinic-2026' };

/** The value below which a share (0.95 for p95) of the values lie, nearest rank. */
export function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? 0;
}

export interface StaticSite {
  url: string;
  close(): Promise<void>;
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/**
 * A static server of a directory with every file gzip-compressed once, at start, at the highest
 * level: the least a server can send.
 */
export async function serveStatic(dir: string): Promise<StaticSite> {
  const files = new Map<string, { type: string; raw: Buffer; br: Buffer; gzip: Buffer }>();
  const put = (path: string, body: string | Buffer): void => {
    const raw = Buffer.from(body);
    files.set(path, {
      type: types[extname(path)] ?? 'application/octet-stream',
      raw,
      br: brotliCompressSync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(raw, { level: 9 }),
    });
  };
  for (const file of await filesUnder(dir)) put(`/${relative(dir, file)}`, await readFile(file));
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = files.get(path === '/' ? '/index.html' : path);
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    // Brotli where the browser takes it, as the product's server precompresses its assets.
    const accepted = request.headers['accept-encoding'] ?? '';
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
    response.writeHead(200, {
      'content-type': file.type,
      'cache-control': path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
      ...(encoding && { 'content-encoding': encoding }),
    });
    response.end(encoding ? file[encoding] : file.raw);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The bare baseline pages of bench/bare-web (a Mantine login form, a virtualised list) built for
 * production with Vite into a temporary directory and served compressed (brotli, else gzip).
 */
export async function bareSite(): Promise<StaticSite> {
  const outDir = await mkdtemp(join(tmpdir(), 'clinic-bare-web-'));
  const source = join(import.meta.dirname, 'bare-web');
  try {
    await build({
      root: source,
      configFile: false,
      logLevel: 'error',
      plugins: [react()],
      build: {
        outDir,
        emptyOutDir: true,
        rolldownOptions: { input: { login: join(source, 'index.html'), list: join(source, 'list.html') } },
      },
    });
    // Served from memory: the directory can go at once.
    return await serveStatic(outDir);
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

interface LoginReply {
  isSuccess: boolean;
  token: { accessToken: string; refreshToken: string };
  user: { seqUser: number; seqManager: number | null; userId: string; userEmail: string; userName: string };
}

/** A login through the API, as the app's login screen sends it. */
async function logIn(url: string, body: Record<string, string>): Promise<LoginReply> {
  const response = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const reply = (await response.json()) as LoginReply;
  if (!reply.isSuccess) throw new Error(`login failed: ${response.status}`);
  return reply;
}

/** What the web app keeps in local storage after a clinician logged in (shared/session/auth-store.ts). */
export async function loggedInStorage(url: string, login = demoLogin): Promise<Record<string, string>> {
  const { token, user } = await logIn(url, { userEmail: login.email, userPassword: login.password });
  return {
    accessToken: token.accessToken,
    refreshToken: token.refreshToken,
    seqUser: String(user.seqUser),
    ...(user.seqManager !== null && { seqManager: String(user.seqManager) }),
    userId: user.userId,
    userEmail: user.userEmail,
    userName: user.userName,
    time: String(Date.now()),
  };
}

/** A demo patient of the patient app (README), with a program and a year of device records. */
export const demoPatient = { email: 'minjun.chan.10@example.com', password: demoLogin.password };

/** What the patient app keeps in local storage after a patient logged in (apps/patient/web/api/login.ts). */
export async function patientLoggedInStorage(url: string, login = demoPatient): Promise<Record<string, string>> {
  const { token, user } = await logIn(url, {
    userEmail: login.email,
    userPassword: login.password,
    userType: 'patient',
  });
  return {
    [patientStorageKeys.accessToken]: token.accessToken,
    [patientStorageKeys.refreshToken]: token.refreshToken,
    [patientStorageKeys.userName]: user.userName,
  };
}

/** The cookie of a visitor who already answered the cookie banner, so it covers nothing. */
export function consentCookie(url: string): { name: string; value: string; url: string } {
  return {
    name: 'cookieConsent',
    value: encodeURIComponent(JSON.stringify({ essential: true, performance: false, functional: true })),
    url,
  };
}

/**
 * A fresh browser profile, logged in as a returning clinician (or, with patientLoggedInStorage, patient) would be (a login of its own, as
 * sessions are not shared between browsers), with the cookie banner answered.
 */
export async function loggedInContext(
  browser: Browser,
  url: string,
  login = demoLogin,
  storageOf: (
    url: string,
    login: { email: string; password: string },
  ) => Promise<Record<string, string>> = loggedInStorage,
): Promise<BrowserContext> {
  const storage = await storageOf(url, login);
  const context = await browser.newContext({ baseURL: url, locale: 'en-US', viewport: { width: 1280, height: 800 } });
  await context.addCookies([consentCookie(url)]);
  await context.addInitScript((items) => {
    for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
  }, storage);
  return context;
}

export const benchClinician = { email: 'bench-web@example.com', password: 'Bench-mark-2026' };

/** The app built in this process to make a stack's data, its payment sandbox on a free port (so nothing run beside it collides). */
function dataApp(dataDir: string, demo: boolean): ReturnType<typeof buildApp> {
  return buildApp(
    parseConfig({ DATA_DIR: dataDir, DEMO: demo ? '1' : '0', LOG_LEVEL: 'silent', PAYMENT_SANDBOX_PORT: '0' }),
  );
}

/**
 * A data directory for the server holding one verified clinician with `patients` patients, made
 * in this process before the server starts (the embedded database has one owner at a time).
 */
async function clinicianWithPatients(dataDir: string, patients: number): Promise<void> {
  const app = await dataApp(dataDir, false);
  try {
    const seqManager = await verifiedClinician(app, { userId: 'bench-web', ...benchClinician });
    // The plan a clinic with that many patients has: no limit, so no pop-up asks to upgrade.
    const [unlimited] = await app.db.select().from(product).where(eq(product.code, 'unlimited'));
    if (!unlimited) throw new Error('no unlimited plan');
    await app.db.insert(subscription).values({
      seqManager,
      seqProduct: unlimited.seqProduct,
      status: 'active',
      currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
    });
    await insertPatients(app, seqManager, patients);
  } finally {
    await app.close();
  }
}

/** The demo data (SPEC: a clinician with patients, visits and a year of device records), with its alerts. */
async function demoData(dataDir: string): Promise<void> {
  const app = await dataApp(dataDir, true);
  // The monitoring job's first pass, so home shows the demo's alerts from the first round on.
  await app.jobs.tick();
  await app.close();
}

/**
 * The built app served by the real server with Debian's Chromium (e2e/harness.ts), on the demo
 * data (demoLogin) or on a clinician (benchClinician) with that many patients. The data is made in
 * this process first, so the server starts on it as quickly as on any existing data.
 */
export async function productStack(data: { demo: true } | { patients: number }): Promise<Stack> {
  const dataDir = await mkdtemp(join(tmpdir(), 'clinic-bench-web-'));
  try {
    if ('demo' in data) await demoData(dataDir);
    else await clinicianWithPatients(dataDir, data.patients);
    const stack = await startStack({ DATA_DIR: dataDir, DEMO: '0', PATIENT_WEB_DIST: patientDist });
    return {
      ...stack,
      async close() {
        await stack.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
