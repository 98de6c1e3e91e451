import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  FailedCode,
  fhirClientRules,
  fhirScopePattern,
  type BodyOf,
  type FhirClient,
  type registerFhirClient,
} from '@clinic/contract';
import { and, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import {
  calculateJwkThumbprint,
  createLocalJWKSet,
  decodeJwt,
  exportJWK,
  importJWK,
  importSPKI,
  jwtVerify,
  type JWK,
} from 'jose';
import type { Clock, Principal } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { appUser, fhirAccessToken, fhirAssertion, fhirClient, manager } from '../../db/schema.ts';
import { BusinessFailure, notFound } from '../../domain-error.ts';

/** What a FHIR access token starts with: the API tells it from a clinician's session token so. */
export const fhirTokenPrefix = 'fhir.';

/** Who reads through the FHIR API: a clinician, or a system of theirs with the scopes it was given. */
export interface FhirCaller {
  seqUser: number;
  seqManager: number;
  /** A registered client's id, name and granted scopes; absent for the clinician's own session. */
  client?: { id: string; name: string; scopes: string[] };
}

/** The caller as its audit rows name it: the clinician, and the system reading for them. */
export const auditCallerOf = (caller: FhirCaller): { seqUser: number; seqManager: number; clientName?: string } => ({
  seqUser: caller.seqUser,
  seqManager: caller.seqManager,
  ...(caller.client && { clientName: caller.client.name }),
});

/** An OAuth error of the token endpoint (RFC 6749 5.2), with the status it answers. */
export class TokenRefusal extends Error {
  constructor(
    readonly error: 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'invalid_scope' | 'unsupported_grant_type',
    readonly description: string,
  ) {
    super(description);
  }
  get status(): 400 | 401 {
    return this.error === 'invalid_client' ? 401 : 400;
  }
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
const privateMembers = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k'];
const assertionType = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The key's algorithm: ES384 for a P-384 key, RS384 for an RSA key of 2,048 bits or more; none for
 * any other, nor for a key meant for encryption (jose would refuse it at every assertion).
 */
function algorithmOf(jwk: JWK): 'ES384' | 'RS384' | undefined {
  if (jwk.use !== undefined && jwk.use !== 'sig') return undefined;
  if (jwk.kty === 'EC' && jwk.crv === 'P-384') return 'ES384';
  if (jwk.kty === 'RSA' && typeof jwk.n === 'string' && Buffer.from(jwk.n, 'base64url').length * 8 >= 2048)
    return 'RS384';
  return undefined;
}

/** A public key as given (a JWK Set, one JWK, or PEM), as the JWK Set kept; undefined when it is none of these. */
async function jwksOf(publicKey: string): Promise<{ keys: JWK[] } | undefined> {
  try {
    if (publicKey.startsWith('-----BEGIN PUBLIC KEY-----')) {
      for (const alg of ['ES384', 'RS384'] as const) {
        const key = await importSPKI(publicKey, alg, { extractable: true }).catch(() => undefined);
        if (!key) continue;
        const jwk = await exportJWK(key);
        if (algorithmOf(jwk) !== alg) continue;
        return { keys: [{ ...jwk, alg, use: 'sig', kid: await calculateJwkThumbprint(jwk) }] };
      }
      return undefined;
    }
    const parsed = JSON.parse(publicKey) as { keys?: JWK[] } & JWK;
    const given = Array.isArray(parsed.keys) ? parsed.keys : [parsed];
    if (given.length === 0 || given.length > 10) return undefined;
    const keys: JWK[] = [];
    for (const jwk of given) {
      const alg = algorithmOf(jwk);
      // A private key pasted by mistake is refused, not kept.
      if (!alg || privateMembers.some((member) => member in jwk) || (jwk.alg && jwk.alg !== alg)) return undefined;
      await importJWK(jwk, alg);
      keys.push({ ...jwk, alg, kid: jwk.kid ?? (await calculateJwkThumbprint(jwk)) });
    }
    return { keys };
  } catch {
    return undefined;
  }
}

/** The scopes of a request the client may be given: each one asked for that its registration covers. */
function grantedScopes(requested: string, allowed: string[]): string[] {
  return requested
    .split(/\s+/)
    .filter((scope) => fhirScopePattern.test(scope))
    .filter((scope) => allowed.some((permitted) => covers(permitted, scope)));
}

/** Whether a scope given covers another: the same resource type or every one, and the interactions asked. */
function covers(given: string, asked: string): boolean {
  const [, givenType, givenActions] = fhirScopePattern.exec(given) ?? [];
  const [, askedType, askedActions] = fhirScopePattern.exec(asked) ?? [];
  if (!givenType || !givenActions || !askedType || !askedActions) return false;
  const actions = (value: string) => (value === 'read' ? 'rs' : value);
  return (
    (givenType === '*' || givenType === askedType) &&
    [...actions(askedActions)].every((action) => actions(givenActions).includes(action))
  );
}

/** Whether the granted scopes let the caller read (`r`) or search (`s`) a resource type. */
export function scopeAllows(scopes: string[], type: string, action: 'r' | 's'): boolean {
  return scopes.some((scope) => covers(scope, `system/${type}.${action}`));
}

const toClient = (row: typeof fhirClient.$inferSelect): FhirClient => ({
  clientId: row.id,
  clientName: row.name,
  keyIds: row.jwks.keys.map((key) => String(key.kid)),
  scope: row.scope,
  createdAt: row.createdAt.toISOString(),
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

export interface FhirClientService {
  register(principal: Principal, body: BodyOf<typeof registerFhirClient>): Promise<FhirClient>;
  list(principal: Principal): Promise<FhirClient[]>;
  revoke(principal: Principal, clientId: string): Promise<void>;
  /** The token endpoint's grant: a client credentials grant with a signed assertion (SMART Backend Services). */
  token(
    body: unknown,
    tokenUrl: string,
  ): Promise<{ access_token: string; token_type: 'bearer'; expires_in: number; scope: string }>;
  /** The caller of a FHIR access token, while it lives and its client is not revoked. */
  authenticate(accessToken: string): Promise<FhirCaller | undefined>;
}

export function fhirClientService({ db, now }: { db: Database; now: Clock }): FhirClientService {
  return {
    async register(principal, body) {
      const jwks = await jwksOf(body.publicKey);
      if (!jwks) throw new BusinessFailure(FailedCode.FhirKeyInvalid);
      const [row] = await db
        .insert(fhirClient)
        .values({
          id: randomUUID(),
          seqManager: principal.seqManager,
          name: body.clientName,
          jwks: { keys: jwks.keys },
          scope: body.scope,
          createdAt: now(),
        })
        .returning();
      return toClient(row!);
    },

    async list(principal) {
      const rows = await db
        .select()
        .from(fhirClient)
        .where(eq(fhirClient.seqManager, principal.seqManager))
        .orderBy(desc(fhirClient.createdAt));
      return rows.map(toClient);
    },

    async revoke(principal, clientId) {
      const revoked = await db
        .update(fhirClient)
        .set({ revokedAt: now() })
        .where(and(eq(fhirClient.id, clientId), eq(fhirClient.seqManager, principal.seqManager)))
        .returning({ id: fhirClient.id });
      if (revoked.length === 0) throw notFound();
    },

    async token(body, tokenUrl) {
      const given = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
      if (Object.values(given).some((value) => typeof value !== 'string'))
        throw new TokenRefusal('invalid_request', 'Each parameter is given once, as text.');
      const form = given as Record<string, string | undefined>;
      if (form.grant_type !== 'client_credentials')
        throw new TokenRefusal('unsupported_grant_type', 'grant_type must be client_credentials.');
      if (form.client_assertion_type !== assertionType || !form.client_assertion)
        throw new TokenRefusal('invalid_request', `A client_assertion of type ${assertionType} is required.`);
      if (!form.scope) throw new TokenRefusal('invalid_request', 'A scope is required.');
      const assertion = form.client_assertion;
      let clientId: string | undefined;
      try {
        clientId = decodeJwt(assertion).iss;
      } catch {
        throw new TokenRefusal('invalid_client', 'The client assertion is not a JWT.');
      }
      const at = now();
      const [client] =
        clientId && uuidPattern.test(clientId)
          ? await db
              .select({ id: fhirClient.id, jwks: fhirClient.jwks, scope: fhirClient.scope })
              .from(fhirClient)
              .innerJoin(manager, eq(manager.seqManager, fhirClient.seqManager))
              .innerJoin(appUser, eq(appUser.seqUser, manager.seqUser))
              .where(and(eq(fhirClient.id, clientId), isNull(fhirClient.revokedAt), isNull(appUser.deletedAt)))
          : [];
      if (!client) throw new TokenRefusal('invalid_client', 'The client is not registered, or was revoked.');
      let claims: { exp?: number; jti?: string };
      try {
        ({ payload: claims } = await jwtVerify(assertion, createLocalJWKSet(client.jwks), {
          algorithms: [...fhirClientRules.algorithms],
          issuer: client.id,
          subject: client.id,
          audience: tokenUrl,
          currentDate: at,
          requiredClaims: ['exp', 'jti'],
        }));
      } catch (error) {
        throw new TokenRefusal('invalid_client', `The client assertion was refused: ${(error as Error).message}`);
      }
      const { jti } = claims;
      if (typeof jti !== 'string' || jti.length === 0 || jti.length > 255)
        throw new TokenRefusal('invalid_client', 'The client assertion needs a jti of at most 255 characters.');
      const expiresAt = new Date(claims.exp! * 1000);
      if (expiresAt.getTime() - at.getTime() > fhirClientRules.assertionMaxSeconds * 1000)
        throw new TokenRefusal('invalid_client', 'The client assertion expires more than five minutes ahead.');
      const scopes = grantedScopes(form.scope, client.scope.split(/\s+/));
      if (scopes.length === 0)
        throw new TokenRefusal('invalid_scope', 'None of the scopes asked for is one this client may have.');
      const accessToken = `${fhirTokenPrefix}${randomBytes(32).toString('base64url')}`;
      await db.transaction(async (tx) => {
        // Kept a while past their expiry: another instance's clock may run a little behind this one's.
        await tx
          .delete(fhirAssertion)
          .where(lt(fhirAssertion.expiresAt, new Date(at.getTime() - fhirClientRules.assertionMaxSeconds * 1000)));
        const fresh = await tx
          .insert(fhirAssertion)
          .values({ clientId: client.id, jti, expiresAt })
          .onConflictDoNothing()
          .returning({ jti: fhirAssertion.jti });
        if (fresh.length === 0) throw new TokenRefusal('invalid_client', 'The client assertion was used before (jti).');
        await tx.delete(fhirAccessToken).where(lt(fhirAccessToken.expiresAt, at));
        await tx.insert(fhirAccessToken).values({
          tokenHash: sha256(accessToken),
          clientId: client.id,
          scope: scopes.join(' '),
          expiresAt: new Date(at.getTime() + fhirClientRules.tokenSeconds * 1000),
        });
      });
      return {
        access_token: accessToken,
        token_type: 'bearer',
        expires_in: fhirClientRules.tokenSeconds,
        scope: scopes.join(' '),
      };
    },

    async authenticate(accessToken) {
      const [row] = await db
        .select({
          seqUser: manager.seqUser,
          seqManager: manager.seqManager,
          clientId: fhirClient.id,
          name: fhirClient.name,
          scope: fhirAccessToken.scope,
        })
        .from(fhirAccessToken)
        .innerJoin(fhirClient, eq(fhirClient.id, fhirAccessToken.clientId))
        .innerJoin(manager, eq(manager.seqManager, fhirClient.seqManager))
        .innerJoin(appUser, eq(appUser.seqUser, manager.seqUser))
        .where(
          and(
            eq(fhirAccessToken.tokenHash, sha256(accessToken)),
            gt(fhirAccessToken.expiresAt, now()),
            isNull(fhirClient.revokedAt),
            isNull(appUser.deletedAt),
          ),
        );
      if (!row) return undefined;
      return {
        seqUser: row.seqUser,
        seqManager: row.seqManager,
        client: { id: row.clientId, name: row.name, scopes: row.scope.split(' ') },
      };
    },
  };
}
