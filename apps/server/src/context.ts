import type { Language } from '@clinic/contract';

/** The logged-in caller of a request, established from its access token. */
export interface Principal {
  seqUser: number;
  seqManager: number;
  sessionId: string;
}

/** What a service may know of the request: never Fastify's request itself. */
export interface RequestContext {
  language: Language;
  ip: string;
  userAgent: string | undefined;
  refreshToken: string | undefined;
  principal: Principal | undefined;
}

export type Clock = () => Date;
