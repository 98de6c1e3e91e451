import { execFile, spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { FailedCode, errorReply, failure, languages, success } from '@clinic/contract';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { z } from 'zod';
import { BusinessFailure } from '../domain-error.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';

const run = promisify(execFile);

let t: TestApp;
beforeAll(async () => {
  // A built web app to serve: an index page, one hashed asset, and home's page in two languages.
  const web = await mkdtemp(join(tmpdir(), 'clinic-web-'));
  await mkdir(join(web, 'assets'), { recursive: true });
  await mkdir(join(web, 'pages'), { recursive: true });
  await writeFile(join(web, 'index.html'), '<!doctype html><title>clinic</title>');
  await writeFile(join(web, 'pages', 'pages.json'), JSON.stringify({ '/': 'home', '/appointments': 'home' }));
  for (const language of languages)
    await writeFile(join(web, 'pages', `home.${language}.html`), `<!doctype html><title>home ${language}</title>`);
  await writeFile(join(web, 'assets', 'app-1234.js'), 'console.log(1)');
  t = await createTestApp({
    env: { WEB_DIST: web },
    beforeReady(app) {
      app.get('/api/test/boom', () => {
        throw new Error(`insert into app_user values ('x') failed at ${import.meta.filename}`);
      });
      // Replies their reply schemas refuse: a failedCode the schema does not list, a field it lacks.
      // Kept out of the OpenAPI document, which the contract's routes make.
      const schema = { hide: true, response: { 200: failure([FailedCode.CardDeclined]), '5xx': errorReply } };
      app.get('/api/test/unlisted-failure', { schema }, () => {
        throw new BusinessFailure(FailedCode.NoSubscription);
      });
      const replySchema = { hide: true, response: { 200: success({ count: z.number() }), '5xx': errorReply } };
      app.get('/api/test/reply-off-contract', { schema: replySchema }, () => ({ isSuccess: true, count: 'many' }));
    },
  });
  return () => rm(web, { recursive: true, force: true });
});
afterAll(() => t.close());

describe('health', () => {
  it('answers liveness and readiness', async () => {
    expect((await t.app.inject('/api/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/api/readyz')).json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', storage: 'ok' },
    });
  });

  it.runIf(process.env.REDIS_URL)('checks Redis too when it is configured', async () => {
    const withRedis = await createTestApp({ env: { REDIS_URL: process.env.REDIS_URL! } });
    try {
      expect((await withRedis.app.inject('/api/readyz')).json()).toEqual({
        status: 'ok',
        checks: { database: 'ok', redis: 'ok', storage: 'ok' },
      });
    } finally {
      await withRedis.close();
    }
  });
});

describe('OpenAPI', () => {
  it('documents the ten account endpoints with request and reply schemas', async () => {
    const document = (await t.app.inject('/api/openapi.json')).json<{
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
    }>();
    expect(document.openapi).toMatch(/^3\./);
    const accountEndpoints = [
      ['post', '/api/user/validUserEmail'],
      ['post', '/api/user/signUp'],
      ['post', '/api/user/resendAuthEmail'],
      ['post', '/api/user/login'],
      ['post', '/api/user/resetManagerPw'],
      ['post', '/api/user/confirmUserPassword'],
      ['put', '/api/user/changePasswordBySeqUserAndCurrentPW'],
      ['put', '/api/user/updateToken'],
      ['post', '/api/manager/getManagerInfo'],
      ['put', '/api/manager/deleteManagerAccount'],
    ] as const;
    for (const [method, path] of accountEndpoints) {
      const operation = document.paths[path]?.[method];
      expect(operation, path).toBeDefined();
      expect(operation?.requestBody, path).toBeDefined();
      expect(operation?.responses['200'], path).toBeDefined();
    }
    const signUp = JSON.stringify(document.paths['/api/user/signUp']);
    expect(signUp).toContain('npiNumber');
    expect(signUp).toContain('US0101');
  });

  it('is browsable at /api/docs', async () => {
    const response = await t.app.inject('/api/docs/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});

describe('errors', () => {
  it('hides every detail of an unexpected error and logs it with the request id', async () => {
    const response = await t.app.inject('/api/test/boom');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      isSuccess: false,
      failedCode: FailedCode.ServerError,
      message: 'Server error. Please refresh and try again.',
    });
    expect(t.logs()).toContain(response.headers['x-request-id'] as string);
    expect(t.logs()).toContain('insert into app_user');
  });

  it('answers a reply its schema refuses with the generic 500, never the serializer’s message', async () => {
    for (const path of ['/api/test/unlisted-failure', '/api/test/reply-off-contract']) {
      const response = await t.app.inject(path);
      expect(response.statusCode, path).toBe(500);
      expect(response.json(), path).toEqual({
        isSuccess: false,
        failedCode: FailedCode.ServerError,
        message: 'Server error. Please refresh and try again.',
      });
      expect(t.logs()).toContain(response.headers['x-request-id'] as string);
    }
  });

  it('answers malformed JSON with 400, a huge body with 413 and an unknown API path with 404', async () => {
    const headers = { 'content-type': 'application/json' };
    const malformed = await t.app.inject({ method: 'POST', url: '/api/user/login', headers, payload: '{"userEmail":' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ failedCode: string }>().failedCode).toBe(FailedCode.BadRequest);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers,
      payload: `{"x":"${'a'.repeat(1_100_000)}"}`,
    });
    expect(huge.statusCode).toBe(413);
    const unknown = await t.app.inject({ method: 'POST', url: '/api/nothing/here', headers, payload: '{}' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ failedCode: string }>().failedCode).toBe(FailedCode.NotFound);
  });
});

describe('web hosting', () => {
  it('serves the app with a history-mode fallback and a strict content security policy', async () => {
    const page = await t.app.inject('/patientList/details?id=4');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>clinic</title>');
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');

    const asset = await t.app.inject('/assets/app-1234.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    // A hashed script keeps what applies to it and none of a document's headers.
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const documentHeader of ['content-security-policy', 'x-frame-options', 'strict-transport-security'])
      expect(asset.headers[documentHeader]).toBeUndefined();
    expect((await t.app.inject('/assets/missing-1.js')).statusCode).toBe(404);
  });

  it("serves a path's own page, with the first screen's strings in the language the request asks for", async () => {
    const title = async (url: string, headers: Record<string, string> = {}) => {
      const page = await t.app.inject({ url, headers });
      expect(page.statusCode).toBe(200);
      expect(page.headers.vary).toContain('accept-language');
      return /<title>(.*)<\/title>/.exec(page.body)?.[1];
    };
    expect(await title('/')).toBe('home en');
    expect(await title('/appointments', { 'accept-language': 'cs-CZ,cs;q=0.9,en;q=0.8' })).toBe('home cs');
    // The lang query first, then the lang cookie, then the browser's languages (SPEC 1).
    expect(await title('/?lang=ko', { cookie: 'lang=cs', 'accept-language': 'cs' })).toBe('home ko');
    expect(await title('/appointments/', { cookie: 'cookieConsent=x; lang=zh-HK', 'accept-language': 'cs' })).toBe(
      'home zh-HK',
    );
    expect(await title('/?lang=xx', { cookie: 'lang=%E0' })).toBe('home en');
    expect(await title('/patientList')).toBe('clinic');
  });
});

describe('process', () => {
  it('shuts down cleanly on SIGTERM', async () => {
    const dataDir = join(t.dataDir, 'process');
    const template = inject('pgliteTemplate');
    if (template) await cp(join(template, 'db'), join(dataDir, 'db'), { recursive: true });
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: join(import.meta.dirname, '../..'),
      // On PostgreSQL a test_ schema of its own, dropped with the others after the run.
      env: {
        ...process.env,
        PORT: '0',
        DATA_DIR: dataDir,
        DEMO: '0',
        DATABASE_SCHEMA: `test_${inject('testRun')}_process`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await vi.waitUntil(() => output.includes('Server listening'), { timeout: 30_000, interval: 100 });
    expect(output).toContain('Server listening');
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
    expect(output).toContain('shutting down');
  }, 60_000);

  it('stops the demo seed with itself when stopped during the first start', async ({ skip }) => {
    // Only a new embedded database is seeded by a process of its own.
    if (!inject('pgliteTemplate')) skip();
    const { DATABASE_URL: _databaseUrl, ...env } = process.env;
    const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: join(import.meta.dirname, '../..'),
      env: { ...env, PORT: '0', DATA_DIR: join(t.dataDir, 'first-start'), DEMO: '1' },
      stdio: 'ignore',
    });
    const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
    const seedPid = async (): Promise<number | undefined> => {
      // ps exits 1 while the server has no child yet.
      const { stdout } = await run('ps', ['-o', 'pid=,args=', '--ppid', String(server.pid)]).catch(() => ({
        stdout: '',
      }));
      const line = stdout.split('\n').find((entry) => entry.includes('--seed-demo'));
      return line ? Number(line.trim().split(/\s+/)[0]) : undefined;
    };
    const seed = await vi.waitUntil(seedPid, { timeout: 30_000, interval: 100 });
    expect(seed).toBeDefined();
    server.kill('SIGTERM');
    await exited;
    expect(() => process.kill(seed, 0)).toThrow();
  }, 60_000);
});
