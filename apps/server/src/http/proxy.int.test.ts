import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestThrough, startCaddy, type Caddy } from '../../test/caddy.ts';
import { verifiedClinician } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { outsideProgram } from '../../test/outside-program.ts';
import { auditEvent } from '../db/schema.ts';

const metricsToken = 'metrics-scraper-token-0123456789';

describe.skipIf(!outsideProgram('caddy', 'caddy'))('behind Caddy (deploy/clinic.caddy)', () => {
  let t: TestApp;
  let caddy: Caddy;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1', METRICS_TOKEN: metricsToken } });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    caddy = await startCaddy([new URL(address).host]);
  }, 60_000);
  afterAll(async () => {
    await caddy?.close();
    await t?.close();
  });

  it('sees the client’s address and scheme, and keeps the proxy’s request id in its logs and audit trail', async () => {
    const clinician = await verifiedClinician(t.app, t.mail);
    // The client is on IPv6 loopback; Caddy connects to the app over IPv4.
    const reply = await requestThrough(caddy, '/api/patient/getMyPatientsAndReservedSchedulesForToday', {
      method: 'POST',
      headers: { authorization: `Bearer ${clinician.tokens.accessToken}`, 'x-request-id': 'chosen-by-the-client' },
      json: {},
    });
    expect(reply.status).toBe(200);
    const requestId = String(reply.headers['x-request-id']);
    expect(requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

    const logged = t
      .logs()
      .split('\n')
      .filter((line) => line.includes(`"reqId":"${requestId}"`))
      .map((line) => JSON.parse(line) as { req?: unknown });
    expect(logged.find((line) => line.req)?.req).toMatchObject({ remoteAddress: '::1', protocol: 'https' });
    const audit = await t.app.db
      .select({ ip: auditEvent.ip, entity: auditEvent.entity })
      .from(auditEvent)
      .where(eq(auditEvent.requestId, requestId));
    expect(audit).toEqual([{ ip: '::1', entity: expect.any(String) as string }]);
  });

  it('takes the request id from the trusted proxy only, and only one that is well formed', async () => {
    const fromProxy = await t.app.inject({ url: '/api/healthz', headers: { 'x-request-id': 'caddy-0f3b2a71' } });
    expect(fromProxy.headers['x-request-id']).toBe('caddy-0f3b2a71');
    const mangled = await t.app.inject({ url: '/api/healthz', headers: { 'x-request-id': 'bad id\nwith a line' } });
    expect(mangled.headers['x-request-id']).not.toContain('bad');
    const direct = await createTestApp();
    try {
      const own = await direct.app.inject({ url: '/api/healthz', headers: { 'x-request-id': 'caddy-0f3b2a71' } });
      expect(own.headers['x-request-id']).not.toBe('caddy-0f3b2a71');
    } finally {
      await direct.close();
    }
  });

  it('keeps the app’s own headers on the way out', async () => {
    const health = await requestThrough(caddy, '/api/healthz');
    expect(health.status).toBe(200);
    expect(health.headers['cache-control']).toBe('no-store');
    expect(health.headers['strict-transport-security']).toContain('max-age=');
    // The scraper reaches an instance directly; through the proxy there are no metrics to read.
    const authorization = `Bearer ${metricsToken}`;
    expect((await t.app.inject({ url: '/metrics', headers: { authorization } })).statusCode).toBe(200);
    expect((await requestThrough(caddy, '/metrics', { headers: { authorization } })).status).toBe(404);
  });
});
