import { endpoints, errorReply, operationIdOf, type Access, type Audit, type LoginUser } from '@clinic/contract';
import type { FastifyInstance } from 'fastify';
import { auditedCall } from '../modules/audit/index.ts';
import type { SessionService } from '../modules/user/index.ts';
import type { DeviceCookies } from '../security/device-cookie.ts';
import { readMultipart } from './multipart.ts';
import { checkedSerializer, fastSerializer } from './reply-serializer.ts';
import { contextHook } from './request-context.ts';
import type { Route } from './route.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call the route: the contract's access, 'signedIn' for a clinician or a patient, or
     * 'system' for infrastructure routes.
     */
    access?: Access | 'signedIn';
    /** The audit row every call writes (the contract's `audit`); false: no patient data. */
    audit?: Audit | false;
  }
  interface FastifyInstance {
    /** Every route under /api, as registered: the security tests enumerate these. */
    apiRoutes: {
      method: string;
      url: string;
      access: Access | 'signedIn' | 'system';
      /** Undefined for the infrastructure routes, which touch no patient data. */
      audit: Audit | false | undefined;
      body: unknown;
    }[];
  }
}

/** Lists in `app.apiRoutes` every route under /api registered from here on. */
export function listApiRoutes(app: FastifyInstance): void {
  app.decorate('apiRoutes', []);
  app.addHook('onRoute', (options) => {
    if (!options.url.startsWith('/api')) return;
    const methods = Array.isArray(options.method) ? options.method : [options.method];
    const access = options.config?.access ?? 'system';
    const audit = options.config?.audit;
    for (const method of methods)
      app.apiRoutes.push({ method, url: options.url, access, audit, body: options.schema?.body });
  });
}

/**
 * Registers every contract endpoint, and refuses to start if one has no route or two. Each call
 * leaves the audit row its endpoint declares (`auditedCall`).
 */
export function registerContractRoutes(
  app: FastifyInstance,
  routes: Route[],
  authenticate: SessionService['authenticate'],
  audit: Parameters<typeof auditedCall>[0],
  devices: DeviceCookies,
  checkReplies: boolean,
): void {
  const bound = new Set(routes.map((route) => route.endpoint));
  const missing = endpoints.filter((endpoint) => !bound.has(endpoint)).map((endpoint) => endpoint.path);
  if (missing.length > 0 || bound.size !== routes.length) {
    throw new Error(`Every endpoint needs exactly one route; missing: ${missing.join(', ')}`);
  }
  for (const route of routes) {
    const { endpoint } = route;
    app.route({
      method: endpoint.method,
      url: `/api${endpoint.path}`,
      config: { access: endpoint.access, audit: endpoint.audit },
      schema: {
        operationId: operationIdOf(endpoint),
        tags: [endpoint.tag],
        summary: endpoint.summary,
        ...(endpoint.multipart ? { consumes: ['multipart/form-data'] } : { body: endpoint.request }),
        response: { 200: endpoint.reply, '4xx': errorReply, '5xx': errorReply },
        security: endpoint.access === 'public' ? [] : [{ bearer: [] }],
      },
      // Replies are written from their JSON schema; tests also hold each one to its zod schema.
      serializerCompiler: ({ schema, httpStatus }) =>
        checkReplies ? checkedSerializer(schema, `${endpoint.path} (${httpStatus})`) : fastSerializer(schema),
      onRequest: contextHook(endpoint.access, authenticate),
      handler: async (request, reply) => {
        const body = endpoint.multipart ? await readMultipart(request, reply, endpoint) : request.body;
        const result = await auditedCall(audit, endpoint.audit, body, request.context, () =>
          route.handle(body, request.context),
        );
        if (typeof result === 'object' && result !== null && 'token' in result) {
          const { accessToken, refreshToken } = (result as { token: { accessToken: string; refreshToken: string } })
            .token;
          void reply.header('x-access-token', accessToken).header('x-refresh-token', refreshToken);
          // A reply with the tokens and the user is a login's: its browser is now a known one for the account.
          if ('user' in result) void reply.header('set-cookie', devices.issue((result.user as LoginUser).seqUser));
        }
        return result;
      },
    });
  }
}
