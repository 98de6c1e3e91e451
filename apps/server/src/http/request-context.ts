import type { Access } from '@clinic/contract';
import type { FastifyRequest } from 'fastify';
import type { RequestContext } from '../context.ts';
import type { SessionService } from '../modules/user/index.ts';
import { languageOf } from '../plugins/errors.ts';
import { deviceCookiesIn } from '../security/device-cookie.ts';
import { timeZoneOf } from './time-zone.ts';

declare module 'fastify' {
  interface FastifyRequest {
    context: RequestContext;
  }
}

/** Establishes the request context, authenticating the caller when the access needs it. */
export function contextHook(access: Access | 'signedIn', authenticate: SessionService['authenticate']) {
  return async (request: FastifyRequest): Promise<void> => {
    const refreshToken = request.headers['x-refresh-token'];
    const caller = access === 'public' ? {} : await authenticate(request.headers.authorization, access);
    request.context = {
      language: languageOf(request),
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      refreshToken: typeof refreshToken === 'string' ? refreshToken : undefined,
      deviceCookies: deviceCookiesIn(request.headers.cookie),
      principal: caller.principal,
      patient: caller.patient,
      requestId: request.id,
      timeZone: timeZoneOf(request.headers['x-time-zone']),
    };
  };
}
