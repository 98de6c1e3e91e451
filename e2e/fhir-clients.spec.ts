import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectFitsWidth, startStack, type Stack } from './harness.ts';
import { newClinicianSession, ui } from './steps.ts';

const t = ui.en;
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ DEMO: '0' });
});
afterAll(() => stack?.close());

/** A token for the client, got as SMART Backend Services gets one: an ES384 assertion to the token endpoint. */
async function tokenFor(clientId: string, privateKey: CryptoKey, kid: string) {
  const configuration = (await (await fetch(`${stack.url}/fhir/R4/.well-known/smart-configuration`)).json()) as {
    token_endpoint: string;
  };
  const now = Math.floor(Date.now() / 1000);
  const assertion = await new SignJWT({})
    .setProtectedHeader({ alg: 'ES384', kid })
    .setIssuer(clientId)
    .setSubject(clientId)
    .setAudience(configuration.token_endpoint)
    .setIssuedAt(now)
    .setExpirationTime(now + 240)
    .setJti(randomUUID())
    .sign(privateKey);
  const response = await fetch(`${stack.url}/fhir/R4/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      scope: 'system/*.rs',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: assertion,
    }),
  });
  return { status: response.status, body: (await response.json()) as { access_token?: string } };
}

const readPatients = async (token: string) =>
  (await fetch(`${stack.url}/fhir/R4/Patient`, { headers: { authorization: `Bearer ${token}` } })).status;

describe('connected systems on my page', () => {
  it('registers a system by its public key, which then reads through FHIR until it is revoked', async () => {
    const { page } = await newClinicianSession(stack);
    await page.goto('/options#options-fhir-clients');
    const section = page.getByRole('region', { name: t.fhirClients.title });
    await section.getByText(t.fhirClients.none).waitFor();

    // A private key pasted by mistake is refused with the reason.
    const keys = await generateKeyPair('ES384', { extractable: true });
    const kid = randomUUID();
    await section.getByLabel(t.fhirClients.name).fill('Regional health record');
    await section.getByLabel(t.fhirClients.publicKey).fill(JSON.stringify(await exportJWK(keys.privateKey)));
    await section.getByRole('button', { name: t.fhirClients.registerButton, exact: true }).click();
    await section.getByRole('alert').waitFor();
    await expectAccessible(page, 'my page with a refused key');

    await section
      .getByLabel(t.fhirClients.publicKey)
      .fill(JSON.stringify({ keys: [{ ...(await exportJWK(keys.publicKey)), kid }] }));
    await section.getByRole('button', { name: t.fhirClients.registerButton, exact: true }).click();
    const item = section.getByTestId('fhir-client').filter({ hasText: 'Regional health record' });
    const clientId = (await item.getByTestId('fhir-client-id').textContent()) ?? '';
    expect(clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await item.getByTestId('fhir-client-key-id').textContent()).toBe(kid);
    await expectAccessible(page, 'my page with a connected system');
    await expectFitsWidth(page);

    const granted = await tokenFor(clientId, keys.privateKey, kid);
    expect(granted.status).toBe(200);
    const token = granted.body.access_token!;
    expect(await readPatients(token)).toBe(200);

    await item
      .getByRole('button', { name: t.fhirClients.revokeLabel.replace('{{name}}', 'Regional health record') })
      .click();
    const dialog = page.getByRole('dialog', {
      name: t.fhirClients.revokeTitle.replace('{{name}}', 'Regional health record'),
    });
    await dialog.getByRole('button', { name: t.fhirClients.revoke, exact: true }).click();
    await item.getByText(t.fhirClients.revoked).waitFor();
    expect(await readPatients(token)).toBe(401);
    expect((await tokenFor(clientId, keys.privateKey, kid)).status).toBe(401);
  }, 120_000);
});
