import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { FailedCode, translate } from '@clinic/contract';
import type { FastifyInstance } from 'fastify';
import { languageOf } from './errors.ts';

/**
 * Serves the built web app with a history-mode fallback: any GET outside /api that is not a file
 * answers index.html. Hashed assets are cached for a year; index.html is always revalidated.
 */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const hasWeb = existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders(reply, path) {
        void reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ webDist }, 'the web app is not built; run npm run build');
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
    if (hasWeb && isPage && !/\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({
      isSuccess: false,
      failedCode: FailedCode.NotFound,
      message: translate(languageOf(request), FailedCode.NotFound),
    });
  });
}
