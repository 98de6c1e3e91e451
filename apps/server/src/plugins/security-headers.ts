import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Our content security policy; the payment processor's fields come from its own origins. */
const contentSecurityPolicy = (processor: { script: string[]; frame: string[]; connect: string[] }) => ({
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...processor.script],
    frameSrc: ["'self'", ...processor.frame],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    connectSrc: ["'self'", 'ws:', 'wss:', ...processor.connect],
    fontSrc: ["'self'", 'data:'],
    mediaSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: null,
  },
});

/**
 * Headers that govern a document (or a worker) and nothing a hashed script or stylesheet does; a
 * signed-in screen loads a few dozen of those, where a kilobyte each is a tenth of a second on a slow phone network.
 */
const documentOnlyHeaders = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/** Vite's hashed files of either web app (`/assets/…`, `/patient/assets/…`). */
const hashedAsset = /^\/(?:patient\/)?assets\//;

/**
 * The headers every reply carries: helmet's, with our content security policy and no referrer;
 * the request id the log files its details under; and, for the API, that nothing may be cached.
 * Hashed assets keep only what applies to them (`nosniff`, the resource policy).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  processor: { script: string[]; frame: string[]; connect: string[] },
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: contentSecurityPolicy(processor),
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
  });
  app.addHook('onSend', async (request, reply) => {
    if (hashedAsset.test(request.url)) {
      for (const name of documentOnlyHeaders) reply.removeHeader(name);
      return;
    }
    void reply.header('x-request-id', request.id);
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs'))
      reply.header('cache-control', 'no-store');
  });
}
