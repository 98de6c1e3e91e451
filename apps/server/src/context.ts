import type { Audit, Language } from '@clinic/contract';

/** A logged-in clinician, established from the access token of the request. */
export interface Principal {
  seqUser: number;
  seqManager: number;
  sessionId: string;
}

/** A logged-in patient app member. */
export interface PatientPrincipal {
  seqUser: number;
  seqPatient: number;
  sessionId: string;
}

/** What a service may know of the request: never Fastify's request itself. */
export interface RequestContext {
  language: Language;
  ip: string;
  userAgent: string | undefined;
  refreshToken: string | undefined;
  /** The device cookies the request carried (browsers send them to the login endpoints only). */
  deviceCookies: string[];
  principal: Principal | undefined;
  patient: PatientPrincipal | undefined;
  requestId: string;
  /** The caller's IANA time zone (x-time-zone), UTC when absent or unknown. */
  timeZone: string;
  /** The audit row the endpoint declares for the call, and whether the call has written it yet. */
  audit?: DeclaredAudit | undefined;
}

export interface DeclaredAudit {
  readonly declared: Audit;
  written: boolean;
}

export type Clock = () => Date;
