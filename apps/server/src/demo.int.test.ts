import { alertKinds, listMonitoringAlerts } from '@clinic/contract';
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
});
