import { spawn } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './free-port.ts';

/** The proxy configuration an operator deploys, which the tests put in front of a real server. */
const deployedSite = resolve(import.meta.dirname, '../../../deploy/clinic.caddy');

export interface Caddy {
  /** https://localhost:<port>, served with a certificate of Caddy's own certificate authority. */
  url: string;
  port: number;
  /** Caddy's root certificate (PEM), for clients that should trust it. */
  rootCertificate: string;
  /** The SHA-256 of the public keys of Caddy's root and intermediate (Chromium's SPKI list). */
  spkiHashes: string[];
  close(): Promise<void>;
}

const spkiHash = (pem: string): string =>
  createHash('sha256')
    .update(new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64');

/** An HTTPS request through Caddy from IPv6 loopback, trusting only Caddy's root. */
export function requestThrough(
  caddy: Pick<Caddy, 'port' | 'rootCertificate'>,
  path: string,
  options: { method?: string; headers?: Record<string, string>; json?: unknown } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((done, fail) => {
    const sent = request(
      {
        host: '::1',
        port: caddy.port,
        servername: 'localhost',
        ca: caddy.rootCertificate,
        path,
        method: options.method ?? 'GET',
        headers: {
          host: `localhost:${caddy.port}`,
          ...(options.json !== undefined && { 'content-type': 'application/json' }),
          ...options.headers,
        },
      },
      (reply) => {
        let body = '';
        reply.on('data', (chunk: Buffer) => (body += chunk.toString()));
        reply.on('end', () => done({ status: reply.statusCode ?? 0, headers: reply.headers, body }));
      },
    );
    sent.on('error', fail).end(options.json === undefined ? undefined : JSON.stringify(options.json));
  });
}

/**
 * Caddy from Debian's package in front of the given app instances, on HTTPS for localhost with
 * its internal certificate authority, running deploy/clinic.caddy unchanged.
 */
export async function startCaddy(upstreams: string[], port?: number): Promise<Caddy> {
  const home = await mkdtemp(join(tmpdir(), 'clinic-caddy-'));
  port ??= await freePort();
  const config = join(home, 'Caddyfile');
  await writeFile(
    config,
    `{
  admin off
  skip_install_trust
  auto_https disable_redirects
}
https://localhost:${port} {
  tls internal
  import ${deployedSite}
}
`,
  );
  let output = '';
  const caddy = spawn('caddy', ['run', '--config', config, '--adapter', 'caddyfile'], {
    env: {
      PATH: process.env.PATH,
      HOME: home,
      XDG_DATA_HOME: home,
      XDG_CONFIG_HOME: home,
      CLINIC_UPSTREAMS: upstreams.join(' '),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  caddy.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  caddy.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const close = async (): Promise<void> => {
    if (caddy.exitCode === null && caddy.signalCode === null) {
      const exited = new Promise((done) => caddy.once('exit', done));
      caddy.kill('SIGTERM');
      await exited;
    }
    await rm(home, { recursive: true, force: true });
  };
  const authority = join(home, 'caddy/pki/authorities/local');
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (existsSync(join(authority, 'intermediate.crt'))) {
      const rootCertificate = await readFile(join(authority, 'root.crt'), 'utf8');
      const serving = await requestThrough({ port, rootCertificate }, '/api/healthz').then(
        (reply) => reply.status === 200 && reply.body.includes('ok'),
        () => false,
      );
      if (serving) {
        const intermediate = await readFile(join(authority, 'intermediate.crt'), 'utf8');
        const spkiHashes = [spkiHash(rootCertificate), spkiHash(intermediate)];
        return { url: `https://localhost:${port}`, port, rootCertificate, spkiHashes, close };
      }
    }
    if (Date.now() > deadline || caddy.exitCode !== null) {
      await close();
      throw new Error(`caddy did not start:\n${output}`);
    }
    // Caddy makes its authority and certificate within a second or two of starting.
    await new Promise((done) => setTimeout(done, 100));
  }
}
