import { randomUUID } from 'node:crypto';
import { registerFhirClient } from '@clinic/contract';
import type { FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { callApi } from './fixtures.ts';
import type { TestClock } from './helper.ts';

/** A system's ES384 key pair as SMART Backend Services uses it: the public half as a JWK with a key id. */
export async function esKeys(): Promise<{ privateKey: CryptoKey; publicJwk: JWK }> {
  const pair = await generateKeyPair('ES384', { extractable: true });
  return { privateKey: pair.privateKey, publicJwk: { ...(await exportJWK(pair.publicKey)), kid: randomUUID() } };
}

/** Registers a system by its public key, as the clinician does on My page; answers its client id. */
export async function registerClient(
  app: FastifyInstance,
  accessToken: string,
  publicJwk: JWK,
  scope?: string,
): Promise<string> {
  const registered = await callApi(
    app,
    registerFhirClient,
    { clientName: 'Regional health record', publicKey: JSON.stringify({ keys: [publicJwk] }), ...(scope && { scope }) },
    { token: accessToken, language: 'en' },
  );
  return registered.success.client.clientId;
}

/** A client assertion as SMART Backend Services signs it, at the test's clock; each claim may be changed. */
export function clientAssertion(
  clock: TestClock,
  tokenUrl: string,
  { clientId, privateKey, kid }: { clientId: string; privateKey: CryptoKey; kid: string | undefined },
  change: { audience?: string; expiresInSeconds?: number; jti?: string } = {},
): Promise<string> {
  const now = Math.floor(clock().getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES384', typ: 'JWT', ...(kid && { kid }) })
    .setIssuer(clientId)
    .setSubject(clientId)
    .setAudience(change.audience ?? tokenUrl)
    .setIssuedAt(now)
    .setExpirationTime(now + (change.expiresInSeconds ?? 240))
    .setJti(change.jti ?? randomUUID())
    .sign(privateKey);
}

export interface TokenAnswer {
  status: number;
  cache: string | string[] | undefined;
  body: { access_token?: string; scope?: string; expires_in?: number; error?: string };
}

/** The token endpoint's answer to an assertion. */
export async function requestToken(
  app: FastifyInstance,
  assertion: string,
  scope = 'system/*.rs',
  grantType = 'client_credentials',
): Promise<TokenAnswer> {
  const response = await app.inject({
    method: 'POST',
    url: '/fhir/R4/auth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: grantType,
      scope,
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: assertion,
    }).toString(),
  });
  return {
    status: response.statusCode,
    cache: response.headers['cache-control'],
    body: response.json<TokenAnswer['body']>(),
  };
}
