import { alertKinds, getMonitoringSheet, listMonitoringAlerts } from '@clinic/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../test/fixtures.ts';
import { createTestApp, type TestApp } from '../test/helper.ts';

let test: TestApp;
beforeAll(async () => {
  // On the real clock: the demo devices date their uploads by it.
  test = await createTestApp({
    env: { DEMO: '1', DEMO_EMAIL: 'demo@clinic.test', DEMO_PASSWORD: 'Demo-clinic-2026' },
    clockStart: new Date(),
  });
}, 300_000);
afterAll(() => test?.close());

const logIn = () =>
  test.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { userEmail: 'demo@clinic.test', userPassword: 'Demo-clinic-2026', userType: 'manager' },
  });

describe('the demo', () => {
  it('creates its verified accounts without mailing them', async () => {
    expect((await logIn()).json()).toMatchObject({ isSuccess: true });
    expect(test.mail.messages).toEqual([]);
  });

  it("gives the clinician's worklist every kind of alert once the job has run", async () => {
    await test.app.jobs.tick();
    const token = (await logIn()).json<{ token: { accessToken: string } }>().token.accessToken;
    const alerts = (await callApi(test.app, listMonitoringAlerts, {}, { token })).success.alertList;
    expect(new Set(alerts.map((alert) => alert.kind))).toEqual(new Set(alertKinds));
  });

  it("records the app members' consent to monitoring, all but one's, so last month's sheet marks that one", async () => {
    const token = (await logIn()).json<{ token: { accessToken: string } }>().token.accessToken;
    const now = new Date();
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
    const { rows } = (await callApi(test.app, getMonitoringSheet, { month }, { token })).success;
    expect(rows.length).toBeGreaterThanOrEqual(5);
    const consents = rows.map((row) => row.consent).toSorted();
    expect(consents).toEqual([...Array.from({ length: rows.length - 1 }, () => 'full'), 'none']);
    expect(rows.find((row) => row.consent === 'none')?.codes).toEqual([]);
  });
});
