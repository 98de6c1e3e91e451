import {
  FailedCode,
  beginPasskeyLogin,
  beginRequiredSetup,
  completeRequiredSetup,
  beginPasskeyRegistration,
  beginTotpSetup,
  completeLogin,
  confirmTotpSetup,
  disableTotp,
  finishPasskeyRegistration,
  getManagerInfo,
  listPasskeys,
  login,
  passkeyLogin,
  regenerateRecoveryCodes,
  removePasskey,
  renamePasskey,
  secondFactorStatus,
  signUp,
  verifyEmail,
} from '@clinic/contract';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvent, passkey, secondFactor } from '../../db/schema.ts';
import { callApi, password, signUpBody, verifiedClinician } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { linkIn } from '../../../test/mail-catcher.ts';
import { softwareAuthenticator } from '../../../test/software-authenticator.ts';

// The relying party is the app's PUBLIC_URL in the test helper.
const origin = 'http://clinic.test';
const rpId = 'clinic.test';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Registers a passkey of a new device on My page, as the clinician whose session `token` is. */
async function registerPasskey(app: TestApp, token: string, userEmail: string, name: string) {
  const device = softwareAuthenticator(rpId, origin);
  const { options } = (await callApi(app.app, beginPasskeyRegistration, { password }, { token })).success;
  const { user } = options as unknown as { user: { id: string } };
  const since = app.mail.messages.length;
  const credential = device.register({ challenge: options.challenge, userId: user.id });
  const added = await callApi(app.app, finishPasskeyRegistration, { name, credential }, { token });
  expect((await app.mail.next(userEmail, since)).text).toContain('a passkey was added to your account');
  return { device, credential, seqPasskey: added.success.passkey.seqPasskey };
}

/** A clinician who has registered a passkey on My page, with the device that holds it. */
async function withPasskey(name = 'Laptop') {
  const clinician = await verifiedClinician(t.app, t.mail);
  const token = clinician.tokens.accessToken;
  return { ...clinician, token, ...(await registerPasskey(t, token, clinician.body.userEmail, name)) };
}

async function loginOptions(challenge?: string) {
  return (await callApi(t.app, beginPasskeyLogin, challenge ? { challenge } : {})).success.options;
}

async function secondStepOf(userEmail: string) {
  const failure = (await callApi(t.app, login, { userEmail, userPassword: password })).failure;
  expect(failure.failedCode).toBe(FailedCode.SecondFactorRequired);
  return failure.secondStep!;
}

describe('registering a passkey on My page', () => {
  it('needs the password, then stores the key (not the device) with its name, on the audit trail', async () => {
    const clinician = await verifiedClinician(t.app, t.mail);
    const token = clinician.tokens.accessToken;
    const wrong = await callApi(t.app, beginPasskeyRegistration, { password: `${password}x` }, { token });
    expect(wrong.failedCode).toBe(FailedCode.WrongPassword);

    const registered = await withPasskey('Work laptop');
    const { options } = (await callApi(t.app, beginPasskeyRegistration, { password }, { token: registered.token }))
      .success;
    expect(options).toMatchObject({
      rp: { id: rpId },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      // The same device is not registered twice.
      excludeCredentials: [{ id: registered.device.id }],
    });
    const list = (await callApi(t.app, listPasskeys, {}, { token: registered.token })).success.passkeys;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ seqPasskey: registered.seqPasskey, name: 'Work laptop', lastUsedAt: null });
    const [row] = await t.app.db.select().from(passkey).where(eq(passkey.seqPasskey, registered.seqPasskey));
    expect(row).toMatchObject({ credentialId: registered.device.id, signCount: 0, transports: ['internal'] });
    const audit = await t.app.db.select().from(auditEvent).where(eq(auditEvent.seqUser, registered.seqUser));
    expect(audit.map((event) => [event.action, event.entity])).toContainEqual(['create', 'passkey']);
  });

  it('takes a challenge once, only from the clinician it was made for, and only for this origin', async () => {
    const registered = await withPasskey();
    const again = await callApi(
      t.app,
      finishPasskeyRegistration,
      { name: 'Again', credential: registered.credential },
      { token: registered.token },
    );
    expect(again.failedCode).toBe(FailedCode.PasskeyNotAccepted);

    const other = await verifiedClinician(t.app, t.mail);
    const { options } = (
      await callApi(t.app, beginPasskeyRegistration, { password }, { token: other.tokens.accessToken })
    ).success;
    const device = softwareAuthenticator(rpId, origin);
    const stolen = device.register({ challenge: options.challenge, userId: 'AAAA' });
    const refused = await callApi(
      t.app,
      finishPasskeyRegistration,
      { name: 'Elsewhere', credential: stolen },
      { token: registered.token },
    );
    expect(refused.failedCode).toBe(FailedCode.PasskeyNotAccepted);

    const fresh = (await callApi(t.app, beginPasskeyRegistration, { password }, { token: other.tokens.accessToken }))
      .success.options;
    const phishing = device.register({ challenge: fresh.challenge, userId: 'AAAA', origin: 'https://clinic.example' });
    const wrongOrigin = await callApi(
      t.app,
      finishPasskeyRegistration,
      { name: 'Phished', credential: phishing },
      { token: other.tokens.accessToken },
    );
    expect(wrongOrigin.failedCode).toBe(FailedCode.PasskeyNotAccepted);
    expect((await callApi(t.app, listPasskeys, {}, { token: other.tokens.accessToken })).success.passkeys).toEqual([]);
  });
});

describe('logging in with a passkey alone', () => {
  it('opens a session with user verification, and the assertion works once', async () => {
    const registered = await withPasskey();
    const options = await loginOptions();
    expect(options).toMatchObject({ rpId, userVerification: 'required' });
    const credential = registered.device.assert({ challenge: options.challenge });
    const session = await callApi(t.app, passkeyLogin, { credential });
    expect(session.success.user).toMatchObject({ seqUser: registered.seqUser });
    const info = await callApi(t.app, getManagerInfo, {}, { token: session.success.token.accessToken });
    expect(info.success).toMatchObject({ isSuccess: true });
    expect((await callApi(t.app, passkeyLogin, { credential })).failedCode).toBe(FailedCode.PasskeyNotAccepted);
    const [row] = await t.app.db.select().from(passkey).where(eq(passkey.seqPasskey, registered.seqPasskey));
    expect(row!.signCount).toBe(1);
    expect(row!.lastUsedAt).not.toBeNull();
  });

  it('refuses an assertion without user verification, of an unknown key, or with a counter that did not rise', async () => {
    const registered = await withPasskey();
    const unverified = registered.device.assert({ challenge: (await loginOptions()).challenge, userVerified: false });
    expect((await callApi(t.app, passkeyLogin, { credential: unverified })).failedCode).toBe(
      FailedCode.PasskeyNotAccepted,
    );
    const late = await loginOptions();
    t.clock.advance(5 * 60 * 1000 + 1000);
    const expired = registered.device.assert({ challenge: late.challenge });
    expect((await callApi(t.app, passkeyLogin, { credential: expired })).failedCode).toBe(
      FailedCode.PasskeyNotAccepted,
    );
    const stranger = softwareAuthenticator(rpId, origin);
    const unknown = stranger.assert({ challenge: (await loginOptions()).challenge });
    expect((await callApi(t.app, passkeyLogin, { credential: unknown })).failedCode).toBe(
      FailedCode.PasskeyNotAccepted,
    );
    // The device signs with counter 5; a copy of it that still says 5 is a clone.
    registered.device.setCounter(4);
    const first = registered.device.assert({ challenge: (await loginOptions()).challenge });
    expect((await callApi(t.app, passkeyLogin, { credential: first })).success.isSuccess).toBe(true);
    registered.device.setCounter(4);
    const cloned = registered.device.assert({ challenge: (await loginOptions()).challenge });
    expect((await callApi(t.app, passkeyLogin, { credential: cloned })).failedCode).toBe(FailedCode.PasskeyNotAccepted);
  });
});

describe('a passkey as the second step after the password', () => {
  it('is offered, signs the login challenge, and uses it up', async () => {
    const registered = await withPasskey();
    const step = await secondStepOf(registered.body.userEmail);
    expect(step.methods).toEqual(['passkey']);
    const options = await loginOptions(step.challenge);
    expect(options).toMatchObject({ allowCredentials: [{ id: registered.device.id }], userVerification: 'required' });
    const credential = registered.device.assert({ challenge: options.challenge });
    const done = await callApi(t.app, completeLogin, { challenge: step.challenge, method: 'passkey', credential });
    expect(done.success.user.seqUser).toBe(registered.seqUser);
    const twice = await callApi(t.app, completeLogin, { challenge: step.challenge, method: 'passkey', credential });
    expect(twice.failedCode).toBe(FailedCode.LoginStepExpired);
  });

  it("refuses another clinician's passkey, and a signature of another challenge", async () => {
    const registered = await withPasskey();
    const other = await withPasskey();
    const step = await secondStepOf(registered.body.userEmail);
    const options = await loginOptions(step.challenge);
    const foreign = other.device.assert({ challenge: options.challenge });
    const refused = await callApi(t.app, completeLogin, {
      challenge: step.challenge,
      method: 'passkey',
      credential: foreign,
    });
    expect(refused.failedCode).toBe(FailedCode.PasskeyNotAccepted);
    const elsewhere = registered.device.assert({ challenge: (await loginOptions()).challenge });
    const wrongChallenge = await callApi(t.app, completeLogin, {
      challenge: step.challenge,
      method: 'passkey',
      credential: elsewhere,
    });
    expect(wrongChallenge.failedCode).toBe(FailedCode.PasskeyNotAccepted);
    // The step is still there for the right passkey.
    const credential = registered.device.assert({ challenge: options.challenge });
    const done = await callApi(t.app, completeLogin, { challenge: step.challenge, method: 'passkey', credential });
    expect(done.success.isSuccess).toBe(true);
  });
});

describe('naming and removing passkeys', () => {
  it("renames and removes the clinician's own; another clinician's answers like a missing one", async () => {
    const registered = await withPasskey();
    const other = await withPasskey();
    const { token } = registered;
    expect(
      (await callApi(t.app, renamePasskey, { seqPasskey: registered.seqPasskey, name: ' Phone ' }, { token })).success,
    ).toEqual({ isSuccess: true });
    expect((await callApi(t.app, listPasskeys, {}, { token })).success.passkeys[0]!.name).toBe('Phone');

    const foreignRename = await callApi(
      t.app,
      renamePasskey,
      { seqPasskey: other.seqPasskey, name: 'Mine' },
      { token },
    );
    const missingRename = await callApi(t.app, renamePasskey, { seqPasskey: 2_000_000_000, name: 'Mine' }, { token });
    expect(foreignRename.reply).toEqual(missingRename.reply);
    expect(foreignRename.failedCode).toBe(FailedCode.PasskeyNotFound);
    const foreignRemove = await callApi(t.app, removePasskey, { seqPasskey: other.seqPasskey, password }, { token });
    const missingRemove = await callApi(t.app, removePasskey, { seqPasskey: 2_000_000_000, password }, { token });
    expect(foreignRemove.reply).toEqual(missingRemove.reply);
    expect((await callApi(t.app, listPasskeys, {}, { token: other.token })).success.passkeys).toHaveLength(1);

    const wrong = await callApi(
      t.app,
      removePasskey,
      { seqPasskey: registered.seqPasskey, password: `${password}x` },
      { token },
    );
    expect(wrong.failedCode).toBe(FailedCode.WrongPassword);
    const since = t.mail.messages.length;
    const removed = await callApi(t.app, removePasskey, { seqPasskey: registered.seqPasskey, password }, { token });
    expect(removed.success).toEqual({ isSuccess: true });
    expect((await t.mail.next(registered.body.userEmail, since)).text).toContain(
      'a passkey was removed from your account',
    );
    const audit = await t.app.db.select().from(auditEvent).where(eq(auditEvent.seqUser, registered.seqUser));
    expect(audit.map((event) => [event.action, event.entity])).toContainEqual(['delete', 'passkey']);
    // Without a factor left, the password alone logs in again, and the removed passkey does not.
    const back = await callApi(t.app, login, { userEmail: registered.body.userEmail, userPassword: password });
    expect(back.success.isSuccess).toBe(true);
    const credential = registered.device.assert({ challenge: (await loginOptions()).challenge });
    expect((await callApi(t.app, passkeyLogin, { credential })).failedCode).toBe(FailedCode.PasskeyNotAccepted);
  });
});

describe('recovery codes with passkeys', () => {
  it('are made on My page for a clinician with passkeys only, finish a login once each, and go with the last passkey', async () => {
    const registered = await withPasskey();
    const { token } = registered;
    const status = async () => (await callApi(t.app, secondFactorStatus, {}, { token })).success;
    expect(await status()).toMatchObject({ totp: false, recoveryCodesLeft: 0 });
    // None made yet: the login offers the passkey alone.
    expect((await secondStepOf(registered.body.userEmail)).methods).toEqual(['passkey']);

    const { recoveryCodes } = (await callApi(t.app, regenerateRecoveryCodes, { password }, { token })).success;
    expect(recoveryCodes).toHaveLength(10);
    expect(await status()).toMatchObject({ totp: false, recoveryCodesLeft: 10 });
    const step = await secondStepOf(registered.body.userEmail);
    expect(step.methods).toEqual(['recovery_code', 'passkey']);
    const code = recoveryCodes[0]!;
    const done = await callApi(t.app, completeLogin, { challenge: step.challenge, method: 'recovery_code', code });
    expect(done.success.user.seqUser).toBe(registered.seqUser);
    const again = await secondStepOf(registered.body.userEmail);
    const reused = await callApi(t.app, completeLogin, { challenge: again.challenge, method: 'recovery_code', code });
    expect(reused.failedCode).toBe(FailedCode.WrongSecondFactorCode);
    expect(await status()).toMatchObject({ recoveryCodesLeft: 9 });

    void (await callApi(t.app, removePasskey, { seqPasskey: registered.seqPasskey, password }, { token })).success;
    expect(await status()).toMatchObject({ totp: false, recoveryCodesLeft: 0 });
    expect((await callApi(t.app, regenerateRecoveryCodes, { password }, { token })).failedCode).toBe(
      FailedCode.SecondFactorNotSetUp,
    );
    const alone = await callApi(t.app, login, { userEmail: registered.body.userEmail, userPassword: password });
    expect(alone.success.user.seqUser).toBe(registered.seqUser);
  });

  it('stay when the authenticator app is turned off while a passkey remains', async () => {
    const registered = await withPasskey();
    const { token } = registered;
    const { secret } = (await callApi(t.app, beginTotpSetup, { password }, { token })).success;
    const code = await generate({ secret, epoch: Math.floor(t.clock().getTime() / 1000) });
    const { recoveryCodes } = (await callApi(t.app, confirmTotpSetup, { code }, { token })).success;
    expect((await secondStepOf(registered.body.userEmail)).methods).toEqual(['totp', 'recovery_code', 'passkey']);

    void (await callApi(t.app, disableTotp, { password }, { token })).success;
    expect((await callApi(t.app, secondFactorStatus, {}, { token })).success).toMatchObject({
      totp: false,
      recoveryCodesLeft: recoveryCodes.length,
    });
    const step = await secondStepOf(registered.body.userEmail);
    expect(step.methods).toEqual(['recovery_code', 'passkey']);
    const done = await callApi(t.app, completeLogin, {
      challenge: step.challenge,
      method: 'recovery_code',
      code: recoveryCodes[0]!,
    });
    expect(done.success.user.seqUser).toBe(registered.seqUser);
  });
});

describe('a passkey where a second factor is required (REQUIRE_MFA)', () => {
  let required: TestApp;
  beforeAll(async () => {
    required = await createTestApp({ env: { REQUIRE_MFA: '1' } });
  });
  afterAll(() => required.close());

  it('is a second factor: the password asks for it, and the last one cannot be removed', async () => {
    const body = signUpBody();
    const since = required.mail.messages.length;
    void (await callApi(required.app, signUp, body)).success;
    void (
      await callApi(required.app, verifyEmail, { token: linkIn(await required.mail.next(body.userEmail, since)).token })
    ).success;
    const setUp = (await callApi(required.app, login, { userEmail: body.userEmail, userPassword: password })).failure;
    expect(setUp.failedCode).toBe(FailedCode.SecondFactorSetupRequired);
    const { challenge } = setUp.secondStep!;
    const { secret } = (await callApi(required.app, beginRequiredSetup, { challenge })).success;
    const code = await generate({ secret, epoch: Math.floor(required.clock().getTime() / 1000) });
    const done = (await callApi(required.app, completeRequiredSetup, { challenge, code })).success;
    const token = done.token.accessToken;
    const registered = await registerPasskey(required, token, body.userEmail, 'Phone');
    // The authenticator app gone (as the clinic's operator removes it), the passkey is the factor left.
    await required.app.db.delete(secondFactor).where(eq(secondFactor.seqUser, done.user.seqUser));

    const step = (await callApi(required.app, login, { userEmail: body.userEmail, userPassword: password })).failure;
    expect(step.failedCode).toBe(FailedCode.SecondFactorRequired);
    // The recovery codes made with the app stand in for the passkey now.
    expect(step.secondStep!.methods).toEqual(['recovery_code', 'passkey']);
    const removed = await callApi(
      required.app,
      removePasskey,
      { seqPasskey: registered.seqPasskey, password },
      { token },
    );
    expect(removed.failedCode).toBe(FailedCode.SecondFactorMandatory);
    const options = (await callApi(required.app, beginPasskeyLogin, {})).success.options;
    const alone = await callApi(required.app, passkeyLogin, {
      credential: registered.device.assert({ challenge: options.challenge }),
    });
    expect(alone.success.user.seqUser).toBe(done.user.seqUser);
  });

  it('limits the passkey logins one address may start, since each keeps a challenge', async () => {
    // The login of the test above started the first.
    for (let started = 1; started < 60; started++) {
      expect((await callApi(required.app, beginPasskeyLogin, {})).success.isSuccess).toBe(true);
    }
    expect((await callApi(required.app, beginPasskeyLogin, {})).status).toBe(429);
  });
});
