import {
  FailedCode,
  beginRequiredSetup,
  beginTotpSetup,
  completeLogin,
  completePasswordReset,
  completeRequiredSetup,
  confirmTotpSetup,
  disableTotp,
  getManagerInfo,
  login,
  regenerateRecoveryCodes,
  resetManagerPw,
  secondFactorStatus,
  signUp,
  verifyEmail,
} from '@clinic/contract';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSecret, auditEvent, recoveryCode, secondFactor } from '../../db/schema.ts';
import { callApi, invalid, password, signUpBody, verifiedClinician, verifiedPatient } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { linkIn } from '../../../test/mail-catcher.ts';

// On the PostgreSQL run the guesses are counted in Redis, shared by every instance.
const redisUrl = process.env.REDIS_URL;
const env: Record<string, string> = redisUrl ? { REDIS_URL: redisUrl } : {};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env });
});
afterAll(() => t.close());

/** The code an authenticator app shows `offsetSeconds` from the app's clock. */
const codeAt = (app: TestApp, secret: string, offsetSeconds = 0): Promise<string> =>
  generate({ secret, epoch: Math.floor(app.clock().getTime() / 1000) + offsetSeconds });

/** Moves the clock into the next 30-second step, as a person waiting for the next code would. */
const nextStep = (app: TestApp): void => app.clock.advance(30_000);

/** A clinician who has set up an authenticator app on My page. */
async function withAuthenticator(app: TestApp = t) {
  const clinician = await verifiedClinician(app.app, app.mail);
  const token = clinician.tokens.accessToken;
  const { secret, otpauthUri, qrCode } = (await callApi(app.app, beginTotpSetup, { password }, { token })).success;
  expect(otpauthUri).toMatch(/^otpauth:\/\/totp\//);
  expect(otpauthUri).toContain(`secret=${secret}`);
  expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
  const since = app.mail.messages.length;
  const confirmed = await callApi(app.app, confirmTotpSetup, { code: await codeAt(app, secret) }, { token });
  expect((await app.mail.next(clinician.body.userEmail, since)).text).toContain(
    'an authenticator app was set up as the second step of your login',
  );
  nextStep(app);
  return { ...clinician, token, secret, recoveryCodes: confirmed.success.recoveryCodes };
}

const passwordStep = async (app: TestApp, userEmail: string) =>
  callApi(app.app, login, { userEmail, userPassword: password });

async function challengeOf(app: TestApp, userEmail: string): Promise<string> {
  const failure = (await passwordStep(app, userEmail)).failure;
  expect(failure.failedCode).toBe(FailedCode.SecondFactorRequired);
  return failure.secondStep!.challenge;
}

describe('setting up an authenticator app', () => {
  it('is confirmed with a first code, gives ten recovery codes once, and stores neither in clear', async () => {
    const clinician = await withAuthenticator();
    expect(clinician.recoveryCodes).toHaveLength(10);
    expect(new Set(clinician.recoveryCodes).size).toBe(10);
    for (const code of clinician.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await callApi(t.app, secondFactorStatus, {}, { token: clinician.token })).success).toEqual({
      isSuccess: true,
      totp: true,
      recoveryCodesLeft: 10,
      required: false,
    });

    const [factor] = await t.app.db.select().from(secondFactor).where(eq(secondFactor.seqUser, clinician.seqUser));
    expect(factor!.confirmedAt).not.toBeNull();
    expect(JSON.stringify(factor)).not.toContain(clinician.secret);
    expect(factor!.sealedSecret).toMatch(/^v1\./);
    // Without SECOND_FACTOR_KEY, the key is made once and kept apart from the sealed secrets.
    expect((await t.app.db.select().from(appSecret)).map((row) => row.name)).toContain('second-factor');
    const stored = JSON.stringify(
      await t.app.db.select().from(recoveryCode).where(eq(recoveryCode.seqUser, clinician.seqUser)),
    );
    for (const code of clinician.recoveryCodes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace('-', ''));
    }
    const audit = await t.app.db.select().from(auditEvent).where(eq(auditEvent.seqUser, clinician.seqUser));
    expect(audit.map((row) => [row.action, row.entity])).toContainEqual(['create', 'second_factor']);
  });

  it('refuses a wrong first code and keeps the login as it was', async () => {
    const clinician = await verifiedClinician(t.app, t.mail);
    const token = clinician.tokens.accessToken;
    const { secret } = (await callApi(t.app, beginTotpSetup, { password }, { token })).success;
    const wrong = String((Number(await codeAt(t, secret)) + 1) % 1_000_000).padStart(6, '0');
    expect((await callApi(t.app, confirmTotpSetup, { code: wrong }, { token })).failedCode).toBe(
      FailedCode.WrongSecondFactorCode,
    );
    expect((await passwordStep(t, clinician.body.userEmail)).reply).toMatchObject({ isSuccess: true });
  });

  it('asks for the password before a new authenticator is made, so a session alone cannot replace it', async () => {
    const clinician = await withAuthenticator();
    const { token } = clinician;
    const factorsBefore = await t.app.db.select().from(secondFactor).where(eq(secondFactor.seqUser, clinician.seqUser));
    const since = t.mail.messages.length;
    expect((await callApi(t.app, beginTotpSetup, invalid({}), { token })).status).toBe(400);
    expect((await callApi(t.app, beginTotpSetup, { password: 'Wrong-pass-1' }, { token })).failedCode).toBe(
      FailedCode.WrongPassword,
    );
    // Nothing is pending, so no code confirms anything, and the app and the recovery codes stay.
    expect(
      (await callApi(t.app, confirmTotpSetup, { code: await codeAt(t, clinician.secret) }, { token })).failedCode,
    ).toBe(FailedCode.SecondFactorNotSetUp);
    expect(await t.app.db.select().from(secondFactor).where(eq(secondFactor.seqUser, clinician.seqUser))).toEqual(
      factorsBefore,
    );
    expect((await callApi(t.app, secondFactorStatus, {}, { token })).success.recoveryCodesLeft).toBe(10);
    expect(t.mail.messages.slice(since)).toEqual([]);
    const done = await callApi(t.app, completeLogin, {
      challenge: await challengeOf(t, clinician.body.userEmail),
      method: 'recovery_code',
      code: clinician.recoveryCodes[0]!,
    });
    expect(done.reply).toMatchObject({ isSuccess: true });
  });
});

describe('logging in with a second factor', () => {
  it('answers a challenge instead of tokens after the password, and a code finishes the login', async () => {
    const clinician = await withAuthenticator();
    const step = await passwordStep(t, clinician.body.userEmail);
    expect(step.headers['x-access-token']).toBeUndefined();
    expect(step.failure).toMatchObject({
      failedCode: FailedCode.SecondFactorRequired,
      secondStep: { methods: ['totp', 'recovery_code'], expiresInSeconds: 300 },
    });
    const challenge = step.failure.secondStep!.challenge;

    const done = await callApi(t.app, completeLogin, {
      challenge,
      method: 'totp',
      code: await codeAt(t, clinician.secret),
    });
    expect(done.success.user).toMatchObject({ seqUser: clinician.seqUser, userEmail: clinician.body.userEmail });
    expect(done.headers['x-access-token']).toBe(done.success.token.accessToken);
    const token = done.success.token.accessToken;
    expect((await callApi(t.app, getManagerInfo, {}, { token })).reply).toMatchObject({ isSuccess: true });

    // The challenge worked once.
    nextStep(t);
    const again = await callApi(t.app, completeLogin, {
      challenge,
      method: 'totp',
      code: await codeAt(t, clinician.secret),
    });
    expect(again.failedCode).toBe(FailedCode.LoginStepExpired);
  });

  it('takes the codes of the steps either side of now and refuses those further off', async () => {
    const clinician = await withAuthenticator();
    const attempt = async (offsetSeconds: number) =>
      (
        await callApi(t.app, completeLogin, {
          challenge: await challengeOf(t, clinician.body.userEmail),
          method: 'totp',
          code: await codeAt(t, clinician.secret, offsetSeconds),
        })
      ).failedCode;
    nextStep(t);
    expect(await attempt(-60)).toBe(FailedCode.WrongSecondFactorCode);
    expect(await attempt(90)).toBe(FailedCode.WrongSecondFactorCode);
    expect(await attempt(-30)).toBeUndefined();
    nextStep(t);
    nextStep(t);
    expect(await attempt(30)).toBeUndefined();
  });

  it('refuses a code used once already, and any code of an earlier step', async () => {
    const clinician = await withAuthenticator();
    const code = await codeAt(t, clinician.secret);
    const use = async (value: string) =>
      (
        await callApi(t.app, completeLogin, {
          challenge: await challengeOf(t, clinician.body.userEmail),
          method: 'totp',
          code: value,
        })
      ).failedCode;
    expect(await use(code)).toBeUndefined();
    expect(await use(code)).toBe(FailedCode.WrongSecondFactorCode);
    nextStep(t);
    expect(await use(await codeAt(t, clinician.secret))).toBeUndefined();
    expect(await use(await codeAt(t, clinician.secret, -30))).toBe(FailedCode.WrongSecondFactorCode);
  });

  it('sends the clinician back to the password once the challenge has expired', async () => {
    const clinician = await withAuthenticator();
    const challenge = await challengeOf(t, clinician.body.userEmail);
    t.clock.advance(5 * 60_000 + 1000);
    const late = await callApi(t.app, completeLogin, {
      challenge,
      method: 'totp',
      code: await codeAt(t, clinician.secret),
    });
    expect(late.failedCode).toBe(FailedCode.LoginStepExpired);
  });

  it('takes each recovery code once, in any case and without its hyphen', async () => {
    const clinician = await withAuthenticator();
    const [first, second] = clinician.recoveryCodes as [string, string];
    const use = async (code: string) =>
      callApi(t.app, completeLogin, {
        challenge: await challengeOf(t, clinician.body.userEmail),
        method: 'recovery_code',
        code,
      });
    const done = await use(first.toUpperCase());
    expect(done.success.user.seqUser).toBe(clinician.seqUser);
    expect((await use(first)).failedCode).toBe(FailedCode.WrongSecondFactorCode);
    expect((await use(second.replace('-', ''))).reply).toMatchObject({ isSuccess: true });
    const status = await callApi(t.app, secondFactorStatus, {}, { token: done.success.token.accessToken });
    expect(status.success.recoveryCodesLeft).toBe(8);
  });

  it("leaves a patient's login as it was", async () => {
    const member = await verifiedPatient(t.app, t.mail);
    const again = await callApi(t.app, login, { userEmail: member.email, userPassword: password, userType: 'patient' });
    expect(again.reply).toMatchObject({ isSuccess: true });
  });
});

describe('changing the second factor', () => {
  it('regenerates the recovery codes only after the password, mails the clinician, and the old ones stop working', async () => {
    const clinician = await withAuthenticator();
    const { token } = clinician;
    const since = t.mail.messages.length;
    expect((await callApi(t.app, regenerateRecoveryCodes, { password: 'Wrong-pass-1' }, { token })).failedCode).toBe(
      FailedCode.WrongPassword,
    );
    const fresh = (await callApi(t.app, regenerateRecoveryCodes, { password }, { token })).success.recoveryCodes;
    expect(fresh).toHaveLength(10);
    const mail = await t.mail.next(clinician.body.userEmail, since);
    expect(mail.text).toContain('your recovery codes were replaced with new ones');
    expect(JSON.stringify(mail)).not.toContain(fresh[0]);
    expect(fresh).not.toContain(clinician.recoveryCodes[0]);
    const use = async (code: string) =>
      (
        await callApi(t.app, completeLogin, {
          challenge: await challengeOf(t, clinician.body.userEmail),
          method: 'recovery_code',
          code,
        })
      ).failedCode;
    expect(await use(clinician.recoveryCodes[0]!)).toBe(FailedCode.WrongSecondFactorCode);
    expect(await use(fresh[0]!)).toBeUndefined();
    const audit = await t.app.db.select().from(auditEvent).where(eq(auditEvent.seqUser, clinician.seqUser));
    expect(audit.map((row) => [row.action, row.entity])).toContainEqual(['update', 'recovery_codes']);
  });

  it('turns the authenticator off only after the password, and the password alone logs in again', async () => {
    const clinician = await withAuthenticator();
    const { token } = clinician;
    expect((await callApi(t.app, disableTotp, { password: 'Wrong-pass-1' }, { token })).failedCode).toBe(
      FailedCode.WrongPassword,
    );
    expect((await passwordStep(t, clinician.body.userEmail)).failedCode).toBe(FailedCode.SecondFactorRequired);
    const since = t.mail.messages.length;
    expect((await callApi(t.app, disableTotp, { password }, { token })).reply).toEqual({ isSuccess: true });
    expect((await t.mail.next(clinician.body.userEmail, since)).text).toContain(
      'the authenticator app was removed from your login',
    );
    expect((await passwordStep(t, clinician.body.userEmail)).reply).toMatchObject({ isSuccess: true });
    expect((await callApi(t.app, secondFactorStatus, {}, { token })).success).toMatchObject({
      totp: false,
      recoveryCodesLeft: 0,
    });
    expect((await callApi(t.app, disableTotp, { password }, { token })).failedCode).toBe(
      FailedCode.SecondFactorNotSetUp,
    );
    const audit = await t.app.db.select().from(auditEvent).where(eq(auditEvent.seqUser, clinician.seqUser));
    expect(audit.map((row) => [row.action, row.entity])).toContainEqual(['delete', 'second_factor']);
  });

  it('replaces the authenticator with a new one after the password, once that one is confirmed', async () => {
    const clinician = await withAuthenticator();
    const { token } = clinician;
    const { secret } = (await callApi(t.app, beginTotpSetup, { password }, { token })).success;
    // Until the new one is confirmed, the old one still logs in.
    const withOld = await callApi(t.app, completeLogin, {
      challenge: await challengeOf(t, clinician.body.userEmail),
      method: 'totp',
      code: await codeAt(t, clinician.secret),
    });
    expect(withOld.reply).toMatchObject({ isSuccess: true });
    nextStep(t);
    const since = t.mail.messages.length;
    expect((await callApi(t.app, confirmTotpSetup, { code: await codeAt(t, secret) }, { token })).reply).toMatchObject({
      isSuccess: true,
    });
    expect((await t.mail.next(clinician.body.userEmail, since)).text).toContain(
      'an authenticator app was set up as the second step of your login',
    );
    nextStep(t);
    const attempt = async (from: string) =>
      (
        await callApi(t.app, completeLogin, {
          challenge: await challengeOf(t, clinician.body.userEmail),
          method: 'totp',
          code: await codeAt(t, from),
        })
      ).failedCode;
    expect(await attempt(clinician.secret)).toBe(FailedCode.WrongSecondFactorCode);
    expect(await attempt(secret)).toBeUndefined();
  });

  it('stays in place through the mailed password reset', async () => {
    const clinician = await withAuthenticator();
    const since = t.mail.messages.length;
    expect((await callApi(t.app, resetManagerPw, { userEmail: clinician.body.userEmail })).reply).toEqual({
      isSuccess: true,
    });
    const { token } = linkIn(await t.mail.next(clinician.body.userEmail, since));
    const newPassword = 'Brand-new-2026';
    expect((await callApi(t.app, completePasswordReset, { token, newPassword })).reply).toEqual({ isSuccess: true });
    const step = await callApi(t.app, login, { userEmail: clinician.body.userEmail, userPassword: newPassword });
    expect(step.failedCode).toBe(FailedCode.SecondFactorRequired);
    const done = await callApi(t.app, completeLogin, {
      challenge: step.failure.secondStep!.challenge,
      method: 'recovery_code',
      code: clinician.recoveryCodes[0]!,
    });
    expect(done.reply).toMatchObject({ isSuccess: true });
  });
});

describe('REQUIRE_MFA', () => {
  const configuredKey = 'a-configured-second-factor-key-of-40-chars';
  let required: TestApp;
  beforeAll(async () => {
    // With a key of its own, which the database then holds no copy of.
    required = await createTestApp({ env: { ...env, REQUIRE_MFA: '1', SECOND_FACTOR_KEY: configuredKey } });
  });
  afterAll(() => required.close());

  async function signedUp(): Promise<{ userEmail: string }> {
    const body = signUpBody();
    const since = required.mail.messages.length;
    void (await callApi(required.app, signUp, body)).success;
    const { token } = linkIn(await required.mail.next(body.userEmail, since));
    void (await callApi(required.app, verifyEmail, { token })).success;
    return body;
  }

  it('makes a clinician without a second factor set one up right after the password, before any session', async () => {
    const { userEmail } = await signedUp();
    const step = await passwordStep(required, userEmail);
    expect(step.headers['x-access-token']).toBeUndefined();
    expect(step.failure).toMatchObject({
      failedCode: FailedCode.SecondFactorSetupRequired,
      secondStep: { methods: [], expiresInSeconds: 900 },
    });
    const challenge = step.failure.secondStep!.challenge;
    // The set-up challenge does not finish a login by itself.
    expect(
      (await callApi(required.app, completeLogin, { challenge, method: 'recovery_code', code: 'abcde-fghij' }))
        .failedCode,
    ).toBe(FailedCode.LoginStepExpired);

    const { secret } = (await callApi(required.app, beginRequiredSetup, { challenge })).success;
    const done = await callApi(required.app, completeRequiredSetup, {
      challenge,
      code: await codeAt(required, secret),
    });
    expect(done.success.recoveryCodes).toHaveLength(10);
    expect(done.headers['x-access-token']).toBe(done.success.token.accessToken);
    const token = done.success.token.accessToken;
    expect((await callApi(required.app, secondFactorStatus, {}, { token })).success).toMatchObject({
      totp: true,
      required: true,
    });
    const audit = await required.app.db
      .select()
      .from(auditEvent)
      .where(eq(auditEvent.seqUser, done.success.user.seqUser));
    expect(audit.map((row) => [row.action, row.entity])).toContainEqual(['create', 'second_factor']);

    const keys = await required.app.db.select().from(appSecret);
    expect(keys.map((row) => row.name)).not.toContain('second-factor');
    expect(JSON.stringify(keys)).not.toContain(configuredKey);

    // The challenge worked once; the next login asks for a code.
    nextStep(required);
    expect(
      (await callApi(required.app, completeRequiredSetup, { challenge, code: await codeAt(required, secret) }))
        .failedCode,
    ).toBe(FailedCode.LoginStepExpired);
    expect((await passwordStep(required, userEmail)).failedCode).toBe(FailedCode.SecondFactorRequired);
    // Nor can it be turned off while the clinic requires it.
    expect((await callApi(required.app, disableTotp, { password }, { token })).failedCode).toBe(
      FailedCode.SecondFactorMandatory,
    );
  });

  it('refuses a set-up challenge that has expired', async () => {
    const { userEmail } = await signedUp();
    const challenge = (await passwordStep(required, userEmail)).failure.secondStep!.challenge;
    required.clock.advance(15 * 60_000 + 1000);
    expect((await callApi(required.app, beginRequiredSetup, { challenge })).failedCode).toBe(
      FailedCode.LoginStepExpired,
    );
  });

  it("leaves a patient's login as it was", async () => {
    const member = await verifiedPatient(required.app, required.mail);
    expect(member.tokens.accessToken).toBeTypeOf('string');
  });
});
