import { listFhirClients, registerFhirClient, revokeFhirClient } from '@clinic/contract';
import { ok, principalOf, route, type Route } from '../../http/route.ts';
import type { FhirClientService } from './fhir-client.service.ts';

export function fhirClientRoutes(clients: FhirClientService): Route[] {
  return [
    route(registerFhirClient, async (body, context) => ({
      ...ok,
      client: await clients.register(principalOf(context), body),
    })),
    route(listFhirClients, async (_body, context) => ({ ...ok, clients: await clients.list(principalOf(context)) })),
    route(revokeFhirClient, async (body, context) => {
      await clients.revoke(principalOf(context), body.clientId);
      return ok;
    }),
  ];
}
