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
 * The headers every reply carries: helmet's, with our content security policy and no referrer;
 * the request id the log files its details under; and, for the API, that nothing may be cached.
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
    void reply.header('x-request-id', request.id);
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs'))
      reply.header('cache-control', 'no-store');
  });
}
