import formbody from '@fastify/formbody';
import { FailedCode, fhirClientRules, translate } from '@clinic/contract';
import type { OperationOutcome } from '@medplum/fhirtypes';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loggableError } from '../../db/errors.ts';
import { HttpFailure, unauthorized } from '../../domain-error.ts';
import { contextHook } from '../../http/request-context.ts';
import { languageOf } from '../../plugins/errors.ts';
import type { SessionService } from '../user/index.ts';
import {
  fhirTokenPrefix,
  scopeAllows,
  TokenRefusal,
  type FhirCaller,
  type FhirClientService,
} from './fhir-client.service.ts';
import { fhirExportRules, type ExportParameters, type FhirExportService } from './fhir-export.service.ts';
import { fhirTypes, isFhirType, type FhirService, type FhirType } from './fhir.service.ts';
import { FhirSearchError } from './fhir-search.ts';

export const fhirContentType = 'application/fhir+json; charset=utf-8';

/** The OperationOutcome issue of each refusal but 403's (`forbidden`). */
const issueCodes: Record<number, OperationOutcome['issue'][number]['code']> = {
  401: 'login',
  404: 'not-found',
  429: 'throttled',
};

/** A kick-off's parameters as the query gives them. */
function queryParameters(query: Record<string, string | string[] | undefined>): ExportParameters {
  const parameters: ExportParameters = new Map();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined) parameters.set(name, Array.isArray(value) ? value : [value]);
  return parameters;
}

/** A kick-off's parameters as a POST gives them: a Parameters resource of string, code or instant values. */
function bodyParameters(body: unknown): ExportParameters {
  const parameters: ExportParameters = new Map();
  if (body === undefined || body === null || body === '') return parameters;
  const resource = body as { resourceType?: unknown; parameter?: unknown };
  if (
    resource.resourceType !== 'Parameters' ||
    (resource.parameter !== undefined && !Array.isArray(resource.parameter))
  )
    throw new FhirSearchError('Post the export’s parameters as a Parameters resource.');
  for (const parameter of (resource.parameter ?? []) as Record<string, unknown>[]) {
    const value = parameter.valueString ?? parameter.valueCode ?? parameter.valueInstant;
    if (typeof parameter.name !== 'string' || typeof value !== 'string')
      throw new FhirSearchError('Each parameter of the export has a name and a string, code or instant value.');
    parameters.set(parameter.name, [...(parameters.get(parameter.name) ?? []), value]);
  }
  return parameters;
}

function outcome(
  code: OperationOutcome['issue'][number]['code'],
  text: string,
  diagnostics?: string,
): OperationOutcome {
  return {
    resourceType: 'OperationOutcome',
    issue: [{ severity: 'error', code, details: { text }, ...(diagnostics && { diagnostics }) }],
  };
}

/**
 * The FHIR R4 API under /fhir/R4 (decision 0020): `metadata`, then read by id and search of each
 * resource type for a signed-in clinician. Every answer is `application/fhir+json`; every error an
 * OperationOutcome, its text in the caller's language.
 */
export async function registerFhir(
  app: FastifyInstance,
  {
    fhir,
    clients,
    exports,
    authenticate,
    base,
  }: {
    fhir: FhirService;
    clients: FhirClientService;
    exports: FhirExportService;
    authenticate: SessionService['authenticate'];
    base: string;
  },
): Promise<void> {
  const tokenUrl = `${base}/auth/token`;
  const signedIn = contextHook('manager', authenticate);
  const anyone = contextHook('public', authenticate);
  /** The caller: a registered client by its access token, else the clinician's own session. */
  const callerOf = async (request: FastifyRequest): Promise<FhirCaller> => {
    const authorization = request.headers.authorization ?? '';
    const token = authorization.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : '';
    if (token.startsWith(fhirTokenPrefix)) {
      await anyone(request);
      const caller = await clients.authenticate(token);
      if (!caller) throw unauthorized(FailedCode.TokenExpired);
      return caller;
    }
    await signedIn(request);
    const { seqUser, seqManager } = request.context.principal!;
    return { seqUser, seqManager };
  };
  /**
   * A client's scopes must cover the resource type and the interaction (the clinician's session
   * covers all); a read they do not cover is refused, and audited as denied.
   */
  const allowed = async (request: FastifyRequest, caller: FhirCaller, type: FhirType, action: 'r' | 's') => {
    if (!caller.client || scopeAllows(caller.client.scopes, type, action)) return;
    await fhir.refused(caller, type, request.context);
    throw new HttpFailure(403, FailedCode.Forbidden);
  };

  await app.register(
    (api, _options, done) => {
      api.setErrorHandler((error: FastifyError, request, reply) => {
        const language = languageOf(request);
        if (error instanceof FhirSearchError)
          return reply
            .code(400)
            .type(fhirContentType)
            .send(outcome(error.code, translate(language, FailedCode.BadRequest), error.message));
        if (error instanceof HttpFailure) {
          const code = issueCodes[error.statusCode] ?? 'forbidden';
          return reply
            .code(error.statusCode)
            .type(fhirContentType)
            .send(outcome(code, translate(language, error.failedCode)));
        }
        // The framework's own refusals (a body that is not JSON, too large, of another type) are the caller's.
        if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500)
          return reply
            .code(error.statusCode)
            .type(fhirContentType)
            .send(outcome('invalid', translate(language, FailedCode.BadRequest)));
        request.log.error({ err: loggableError(error) }, 'FHIR request failed');
        return reply
          .code(500)
          .type(fhirContentType)
          .send(outcome('exception', translate(language, FailedCode.ServerError)));
      });
      api.setNotFoundHandler((request, reply) =>
        reply
          .code(404)
          .type(fhirContentType)
          .send(outcome('not-supported', translate(languageOf(request), FailedCode.NotFound))),
      );

      api.register(formbody);
      api.addContentTypeParser(
        'application/fhir+json',
        { parseAs: 'string' },
        api.getDefaultJsonParser('error', 'error'),
      );

      /** Bulk Data kick-off: 202 and where to poll; the export runs in the background. */
      const kickOff = async (request: FastifyRequest, reply: FastifyReply, group?: string) => {
        const caller = await callerOf(request);
        const prefer = [request.headers.prefer ?? []]
          .flat()
          .flatMap((header) => header.split(/[,;]/).map((token) => token.trim()));
        if (!prefer.includes('respond-async'))
          throw new FhirSearchError('Ask for an export with Prefer: respond-async.');
        const parameters =
          request.method === 'POST'
            ? bodyParameters(request.body)
            : queryParameters(request.query as Record<string, string | string[] | undefined>);
        const id = await exports.kickOff(
          caller,
          {
            url: `${base}${request.url.slice('/fhir/R4'.length)}`,
            ...(group !== undefined && { group }),
            parameters,
            // An export reads and searches every resource of a type.
            allowed: (type) =>
              !caller.client ||
              (scopeAllows(caller.client.scopes, type, 'r') && scopeAllows(caller.client.scopes, type, 's')),
          },
          request.context,
        );
        return reply.code(202).header('content-location', `${base}/$export-status/${id}`).send();
      };
      api.route<{ Params: { id: string } }>({
        method: ['GET', 'POST'],
        url: '/Group/:id/$export',
        schema: { hide: true },
        handler: (request, reply) => kickOff(request, reply, request.params.id),
      });
      api.route({
        method: ['GET', 'POST'],
        url: '/Patient/$export',
        schema: { hide: true },
        handler: (request, reply) => kickOff(request, reply),
      });
      api.get<{ Params: { id: string } }>('/$export-status/:id', { schema: { hide: true } }, async (request, reply) => {
        const status = await exports.status(await callerOf(request), request.params.id);
        switch (status.state) {
          case 'running':
            return reply
              .code(202)
              .header('x-progress', status.progress)
              .header('retry-after', String(fhirExportRules.retryAfterSeconds))
              .send();
          case 'failed':
            return reply
              .code(500)
              .type(fhirContentType)
              .send(outcome('exception', translate(languageOf(request), FailedCode.ServerError)));
          case 'complete':
            return reply.header('expires', status.expiresAt.toUTCString()).send(status.manifest);
        }
      });
      api.delete<{ Params: { id: string } }>(
        '/$export-status/:id',
        { schema: { hide: true } },
        async (request, reply) => {
          await exports.cancel(await callerOf(request), request.params.id, request.context);
          return reply.code(202).send();
        },
      );
      api.get<{ Params: { id: string; index: string } }>(
        '/$export-file/:id/:index',
        { schema: { hide: true } },
        async (request, reply) => {
          const index = /^\d{1,6}$/.test(request.params.index) ? Number(request.params.index) : -1;
          const bytes = await exports.file(await callerOf(request), request.params.id, index, request.context);
          return reply.type('application/fhir+ndjson').header('cache-control', 'no-store').send(bytes);
        },
      );
      api.get('/metadata', { schema: { hide: true } }, (_request, reply) =>
        reply.type(fhirContentType).send(fhir.capabilityStatement(tokenUrl)),
      );
      api.get('/.well-known/smart-configuration', { schema: { hide: true } }, (_request, reply) =>
        reply.send({
          token_endpoint: tokenUrl,
          token_endpoint_auth_methods_supported: ['private_key_jwt'],
          token_endpoint_auth_signing_alg_values_supported: fhirClientRules.algorithms,
          grant_types_supported: ['client_credentials'],
          scopes_supported: ['system/*.rs', 'system/*.read', ...fhirTypes.map((type) => `system/${type}.rs`)],
          capabilities: ['client-confidential-asymmetric', 'permission-v1', 'permission-v2'],
        }),
      );
      api.post<{ Body: unknown }>('/auth/token', { schema: { hide: true } }, async (request, reply) => {
        reply.header('cache-control', 'no-store');
        try {
          return reply.send(await clients.token(request.body, tokenUrl));
        } catch (error) {
          if (!(error instanceof TokenRefusal)) throw error;
          return reply.code(error.status).send({ error: error.error, error_description: error.description });
        }
      });
      api.get<{ Params: { type: string } }>('/:type', { schema: { hide: true } }, async (request, reply) => {
        const caller = await callerOf(request);
        const { type } = request.params;
        if (!isFhirType(type)) throw new HttpFailure(404, FailedCode.NotFound);
        await allowed(request, caller, type, 's');
        const query = request.query as Record<string, string | string[] | undefined>;
        return reply.type(fhirContentType).send(await fhir.search(caller, type, query, request.context));
      });
      api.get<{ Params: { type: string; id: string } }>(
        '/:type/:id',
        { schema: { hide: true } },
        async (request, reply) => {
          const caller = await callerOf(request);
          const { type, id } = request.params;
          if (!isFhirType(type)) throw new HttpFailure(404, FailedCode.NotFound);
          await allowed(request, caller, type, 'r');
          return reply.type(fhirContentType).send(await fhir.read(caller, type, id, request.context));
        },
      );
      done();
    },
    { prefix: '/fhir/R4' },
  );
}
