import type { FastifyInstance } from 'fastify';
import { pingDatabase, type Database } from '../db/client.ts';

/** /api/healthz: the process answers; /api/readyz: and its database does too. */
export function registerHealth(app: FastifyInstance, db: Database): void {
  app.get('/api/healthz', { schema: { hide: true } }, () => ({ status: 'ok' }));
  app.get('/api/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await pingDatabase(db);
      return { status: 'ok' };
    } catch (error) {
      app.log.error({ err: error }, 'database not reachable');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}
