import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';

const script = `export const rows = [${Array.from({ length: 200 }, (_, i) => `{ id: ${i}, name: 'row ${i}' }`).join(', ')}];`;
const page = `<!doctype html><html><head><title>clinic</title>${'<meta name="x" content="y">'.repeat(60)}</head></html>`;
const patientPage = page.replace('clinic', 'patient');

function decode(encoding: string | undefined, body: Buffer): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  return body;
}

let t: TestApp;
let web: string;
beforeAll(async () => {
  web = await mkdtemp(join(tmpdir(), 'clinic-web-'));
  await mkdir(join(web, 'assets'), { recursive: true });
  await mkdir(join(web, 'patient', 'assets'), { recursive: true });
  await writeFile(join(web, 'index.html'), page);
  await writeFile(join(web, 'assets', 'app-1234.js'), script);
  await writeFile(join(web, 'patient', 'index.html'), patientPage);
  await writeFile(join(web, 'patient', 'assets', 'patient-1234.js'), script);
  // The build's own step writes the .br and .gz files.
  await promisify(execFile)(process.execPath, [join(import.meta.dirname, '../../scripts/precompress.js'), web]);
  t = await createTestApp({ env: { WEB_DIST: web, PATIENT_WEB_DIST: join(web, 'patient') } });
});
afterAll(async () => {
  await t.close();
  await rm(web, { recursive: true, force: true });
});

describe('compression', () => {
  it.each(['br', 'gzip'])('sends a JSON reply in %s when the client accepts it', async (encoding) => {
    const plain = await t.app.inject({ url: '/api/openapi.json' });
    const compressed = await t.app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': encoding } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(compressed.headers['content-encoding']).toBe(encoding);
    expect(compressed.headers.vary).toContain('accept-encoding');
    expect(compressed.headers['x-request-id']).toBeTruthy();
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(decode(encoding, compressed.rawPayload).toString()).toBe(plain.body);
  });

  it('prefers brotli and leaves a tiny reply plain', async () => {
    const both = await t.app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(both.headers['content-encoding']).toBe('br');
    const tiny = await t.app.inject({ url: '/api/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.json()).toEqual({ status: 'ok' });
  });

  it.each(['br', 'gzip'])('sends a hashed asset pre-compressed in %s, cached for a year', async (encoding) => {
    const response = await t.app.inject({ url: '/assets/app-1234.js', headers: { 'accept-encoding': encoding } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(decode(encoding, response.rawPayload).toString()).toBe(script);
    // The file the build wrote, not a compression made for the request.
    const built = await readFile(join(web, 'assets', `app-1234.js.${encoding === 'br' ? 'br' : 'gz'}`));
    expect(response.rawPayload).toEqual(built);
    expect(response.headers['content-length']).toBe(String(built.length));
  });

  it('sends an asset as it is to a client that accepts no encoding', async () => {
    const response = await t.app.inject({ url: '/assets/app-1234.js' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(script);
    expect(response.headers.vary).toContain('accept-encoding');
  });

  it.each(['br', 'gzip'])('sends the app page in %s and never lets it be cached unchecked', async (encoding) => {
    for (const url of ['/', '/patientList/details']) {
      const response = await t.app.inject({ url, headers: { 'accept-encoding': encoding } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(decode(encoding, response.rawPayload).toString()).toBe(page);
    }
  });

  // Uptime checkers and curl without --compressed accept no encoding.
  it.each([
    ['no encoding', undefined],
    ['br', 'br'],
    ['gzip', 'gzip'],
  ])('answers each app at its address with its page, to a client accepting %s', async (_, encoding) => {
    const pages = { '/': page, '/login': page, '/patient': patientPage, '/patient/': patientPage };
    for (const [url, expected] of Object.entries(pages)) {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await t.app.inject({ method, url, headers: encoding ? { 'accept-encoding': encoding } : {} });
        expect(response.statusCode, `${method} ${url}`).toBe(200);
        expect(response.headers['content-type']).toContain('text/html');
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.headers['content-encoding']).toBe(encoding);
        if (method === 'GET') expect(decode(encoding, response.rawPayload).toString()).toBe(expected);
      }
    }
  });

  it('answers a folder of an app with its page, never a refusal', async () => {
    for (const [url, expected] of [
      ['/assets/', page],
      ['/patient/assets/', patientPage],
    ] as const) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toBe(expected);
    }
  });
});
