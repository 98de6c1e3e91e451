import {
  FailedCode,
  isMessageKey,
  languageFromAcceptLanguage,
  translate,
  type ErrorReply,
  type Language,
} from '@clinic/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { loggableError } from '../db/errors.ts';
import { BusinessFailure, HttpFailure, InvalidField } from '../domain-error.ts';

const codeOfStatus: Record<number, FailedCode> = {
  401: FailedCode.Unauthorized,
  403: FailedCode.Forbidden,
  404: FailedCode.NotFound,
  409: FailedCode.Conflict,
  413: FailedCode.TooLarge,
  429: FailedCode.TooManyRequests,
};

const jsonType = 'application/json; charset=utf-8';

export const languageOf = (request: FastifyRequest): Language =>
  languageFromAcceptLanguage(request.headers['accept-language']);

/**
 * The one error handler: business failures become HTTP 200 envelopes, everything else a coded
 * HTTP error whose body never carries a stack, SQL, a file path or an internal message. Its replies
 * are serialized here, by the route's reply schema: a body that schema refuses (a failedCode the
 * endpoint does not list) is logged and answered with the generic 500, since Fastify's own
 * fallback would put the serializer's message in the body.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const language = languageOf(request);
    const body = (failedCode: FailedCode, fields?: ErrorReply['fields']): ErrorReply => ({
      isSuccess: false,
      failedCode,
      message: translate(language, failedCode),
      ...(fields && { fields }),
    });

    const send = (status: number, payload: ErrorReply): FastifyReply => {
      let json: ReturnType<FastifyReply['serialize']>;
      try {
        json = reply.code(status).serialize(payload);
      } catch (serializationError) {
        request.log.error({ err: loggableError(serializationError) }, 'error reply outside its contract');
        return reply
          .code(500)
          .type(jsonType)
          .send(JSON.stringify(body(FailedCode.ServerError)));
      }
      return reply.type(jsonType).send(json);
    };

    if (error instanceof BusinessFailure) {
      if (error.cause) request.log.error({ err: loggableError(error.cause) }, 'business failure caused by an error');
      return send(200, body(error.failedCode));
    }
    if (error instanceof HttpFailure) {
      if (error.retryAfterSeconds) void reply.header('retry-after', String(error.retryAfterSeconds));
      return send(error.statusCode, body(error.failedCode));
    }
    if (error instanceof InvalidField) {
      const field = { path: error.path, code: error.messageKey, message: translate(language, error.messageKey) };
      return send(400, body(FailedCode.BadRequest, [field]));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((issue) => {
        const code = issue.message && isMessageKey(issue.message) ? issue.message : 'validation.invalid';
        return { path: issue.instancePath.slice(1).replaceAll('/', '.'), code, message: translate(language, code) };
      });
      return send(400, body(FailedCode.BadRequest, fields));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return send(status === 415 ? 400 : status, body(codeOfStatus[status] ?? FailedCode.BadRequest));
    }
    request.log.error({ err: loggableError(error) }, 'unexpected error');
    return send(500, body(FailedCode.ServerError));
  });
}
