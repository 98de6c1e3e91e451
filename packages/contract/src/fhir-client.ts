import { z } from 'zod';
import { defineEndpoint, reply, success } from './endpoint.ts';
import { FailedCode } from './errors.ts';
import { nameField } from './validation.ts';

/**
 * SMART Backend Services (decision 0020): a system the clinician registers reads their patients'
 * records through the FHIR API with short-lived tokens, got with assertions signed by its own key.
 */
export const fhirClientRules = {
  /** An access token lives this long. */
  tokenSeconds: 300,
  /** A client assertion may expire at most this far ahead (SMART: five minutes). */
  assertionMaxSeconds: 300,
  /** The algorithms of client assertions accepted. */
  algorithms: ['RS384', 'ES384'],
  /** What a client may be given unless the clinician narrows it: reading and searching everything. */
  defaultScope: 'system/*.rs',
  /** A JWK Set or a PEM key, at most this long. */
  publicKeyMax: 20_000,
} as const;

/** A scope of SMART v2 (`system/Patient.rs`) or v1 (`system/*.read`) for the FHIR API's resources. */
export const fhirScopePattern = /^system\/(\*|[A-Z][A-Za-z]+)\.(rs|r|s|read)$/;

export const fhirClient = z.lazy(() =>
  z.object({
    clientId: z.string(),
    clientName: z.string(),
    /** The `kid` of each key: an assertion names its key by it (a PEM key's is its RFC 7638 thumbprint). */
    keyIds: z.array(z.string()),
    scope: z.string(),
    createdAt: z.string(),
    revokedAt: z.string().nullable(),
  }),
);
export type FhirClient = z.infer<typeof fhirClient>;

const tag = 'fhir';

/** A P-384 public key, as a client's JWK Set carries it. */
const exampleKey = {
  kty: 'EC',
  crv: 'P-384',
  x: 'b07M3IrAtNgw9hbUiYMrRa5DEx4eclGPjAxbUuPWB7HJerYnDOr9JQ8MYfmSpswe',
  y: 'D2svi8OcVB8jw0Sf16pGNi7atS2UP2lc9l_IhSVALxF9BZ0ODvN_jZtEQUWlDstI',
  kid: 'example-key',
};

export const registerFhirClient = defineEndpoint({
  method: 'POST',
  path: '/fhirClient/addClient',
  access: 'manager',
  audit: { action: 'create', entity: 'fhir_client' },
  tag,
  summary:
    "Registers a system that may read the clinician's patients through FHIR (SMART Backend Services), by its public key; answers its client id",
  get request() {
    return z.object({
      clientName: nameField,
      publicKey: z
        .string({ error: 'validation.required' })
        .trim()
        .min(1, { error: 'validation.required' })
        .max(fhirClientRules.publicKeyMax, { error: 'validation.invalid' })
        .meta({ examples: [JSON.stringify({ keys: [exampleKey] })] }),
      scope: z
        .string()
        .trim()
        .refine((scope) => scope.split(/\s+/).every((item) => fhirScopePattern.test(item)), {
          error: 'validation.invalid',
        })
        .default(fhirClientRules.defaultScope),
    });
  },
  get reply() {
    return reply({ client: fhirClient }, [FailedCode.FhirKeyInvalid]);
  },
});

export const listFhirClients = defineEndpoint({
  method: 'POST',
  path: '/fhirClient/listClients',
  access: 'manager',
  audit: false,
  tag,
  summary: "The systems registered to read the clinician's patients through FHIR, newest first",
  get request() {
    return z.object({});
  },
  get reply() {
    return success({ clients: z.array(fhirClient) });
  },
});

export const revokeFhirClient = defineEndpoint({
  method: 'PUT',
  path: '/fhirClient/revokeClient',
  access: 'manager',
  audit: { action: 'delete', entity: 'fhir_client' },
  tag,
  summary: 'Stops a registered system at once: its tokens and any new ones are refused',
  get request() {
    return z.object({ clientId: z.uuid({ error: 'validation.invalid' }) });
  },
  get reply() {
    return success({});
  },
});
