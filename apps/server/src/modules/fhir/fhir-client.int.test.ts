import { generateKeyPairSync, randomUUID } from 'node:crypto';
import {
  confirmUserPassword,
  deleteManagerAccount,
  FailedCode,
  listFhirClients,
  registerFhirClient,
  revokeFhirClient,
  type Endpoint,
  type RequestOf,
} from '@clinic/contract';
import type { OperationOutcome, Patient } from '@medplum/fhirtypes';
import { and, eq } from 'drizzle-orm';
import { exportJWK, exportSPKI, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectValidFhir, usCorePatient } from '../../../test/fhir-validation.ts';
import { callApi, password, relogin, verifiedClinician, verifiedPatient } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { registerMember } from '../../../test/realtime.ts';
import { clientAssertion, esKeys, registerClient, requestToken as tokenOf } from '../../../test/smart-client.ts';
import { auditEvent } from '../../db/schema.ts';

let t: TestApp;
let clinician: Awaited<ReturnType<typeof verifiedClinician>>;
let other: Awaited<ReturnType<typeof verifiedClinician>>;
let seqMedicalRelation: number;
let otherRelation: number;
let keys: { privateKey: CryptoKey; publicJwk: JWK };

const base = 'http://localhost:3000/fhir/R4';
const tokenUrl = `${base}/auth/token`;

const asClinician = <E extends Endpoint>(endpoint: E, body: RequestOf<E>, who = clinician) =>
  callApi(t.app, endpoint, body, { token: who.tokens.accessToken, language: 'en' });

const register = (publicJwk: JWK, scope?: string) =>
  registerClient(t.app, clinician.tokens.accessToken, publicJwk, scope);

const assertion = (
  clientId: string,
  privateKey: CryptoKey,
  kid: string | undefined,
  change: Parameters<typeof clientAssertion>[3] = {},
) => clientAssertion(t.clock, tokenUrl, { clientId, privateKey, kid }, change);

const requestToken = (clientAssertion: string, scope?: string, grantType?: string) =>
  tokenOf(t.app, clientAssertion, scope, grantType);

const fhirGet = async (path: string, accessToken: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/fhir/R4/${path}`,
    headers: { authorization: `Bearer ${accessToken}` },
  });
  return { status: response.statusCode, body: response.json<OperationOutcome | Patient>() };
};

const enrol = async (who: typeof clinician): Promise<number> =>
  registerMember(t.app, who.tokens.accessToken, (await verifiedPatient(t.app, t.mail)).tokens.accessToken);

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'http://localhost:3000' } });
  clinician = await verifiedClinician(t.app, t.mail);
  other = await verifiedClinician(t.app, t.mail);
  seqMedicalRelation = await enrol(clinician);
  otherRelation = await enrol(other);
  keys = await esKeys();
});
afterAll(() => t.close());
beforeEach(async () => {
  for (const who of [clinician, other]) await relogin(t.app, who);
});

describe('SMART Backend Services', () => {
  it('says where to get a token and how to sign for it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/fhir/R4/.well-known/smart-configuration' });
    expect(response.json()).toMatchObject({
      token_endpoint: tokenUrl,
      token_endpoint_auth_methods_supported: ['private_key_jwt'],
      token_endpoint_auth_signing_alg_values_supported: ['RS384', 'ES384'],
      grant_types_supported: ['client_credentials'],
    });
  });

  it('registers a client by its JWK Set or PEM key, refuses a private or a foreign key, and lists the clinician’s own', async () => {
    const clientId = await register(keys.publicJwk);
    const rsa = await generateKeyPair('RS384', { extractable: true });
    const pem = await asClinician(registerFhirClient, {
      clientName: 'Billing system',
      publicKey: await exportSPKI(rsa.publicKey),
      scope: 'system/Patient.rs system/Observation.rs',
    });
    expect(pem.success.client).toMatchObject({
      clientName: 'Billing system',
      scope: 'system/Patient.rs system/Observation.rs',
    });

    const privateJwk = await exportJWK(keys.privateKey);
    for (const publicKey of [
      JSON.stringify({ keys: [privateJwk] }),
      'not a key',
      JSON.stringify({ kty: 'oct', k: 'abc' }),
    ]) {
      const refused = await asClinician(registerFhirClient, { clientName: 'Bad', publicKey });
      expect(refused.failedCode).toBe(FailedCode.FhirKeyInvalid);
    }
    expect(
      (await asClinician(registerFhirClient, { clientName: 'Bad', publicKey: '{}', scope: 'user/*.*' })).status,
    ).toBe(400);

    const listed = await asClinician(listFhirClients, {});
    expect(listed.success.clients.map((client) => client.clientId).sort()).toEqual(
      [pem.success.client.clientId, clientId].sort(),
    );
    expect((await asClinician(listFhirClients, {}, other)).success.clients).toEqual([]);
    expect((await asClinician(revokeFhirClient, { clientId }, other)).status).toBe(404);
  });

  it('gives a five-minute token for a signed assertion, which reads the clinician’s patients only, audited with the client’s name', async () => {
    const clientId = await register(keys.publicJwk);
    const granted = await requestToken(await assertion(clientId, keys.privateKey, keys.publicJwk.kid));
    expect(granted.status).toBe(200);
    expect(granted.cache).toBe('no-store');
    expect(granted.body).toMatchObject({ token_type: 'bearer', expires_in: 300, scope: 'system/*.rs' });
    const token = granted.body.access_token!;

    const patient = await fhirGet(`Patient/${seqMedicalRelation}`, token);
    expect(patient.status).toBe(200);
    expectValidFhir(patient.body, usCorePatient);
    expect((await fhirGet(`Patient/${otherRelation}`, token)).status).toBe(404);
    const [audit] = await t.app.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.entity, 'fhir_patient'), eq(auditEvent.seqMedicalRelation, seqMedicalRelation)));
    expect(audit).toMatchObject({
      seqUser: clinician.seqUser,
      clientName: 'Regional health record',
      outcome: 'success',
    });

    // Expired after five minutes.
    t.clock.advance(301_000);
    const expired = await fhirGet(`Patient/${seqMedicalRelation}`, token);
    expect(expired.status).toBe(401);
    expectValidFhir(expired.body);
  });

  it('refuses each bad assertion: reused, for another audience, too long, expired, unknown key, wrong grant', async () => {
    const clientId = await register(keys.publicJwk);
    const jti = randomUUID();
    expect((await requestToken(await assertion(clientId, keys.privateKey, keys.publicJwk.kid, { jti }))).status).toBe(
      200,
    );
    const refusals = [
      await assertion(clientId, keys.privateKey, keys.publicJwk.kid, { jti }),
      await assertion(clientId, keys.privateKey, keys.publicJwk.kid, { audience: 'https://elsewhere.example/token' }),
      await assertion(clientId, keys.privateKey, keys.publicJwk.kid, { expiresInSeconds: 600 }),
      await assertion(clientId, keys.privateKey, keys.publicJwk.kid, { expiresInSeconds: -10 }),
      await assertion(clientId, (await esKeys()).privateKey, keys.publicJwk.kid),
      await assertion(clientId, (await esKeys()).privateKey, 'unknown-key'),
      await assertion(randomUUID(), keys.privateKey, keys.publicJwk.kid),
      'not.a.jwt',
    ];
    for (const [index, refused] of refusals.entries()) {
      const answer = await requestToken(refused);
      expect([answer.status, answer.body.error], `assertion ${index}`).toEqual([401, 'invalid_client']);
      expect(answer.body.access_token).toBeUndefined();
    }
    const grant = await requestToken(
      await assertion(clientId, keys.privateKey, keys.publicJwk.kid),
      'system/*.rs',
      'password',
    );
    expect([grant.status, grant.body.error]).toEqual([400, 'unsupported_grant_type']);
  });

  it('grants only the scopes registered, and a token reads only what its scopes cover', async () => {
    const clientId = await register(keys.publicJwk, 'system/Patient.rs');
    const wider = await requestToken(
      await assertion(clientId, keys.privateKey, keys.publicJwk.kid),
      'system/Observation.rs',
    );
    expect([wider.status, wider.body.error]).toEqual([400, 'invalid_scope']);
    const granted = await requestToken(
      await assertion(clientId, keys.privateKey, keys.publicJwk.kid),
      'system/Patient.rs system/Observation.rs',
    );
    expect(granted.body.scope).toBe('system/Patient.rs');
    const token = granted.body.access_token!;
    expect((await fhirGet(`Patient?_id=${seqMedicalRelation}`, token)).status).toBe(200);
    const observations = await fhirGet('Observation', token);
    expect(observations.status).toBe(403);
    expectValidFhir(observations.body);
    const [denied] = await t.app.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.entity, 'fhir_observation'), eq(auditEvent.outcome, 'denied')));
    expect(denied).toMatchObject({ seqUser: clinician.seqUser, clientName: 'Regional health record' });

    // Revoked: its tokens stop at once, and it gets no new one.
    await asClinician(revokeFhirClient, { clientId });
    expect((await fhirGet(`Patient/${seqMedicalRelation}`, token)).status).toBe(401);
    const after = await requestToken(
      await assertion(clientId, keys.privateKey, keys.publicJwk.kid),
      'system/Patient.rs',
    );
    expect([after.status, after.body.error]).toEqual([401, 'invalid_client']);
  });

  it('refuses hostile token requests as OAuth does, and weak or encryption keys at registration', async () => {
    const post = async (payload: string, type = 'application/x-www-form-urlencoded') => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/fhir/R4/auth/token',
        headers: { 'content-type': type },
        payload,
      });
      return [
        response.statusCode,
        response.json<{ error?: string }>().error ?? response.json<OperationOutcome>().resourceType,
      ];
    };
    expect(await post('')).toEqual([400, 'unsupported_grant_type']);
    expect(await post('grant_type=client_credentials&scope=a&scope=b')).toEqual([400, 'invalid_request']);
    expect(await post('null', 'application/json')).toEqual([400, 'unsupported_grant_type']);
    expect(await post('{', 'application/json')).toEqual([400, 'OperationOutcome']);

    const weak = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const encryption = {
      ...(await exportJWK((await generateKeyPair('ES384', { extractable: true })).publicKey)),
      use: 'enc',
    };
    for (const publicKey of [
      weak.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      JSON.stringify(encryption),
    ]) {
      const refused = await asClinician(registerFhirClient, { clientName: 'Weak', publicKey });
      expect(refused.failedCode).toBe(FailedCode.FhirKeyInvalid);
    }
  });

  it('lets a system registered by a PEM key sign with the key id shown, and stops a deleted clinician’s systems', async () => {
    const pair = await generateKeyPair('ES384', { extractable: true });
    const registered = (
      await asClinician(
        registerFhirClient,
        { clientName: 'By PEM', publicKey: await exportSPKI(pair.publicKey) },
        other,
      )
    ).success.client;
    expect(registered.keyIds).toHaveLength(1);
    const granted = await requestToken(await assertion(registered.clientId, pair.privateKey, registered.keyIds[0]));
    expect(granted.status).toBe(200);
    expect((await fhirGet(`Patient/${otherRelation}`, granted.body.access_token!)).status).toBe(200);

    await callApi(t.app, confirmUserPassword, { password }, { token: other.tokens.accessToken });
    expect((await callApi(t.app, deleteManagerAccount, {}, { token: other.tokens.accessToken })).reply).toEqual({
      isSuccess: true,
    });
    expect((await fhirGet(`Patient/${otherRelation}`, granted.body.access_token!)).status).toBe(401);
    const after = await requestToken(await assertion(registered.clientId, pair.privateKey, registered.keyIds[0]));
    expect([after.status, after.body.error]).toEqual([401, 'invalid_client']);
  });
});
