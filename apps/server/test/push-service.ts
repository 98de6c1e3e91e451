import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ece from 'http_ece';

/** A push service of our own on loopback, with a certificate the app is told to trust. */
export interface PushService {
  url: string;
  ca: Buffer;
  received: { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer }[];
  /** The status the next requests are answered with. */
  status: number;
  close(): Promise<void>;
}

/** Listens on `address` (a loopback one); its certificate also names `hostNames`, for endpoints that reach it by name. */
export async function startPushService({
  address = '127.0.0.1',
  hostNames = [],
}: { address?: string; hostNames?: string[] } = {}): Promise<PushService> {
  const directory = mkdtempSync(join(tmpdir(), 'push-service-'));
  const [key, cert] = [join(directory, 'key.pem'), join(directory, 'cert.pem')];
  execFileSync('openssl', [
    ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
    ...['-keyout', key, '-out', cert, '-days', '1', '-subj', `/CN=${address}`],
    ...['-addext', `subjectAltName=${[`IP:${address}`, ...hostNames.map((name) => `DNS:${name}`)].join(',')}`],
  ]);
  const service: PushService = {
    url: '',
    ca: readFileSync(cert),
    received: [],
    status: 201,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      service.received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(service.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, address, resolve));
  const bound = server.address();
  service.url = `https://${address}:${typeof bound === 'object' && bound ? bound.port : 0}`;
  return service;
}

/** A browser's subscription to the push service, and how that browser reads what it is sent. */
export function browserSubscription(service: PushService): {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  read: (body: Buffer) => unknown;
} {
  const browserKeys = createECDH('prime256v1');
  browserKeys.generateKeys();
  const authSecret = randomBytes(16);
  return {
    subscription: {
      endpoint: `${service.url}/push/${randomBytes(8).toString('hex')}`,
      keys: { p256dh: browserKeys.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
    },
    read: (body) =>
      JSON.parse(
        ece.decrypt(body, { version: 'aes128gcm', privateKey: browserKeys, authSecret }).toString(),
      ) as unknown,
  };
}
