import type { FastifyInstance } from 'fastify';

/** How long a dependency may take to answer a readiness check before it counts as down. */
const checkTimeoutMs = 2_000;

/** Resolves when the check passes within the time allowed, rejects otherwise. */
function withinTime(check: () => Promise<unknown>): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${checkTimeoutMs} ms`)), checkTimeoutMs);
  });
  return Promise.race([check(), late]).finally(() => clearTimeout(timer));
}

/**
 * /api/healthz: the process answers (liveness). /api/readyz: every configured dependency answers
 * (readiness, for load balancers and Caddy's health checks), naming those that did not; why is
 * logged, not told.
 */
export function registerHealth(app: FastifyInstance, checks: Record<string, () => Promise<unknown>>): void {
  app.get('/api/healthz', { schema: { hide: true } }, () => ({ status: 'ok' }));
  app.get('/api/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const names = Object.keys(checks);
    const outcomes = await Promise.allSettled(names.map((name) => withinTime(checks[name]!)));
    const results = Object.fromEntries(
      names.map((name, index) => {
        const outcome = outcomes[index]!;
        if (outcome.status === 'rejected')
          app.log.error({ err: outcome.reason, dependency: name }, 'dependency not ready');
        return [name, outcome.status === 'fulfilled' ? 'ok' : 'failed'];
      }),
    );
    const ready = outcomes.every((outcome) => outcome.status === 'fulfilled');
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', checks: results });
  });
}
