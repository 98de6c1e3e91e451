import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

/**
 * OpenAPI 3 generated from the contract's schemas, at /api/openapi.json and browsable at /api/docs.
 * Both are made at their first request, by an instance of their own that declares the same routes:
 * loading and registering the generator and the viewer would otherwise lengthen every start.
 */
export function registerOpenApi(app: FastifyInstance, publicUrl: string): void {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && route.schema && !route.schema.hide) routes.push(route);
  });
  let documentation: Promise<FastifyInstance> | undefined;
  const documented = (): Promise<FastifyInstance> =>
    (documentation ??= documentationApp(routes, publicUrl).catch((error: unknown) => {
      documentation = undefined;
      throw error;
    }));

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => (await documented()).swagger());
  const forward = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const answer = await (
      await documented()
    ).inject({
      method: request.method as 'GET' | 'HEAD',
      url: request.url,
      headers: request.headers,
    });
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !hopHeaders.has(name)) void reply.header(name, value);
    }
    return reply.code(answer.statusCode).send(answer.rawPayload);
  };
  app.get('/api/docs', { schema: { hide: true } }, forward);
  app.get('/api/docs/*', { schema: { hide: true } }, forward);
}

/** Headers of the inner reply that describe its own transfer, set anew for the real one. */
const hopHeaders = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'content-length']);

async function documentationApp(routes: RouteOptions[], publicUrl: string): Promise<FastifyInstance> {
  const [{ default: Fastify }, { default: swagger }, { default: swaggerUi }, zod] = await Promise.all([
    import('fastify'),
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
    import('fastify-type-provider-zod'),
  ]);
  const docs = Fastify();
  docs.setValidatorCompiler(zod.validatorCompiler);
  docs.setSerializerCompiler(zod.serializerCompiler);
  await docs.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Clinic API',
        version: '1.0.0',
        description:
          'Replies are `{ isSuccess: true, ...data }` or `{ isSuccess: false, failedCode, message }` (HTTP 200) for business failures. Send `accept-language` (en, ko, zh-HK, cs) and `x-time-zone`. Paged lists take `page` (counted from 1) and `size` and answer `totalCount`.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: zod.jsonSchemaTransform,
  });
  await docs.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  for (const { method, url, schema } of routes) docs.route({ method, url, schema, handler: () => undefined });
  await docs.ready();
  return docs;
}
