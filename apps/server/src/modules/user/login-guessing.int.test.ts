import { randomBytes } from 'node:crypto';
import {
  beginTotpSetup,
  completeLogin,
  confirmTotpSetup,
  FailedCode,
  login,
  validUserEmail,
  type Endpoint,
} from '@clinic/contract';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { password, verifiedClinician, callApi, type Answer } from '../../../test/fixtures.ts';

// On the PostgreSQL run the counts live in Redis, shared by every instance.
const redisUrl = process.env.REDIS_URL;
const env: Record<string, string> = redisUrl ? { REDIS_URL: redisUrl } : {};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env });
});
afterAll(() => t.close());

const wrongPassword = 'Wrong-pass-1';
const retryAfter = (response: Pick<Answer<Endpoint>, 'headers'>) => Number(response.headers['retry-after']);
const logIn = (app: TestApp, userEmail: string, userPassword: string, remoteAddress: string, cookie?: string) =>
  callApi(app.app, login, { userEmail, userPassword }, { remoteAddress, ...(cookie && { cookie }) });

/** The Cookie header of a browser that kept the device cookie handed with this reply. */
function browserCookie(response: Pick<Answer<Endpoint>, 'headers'>): string {
  const [setCookie] = [response.headers['set-cookie'] ?? []].flat();
  expect(setCookie).toBeDefined();
  return setCookie!.slice(0, setCookie!.indexOf(';'));
}

/** Fills the address's hour of failed logins with guesses at accounts that do not exist. */
async function spray(remoteAddress: string): Promise<void> {
  const unique = randomBytes(4).toString('hex');
  for (let i = 0; i < 20; i++) {
    expect((await logIn(t, `nobody.${i}.${unique}@example.com`, 'Spring-2026', remoteAddress)).status).toBe(200);
  }
}

describe('password guessing', () => {
  it('slows the guessing address down with growing waits while the owner signs in from another', async () => {
    const { body } = await verifiedClinician(t.app, t.mail);
    const attacker = '203.0.113.7';
    const guess = () => logIn(t, body.userEmail, wrongPassword, attacker);
    for (let i = 0; i < 5; i++) expect((await guess()).failedCode).toBe(FailedCode.WrongCredentials);

    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      const refused = await guess();
      expect(refused.status).toBe(429);
      expect(refused.failedCode).toBe(FailedCode.TooManyRequests);
      waits.push(retryAfter(refused));
      if (round === 0) {
        // Even the right password waits at that address; the owner's own address is not held up.
        expect((await logIn(t, body.userEmail, password, attacker)).status).toBe(429);
        const owner = await logIn(t, body.userId, password, '198.51.100.20');
        expect(owner.reply).toMatchObject({ isSuccess: true });
      }
      if (round === 2) break;
      // Once the wait has passed, the address may guess once more.
      await vi.waitFor(async () => expect((await guess()).failedCode).toBe(FailedCode.WrongCredentials), {
        timeout: 10_000,
        interval: 200,
      });
    }
    expect(waits).toEqual([1, 2, 4]);
  }, 30_000);

  it('lets a burst of guesses sent at once through no faster than one by one', async () => {
    const { body } = await verifiedClinician(t.app, t.mail);
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => logIn(t, body.userEmail, wrongPassword, '203.0.113.8')),
    );
    expect(burst.filter((response) => response.status === 200)).toHaveLength(5);
    expect(burst.filter((response) => response.status === 429)).toHaveLength(15);
  });

  it('limits the wrong logins of one address across accounts', async () => {
    const { body } = await verifiedClinician(t.app, t.mail);
    const sprayer = '203.0.113.9';
    const unique = randomBytes(4).toString('hex');
    const accounts = [body.userEmail, ...Array.from({ length: 19 }, (_, i) => `someone.${i}.${unique}@example.com`)];
    for (const account of accounts) {
      expect((await logIn(t, account, 'Spring-2026', sprayer)).status).toBe(200);
    }
    const refused = await logIn(t, body.userEmail, password, sprayer);
    expect(refused.status).toBe(429);
    expect(retryAfter(refused)).toBeGreaterThan(0);
    expect(retryAfter(refused)).toBeLessThanOrEqual(3600);
    expect((await logIn(t, body.userEmail, password, '198.51.100.21')).reply).toMatchObject({ isSuccess: true });
  });

  it('mails the clinician once, in their language, when wrong passwords pile up', async () => {
    const { body } = await verifiedClinician(t.app, t.mail, {}, 'cs');
    const since = t.mail.messages.length;
    for (const address of ['203.0.113.21', '203.0.113.22', '203.0.113.23']) {
      for (let i = 0; i < 4; i++) await logIn(t, body.userEmail, wrongPassword, address);
    }
    const mails = t.mail.messages.slice(since).filter((mail) => mail.to === body.userEmail.toLowerCase());
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('K vašemu účtu byla zadána nesprávná hesla');
    expect(mails[0]!.text).toContain('bylo během jednoho dne zadáno 10 nesprávných hesel');
    expect(mails[0]!.text).toContain('http://clinic.test/login/findPassword');
    expect((await logIn(t, body.userEmail, password, '198.51.100.22')).reply).toMatchObject({ isSuccess: true });
  });

  it('counts an IPv6 host by its /64, so that rotating addresses within it does not reset the count', async () => {
    const { body } = await verifiedClinician(t.app, t.mail);
    // A new address of one /64 for every guess, then the right password from yet another of them.
    const inPrefix = (host: number) => `2001:db8:7:1::${host.toString(16)}`;
    for (let i = 0; i < 5; i++) {
      expect((await logIn(t, body.userEmail, wrongPassword, inPrefix(i + 1))).failedCode).toBe(
        FailedCode.WrongCredentials,
      );
    }
    expect((await logIn(t, body.userEmail, wrongPassword, inPrefix(0xbeef))).status).toBe(429);
    expect((await logIn(t, body.userEmail, password, '2001:db8:7:1:ffff::1')).status).toBe(429);
    // The owner's network, another /64, is not held up.
    expect((await logIn(t, body.userEmail, password, '2001:db8:7:2::1')).reply).toMatchObject({ isSuccess: true });
  });

  it.runIf(process.env.DATABASE_URL && redisUrl)('counts the tries of every server instance together', async () => {
    const second = await createTestApp({ env, sameDatabaseAs: t });
    try {
      const { body } = await verifiedClinician(t.app, t.mail);
      for (let i = 0; i < 5; i++) await logIn(t, body.userEmail, wrongPassword, '203.0.113.30');
      expect((await logIn(second, body.userEmail, wrongPassword, '203.0.113.30')).status).toBe(429);
    } finally {
      await second.close();
    }
  });
});

describe('device cookies', () => {
  it('hands every login a cookie that scripts cannot read, sent to the login endpoints only', async () => {
    const { body, seqUser } = await verifiedClinician(t.app, t.mail);
    expect((await logIn(t, body.userEmail, wrongPassword, '198.51.100.70')).headers['set-cookie']).toBeUndefined();
    const loggedIn = await logIn(t, body.userEmail, password, '198.51.100.70');
    const cookies = [loggedIn.headers['set-cookie'] ?? []].flat();
    const attributes = 'Max-Age=15552000; HttpOnly; SameSite=Strict';
    expect(cookies.map((cookie) => cookie.replace(/=[^;]+/, '=…'))).toEqual([
      `device_${seqUser}=…; Path=/api/user/login; ${attributes}`,
      `device_${seqUser}=…; Path=/api/secondFactor/login; ${attributes}`,
    ]);
  });

  it('lets a browser that logged in to the account before through an address at its spraying limit', async () => {
    const clinician = await verifiedClinician(t.app, t.mail);
    const other = await verifiedClinician(t.app, t.mail);
    const clinic = '203.0.113.70';
    const cookie = browserCookie(await logIn(t, clinician.body.userEmail, password, clinic));
    const otherCookie = browserCookie(await logIn(t, other.body.userEmail, password, '198.51.100.71'));
    await spray(clinic);

    expect((await logIn(t, clinician.body.userEmail, password, clinic)).status).toBe(429);
    const known = await logIn(t, clinician.body.userEmail, password, clinic, cookie);
    expect(known.reply).toMatchObject({ isSuccess: true });
    expect(browserCookie(known)).not.toBe(cookie);

    // Another account's cookie, and that cookie renamed for this account, count for nothing.
    expect((await logIn(t, clinician.body.userEmail, password, clinic, otherCookie)).status).toBe(429);
    const [, value] = otherCookie.split('=') as [string, string];
    const forged = `device_${clinician.seqUser}=${value.replace(/^\d+/, String(clinician.seqUser))}`;
    expect((await logIn(t, clinician.body.userEmail, password, clinic, forged)).status).toBe(429);
  });

  it('trusts a cookie no more once ten wrong passwords came with it', async () => {
    const { body } = await verifiedClinician(t.app, t.mail);
    const clinic = '203.0.113.71';
    const cookie = browserCookie(await logIn(t, body.userEmail, password, clinic));
    await spray(clinic);
    // The cookie's own count, not the address's waits, holds its wrong passwords.
    for (let i = 0; i < 10; i++) {
      expect((await logIn(t, body.userEmail, wrongPassword, clinic, cookie)).failedCode).toBe(
        FailedCode.WrongCredentials,
      );
    }
    expect((await logIn(t, body.userEmail, password, clinic, cookie)).status).toBe(429);
  });
});

describe('second-factor code guessing', () => {
  const codeNow = (secret: string): Promise<string> =>
    generate({ secret, epoch: Math.floor(t.clock().getTime() / 1000) });
  const wrongCode = async (secret: string): Promise<string> =>
    String((Number(await codeNow(secret)) + 500_000) % 1_000_000).padStart(6, '0');

  /** A clinician with an authenticator app, past the time step of its first code. */
  async function withAuthenticatorApp() {
    const clinician = await verifiedClinician(t.app, t.mail);
    const token = clinician.tokens.accessToken;
    const { secret } = (await callApi(t.app, beginTotpSetup, { password }, { token })).success;
    const confirmed = await callApi(t.app, confirmTotpSetup, { code: await codeNow(secret) }, { token });
    t.clock.advance(30_000);
    return { ...clinician, secret, recoveryCodes: confirmed.success.recoveryCodes };
  }

  /** The password, then a code, from one browser. */
  async function logInWithCode(
    userEmail: string,
    code: { method: 'totp' | 'recovery_code'; code: string },
    browser: { remoteAddress: string; cookie?: string },
  ) {
    const step = await callApi(t.app, login, { userEmail, userPassword: password }, browser);
    return callApi(t.app, completeLogin, { challenge: step.failure.secondStep!.challenge, ...code }, browser);
  }

  it('slows the guessing address down with growing waits while the owner elsewhere logs in', async () => {
    const { body, secret } = await withAuthenticatorApp();
    const guess = async () =>
      logInWithCode(
        body.userEmail,
        { method: 'totp', code: await wrongCode(secret) },
        { remoteAddress: '203.0.113.72' },
      );
    for (let i = 0; i < 5; i++) expect((await guess()).failedCode).toBe(FailedCode.WrongSecondFactorCode);
    const refused = await guess();
    expect(refused.status).toBe(429);
    expect(retryAfter(refused)).toBe(1);

    const owner = { remoteAddress: '198.51.100.72' };
    expect(
      (await logInWithCode(body.userEmail, { method: 'totp', code: await codeNow(secret) }, owner)).reply,
    ).toMatchObject({ isSuccess: true });
    // Once the wait has passed, the address may guess once more.
    await vi.waitFor(async () => expect((await guess()).failedCode).toBe(FailedCode.WrongSecondFactorCode), {
      timeout: 10_000,
      interval: 200,
    });
  });

  it("lets the owner's browser in with a code or a recovery code after ten wrong codes, and holds up the others", async () => {
    const { body, seqUser, secret, recoveryCodes } = await withAuthenticatorApp();
    const owner = { remoteAddress: '198.51.100.73' };
    const cookie = browserCookie(
      await logInWithCode(body.userEmail, { method: 'totp', code: await codeNow(secret) }, owner),
    );
    t.clock.advance(30_000);
    for (const remoteAddress of ['203.0.113.73', '203.0.113.74']) {
      for (let i = 0; i < 5; i++) {
        const guess = await logInWithCode(
          body.userEmail,
          { method: 'totp', code: await wrongCode(secret) },
          { remoteAddress },
        );
        expect(guess.failedCode).toBe(FailedCode.WrongSecondFactorCode);
      }
    }
    const right = { method: 'totp', code: await codeNow(secret) } as const;
    // Every browser without the account's cookie, at any address, waits for the hour's end.
    const elsewhere = await logInWithCode(body.userEmail, right, { remoteAddress: '203.0.113.75' });
    expect(elsewhere.status).toBe(429);
    const newBrowser = await logInWithCode(body.userEmail, right, owner);
    expect(newBrowser.status).toBe(429);
    expect(retryAfter(newBrowser)).toBeGreaterThan(1);

    expect((await logInWithCode(body.userEmail, right, { ...owner, cookie })).success.user.seqUser).toBe(seqUser);
    const recovery = { method: 'recovery_code', code: recoveryCodes[0]! } as const;
    expect((await logInWithCode(body.userEmail, recovery, { ...owner, cookie })).reply).toMatchObject({
      isSuccess: true,
    });
  });
});

describe('account enumeration', () => {
  it('limits the e-mail checks of one address', async () => {
    const address = '203.0.113.40';
    const unique = randomBytes(4).toString('hex');
    for (let i = 0; i < 20; i++) {
      const check = await callApi(
        t.app,
        validUserEmail,
        { userEmail: `free.${i}.${unique}@example.com` },
        {
          remoteAddress: address,
        },
      );
      expect(check.reply).toEqual({ isSuccess: true });
    }
    const refused = await callApi(
      t.app,
      validUserEmail,
      { userEmail: `free.${unique}@example.com` },
      {
        remoteAddress: address,
      },
    );
    expect(refused.status).toBe(429);
    expect(retryAfter(refused)).toBeGreaterThan(0);
    const elsewhere = await callApi(
      t.app,
      validUserEmail,
      { userEmail: `free.${unique}@example.com` },
      {
        remoteAddress: '198.51.100.40',
      },
    );
    expect(elsewhere.reply).toEqual({ isSuccess: true });
  });
});
