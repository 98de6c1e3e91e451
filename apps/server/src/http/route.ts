import type { Endpoint } from '@clinic/contract';
import type { z } from 'zod';
import { unauthorized } from '../domain-error.ts';
import type { PatientPrincipal, Principal, RequestContext } from '../context.ts';

export const ok = { isSuccess: true } as const;

/** What a service answers for an endpoint: the successful reply without the flag its route adds. */
export type Answer<E extends Endpoint> = Omit<Extract<z.output<E['reply']>, typeof ok>, keyof typeof ok>;

/** The binding of one contract endpoint to the service call that answers it. */
export interface Route<E extends Endpoint = Endpoint> {
  endpoint: E;
  handle(body: z.output<E['request']>, context: RequestContext): Promise<z.output<E['reply']>>;
}

export function route<E extends Endpoint>(endpoint: E, handle: Route<E>['handle']): Route {
  return { endpoint, handle };
}

/** The caller of a route whose access is 'manager' (the auth hook has already checked it). */
export function principalOf(context: RequestContext): Principal {
  if (!context.principal) throw unauthorized();
  return context.principal;
}

/** The caller of a route whose access is 'patient'. */
export function patientOf(context: RequestContext): PatientPrincipal {
  if (!context.patient) throw unauthorized();
  return context.patient;
}
