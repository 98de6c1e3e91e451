import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('the demo', () => {
  it('creates its verified accounts without mailing them', async () => {
    const login = await test.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { userEmail: 'demo@clinic.test', userPassword: 'Demo-clinic-2026', userType: 'manager' },
    });
    expect(login.json()).toMatchObject({ isSuccess: true });
    expect(test.mail.messages).toEqual([]);
  });
});
