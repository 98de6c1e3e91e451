import { FailedCode, translate } from '@clinic/contract';
import type { OperationOutcome } from '@medplum/fhirtypes';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { loggableError } from '../../db/errors.ts';
import { HttpFailure } from '../../domain-error.ts';
import { languageOf } from '../../plugins/errors.ts';
import { isFhirType, type FhirService } from './fhir.service.ts';
import { FhirSearchError } from './fhir-search.ts';

export const fhirContentType = 'application/fhir+json; charset=utf-8';

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
  fhir: FhirService,
  onRequest: (request: FastifyRequest) => Promise<void>,
): Promise<void> {
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
          const code = error.statusCode === 401 ? 'login' : error.statusCode === 404 ? 'not-found' : 'forbidden';
          return reply
            .code(error.statusCode)
            .type(fhirContentType)
            .send(outcome(code, translate(language, error.failedCode)));
        }
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

      api.get('/metadata', { schema: { hide: true } }, (_request, reply) =>
        reply.type(fhirContentType).send(fhir.capabilityStatement()),
      );
      api.get<{ Params: { type: string } }>('/:type', { schema: { hide: true }, onRequest }, async (request, reply) => {
        const { type } = request.params;
        if (!isFhirType(type)) throw new HttpFailure(404, FailedCode.NotFound);
        const principal = request.context.principal!;
        const query = request.query as Record<string, string | string[] | undefined>;
        return reply.type(fhirContentType).send(await fhir.search(principal, type, query, request.context));
      });
      api.get<{ Params: { type: string; id: string } }>(
        '/:type/:id',
        { schema: { hide: true }, onRequest },
        async (request, reply) => {
          const { type, id } = request.params;
          if (!isFhirType(type)) throw new HttpFailure(404, FailedCode.NotFound);
          const principal = request.context.principal!;
          return reply.type(fhirContentType).send(await fhir.read(principal, type, id, request.context));
        },
      );
      done();
    },
    { prefix: '/fhir/R4' },
  );
}
