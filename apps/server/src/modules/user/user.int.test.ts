import {
  FailedCode,
  changePassword,
  completePasswordReset,
  confirmUserPassword,
  deleteManagerAccount,
  findUserId,
  getManagerInfo,
  listMySchedules,
  login,
  logout,
  patientLogout,
  refreshToken,
  resendAuthEmail,
  resetManagerPw,
  signUp,
  updateToken,
  validUserEmail,
  verifyEmail,
} from '@clinic/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { linkIn } from '../../../test/mail-catcher.ts';
import { callApi, password, signUpBody, verifiedClinician, verifiedPatient } from '../../../test/fixtures.ts';
import { userRepository } from './user.repository.ts';
import { hashPassword } from '../../security/password.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sign-up and e-mail verification', () => {
  it('registers a clinician, mails a single-use link and activates the account with it', async () => {
    const body = signUpBody();
    const since = t.mail.messages.length;
    const signedUp = await callApi(t.app, signUp, body, { language: 'ko' });
    expect(signedUp.status).toBe(200);
    expect(signedUp.reply).toEqual({ isSuccess: true, userEmail: body.userEmail });

    const before = await callApi(t.app, login, { userEmail: body.userEmail, userPassword: password });
    expect(before.failedCode).toBe(FailedCode.NotActivated);

    const mail = await t.mail.next(body.userEmail, since);
    expect(mail.subject).toBe('이메일 주소를 인증해 주세요');
    const { link, token } = linkIn(mail);
    expect(link.startsWith('http://clinic.test/login#verify=')).toBe(true);

    const verified = await callApi(t.app, verifyEmail, { token });
    expect(verified.reply).toEqual({ isSuccess: true, userEmail: body.userEmail });
    expect((await callApi(t.app, verifyEmail, { token })).failedCode).toBe(FailedCode.LinkInvalid);

    const loggedIn = await callApi(t.app, login, { userEmail: body.userId, userPassword: password });
    expect(loggedIn.reply).toMatchObject({ isSuccess: true, user: { userId: body.userId, userName: 'Ada Lovelace' } });
    expect(loggedIn.headers['x-access-token']).toBeTypeOf('string');
    expect(loggedIn.headers['x-refresh-token']).toBeTypeOf('string');
  });

  it('refuses a taken ID or e-mail address, in any letter case', async () => {
    const { body } = await verifiedClinician(t.app, t.mail);
    const sameId = await callApi(t.app, signUp, signUpBody({ userId: body.userId.toUpperCase() }));
    expect(sameId.failedCode).toBe(FailedCode.UserIdExists);
    const sameEmail = await callApi(t.app, signUp, signUpBody({ userEmail: body.userEmail.toUpperCase() }));
    expect(sameEmail.failedCode).toBe(FailedCode.EmailExists);
    expect((await callApi(t.app, validUserEmail, { userEmail: body.userEmail })).failedCode).toBe(
      FailedCode.EmailExists,
    );
    const free = await callApi(t.app, validUserEmail, { userEmail: 'free.address@example.com' });
    expect(free.reply).toEqual({ isSuccess: true });
  });

  it('answers each broken rule with a field error in the caller language and stores nothing', async () => {
    const bad = signUpBody({
      userEmail: 'a@b.c',
      npiNumber: '1234567890',
      userPassword: 'alllowercase1',
      agreeProvider: false as true,
      firstName: 'x'.repeat(51),
    });
    const response = await callApi(t.app, signUp, bad, { language: 'cs' });
    expect(response.status).toBe(400);
    const reply = response.error;
    expect(reply.failedCode).toBe(FailedCode.BadRequest);
    const fields = reply.fields ?? [];
    const codes = Object.fromEntries(fields.map((field) => [field.path, field.code]));
    expect(codes).toMatchObject({
      userEmail: 'account.email_form_mismatch',
      npiNumber: 'validation.npi_invalid',
      userPassword: 'validation.password_case',
      agreeProvider: 'signup.terms_not_agreed',
      firstName: 'validation.name_length',
    });
    expect(fields.find((field) => field.path === 'npiNumber')?.message).toBe('Toto číslo NPI není platné.');
    expect(await userRepository(t.app.db).findLiveByUserId(bad.userId)).toBeUndefined();
  });

  it('lets exactly one of several simultaneous sign-ups with one e-mail address win', async () => {
    const email = `race.${Date.now()}@example.com`;
    const replies = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        callApi(t.app, signUp, signUpBody({ userEmail: email, userId: `racer${n}x${Date.now()}` })),
      ),
    );
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200]);
    const codes = replies.map((answer) => answer.reply);
    expect(codes.filter((reply) => reply.isSuccess)).toHaveLength(1);
    expect(codes.filter((reply) => !reply.isSuccess && reply.failedCode === FailedCode.EmailExists)).toHaveLength(3);
    expect(t.logs()).not.toContain('$argon2id$');
  });

  it('keeps only the newest of simultaneous verification links working', async () => {
    const body = signUpBody();
    await callApi(t.app, signUp, body);
    const since = t.mail.messages.length;
    await Promise.all([1, 2, 3].map(() => callApi(t.app, resendAuthEmail, { userEmail: body.userEmail })));
    const tokens: string[] = [];
    for (let i = 0; i < 3; i++) tokens.push(linkIn(await t.mail.next(body.userEmail, since + i)).token);
    const results = await Promise.all(tokens.map((token) => callApi(t.app, verifyEmail, { token })));
    expect(results.filter((answer) => answer.reply.isSuccess)).toHaveLength(1);
  });

  it('refuses a signature that is not a PNG image', async () => {
    const gif = `data:image/png;base64,${Buffer.from('GIF89a-not-a-png').toString('base64')}`;
    const response = await callApi(t.app, signUp, signUpBody({ signatureImage: gif }));
    expect(response.status).toBe(400);
    expect(response.error).toMatchObject({
      fields: [{ path: 'signatureImage', code: 'validation.signature_required' }],
    });
  });

  it('resends a verification link that replaces the earlier one, and expires links after a day', async () => {
    const body = signUpBody();
    let since = t.mail.messages.length;
    await callApi(t.app, signUp, body);
    const first = linkIn(await t.mail.next(body.userEmail, since));
    since = t.mail.messages.length;
    expect((await callApi(t.app, resendAuthEmail, { userEmail: body.userEmail })).reply).toEqual({
      isSuccess: true,
    });
    const second = linkIn(await t.mail.next(body.userEmail, since));
    expect((await callApi(t.app, verifyEmail, { token: first.token })).failedCode).toBe(FailedCode.LinkInvalid);

    t.clock.advance(25 * 3_600_000);
    expect((await callApi(t.app, verifyEmail, { token: second.token })).failedCode).toBe(FailedCode.LinkInvalid);
    since = t.mail.messages.length;
    await callApi(t.app, resendAuthEmail, { userEmail: body.userEmail });
    const third = linkIn(await t.mail.next(body.userEmail, since));
    expect((await callApi(t.app, verifyEmail, { token: third.token })).reply).toMatchObject({ isSuccess: true });
    expect((await callApi(t.app, resendAuthEmail, { userEmail: body.userEmail })).failedCode).toBe(
      FailedCode.AlreadyVerified,
    );
    expect((await callApi(t.app, resendAuthEmail, { userEmail: 'nobody.here@example.com' })).failedCode).toBe(
      FailedCode.EmailNotExist,
    );
  });
});

describe('login', () => {
  it('names each failure with its own code', async () => {
    const { body } = await verifiedClinician(t.app, t.mail);
    const failedLogin = (userEmail: string, userPassword: string, userType: 'manager' | 'patient' = 'manager') =>
      callApi(t.app, login, { userEmail, userPassword, userType }).then((answer) => answer.failedCode);

    expect(await failedLogin('nobody.at.all@example.com', password)).toBe(FailedCode.NotMember);
    expect(await failedLogin(body.userEmail, 'Wrong-password-1')).toBe(FailedCode.WrongCredentials);
    expect(await failedLogin(body.userEmail, password, 'patient')).toBe(FailedCode.LoginFailed);

    await userRepository(t.app.db).insert({
      userId: 'patient.kim',
      userEmail: 'patient.kim@example.com',
      passwordHash: await hashPassword(password),
      userType: 'patient',
    });
    expect(await failedLogin('patient.kim@example.com', password)).toBe(FailedCode.ProfileNotFound);
    const reset = await callApi(t.app, resetManagerPw, { userEmail: 'patient.kim@example.com' });
    expect(reset.failedCode).toBe(FailedCode.RecoverInApp);
  });

  it('answers in the language of the request', async () => {
    const reply = (language: string) =>
      callApi(t.app, login, { userEmail: 'nobody.at.all@example.com', userPassword: password }, { language }).then(
        (response) => response.failure.message,
      );
    expect(await reply('en-US')).toBe('You are not a member yet. Please register.');
    expect(await reply('ko-KR,ko;q=0.9')).toBe('회원이 아닙니다. 회원가입을 해 주세요.');
    expect(await reply('zh-HK')).toBe('你尚未成為會員，請先註冊。');
    expect(await reply('cs')).toBe('Ještě nejste členem. Zaregistrujte se prosím.');
  });

  it('does not count successful logins against the account', async () => {
    const { body } = await verifiedClinician(t.app, t.mail);
    for (let i = 0; i < 12; i++) {
      const response = await callApi(t.app, login, { userEmail: body.userEmail, userPassword: password });
      expect(response.status).toBe(200);
    }
  });
});

describe('sessions', () => {
  it('rotates the refresh token at every use and revokes the family when an old one comes back', async () => {
    const { tokens } = await verifiedClinician(t.app, t.mail);
    const first = await callApi(t.app, refreshToken, {}, { refreshToken: tokens.refreshToken });
    expect(first.status).toBe(200);
    const rotated = first.success.token;
    expect(rotated.refreshToken).not.toBe(tokens.refreshToken);
    expect(first.headers['x-refresh-token']).toBe(rotated.refreshToken);

    const reuse = await callApi(t.app, refreshToken, {}, { refreshToken: tokens.refreshToken });
    expect(reuse.status).toBe(401);
    expect(reuse.failedCode).toBe(FailedCode.SessionEnded);
    const afterReuse = await callApi(t.app, refreshToken, {}, { refreshToken: rotated.refreshToken });
    expect(afterReuse.status).toBe(401);
    const access = await callApi(t.app, getManagerInfo, {}, { token: rotated.accessToken });
    expect(access.status).toBe(401);
  });

  it('expires access tokens quickly and refuses a refresh after 1800 s without activity', async () => {
    const { tokens } = await verifiedClinician(t.app, t.mail);
    t.clock.advance(11 * 60_000);
    const expired = await callApi(t.app, getManagerInfo, {}, { token: tokens.accessToken });
    expect(expired.status).toBe(401);
    expect(expired.failedCode).toBe(FailedCode.TokenExpired);
    const refreshed = await callApi(t.app, refreshToken, {}, { refreshToken: tokens.refreshToken });
    const next = refreshed.success.token;
    expect((await callApi(t.app, getManagerInfo, {}, { token: next.accessToken })).status).toBe(200);

    t.clock.advance(1801 * 1000);
    const idle = await callApi(t.app, refreshToken, {}, { refreshToken: next.refreshToken });
    expect(idle.status).toBe(401);
    expect(idle.failedCode).toBe(FailedCode.SessionEnded);
  });

  it('logs out this session only', async () => {
    const { body, tokens } = await verifiedClinician(t.app, t.mail);
    const other = (await callApi(t.app, login, { userEmail: body.userEmail, userPassword: password })).success.token;
    expect((await callApi(t.app, logout, {}, { token: tokens.accessToken })).reply).toEqual({ isSuccess: true });
    expect((await callApi(t.app, getManagerInfo, {}, { token: tokens.accessToken })).status).toBe(401);
    expect((await callApi(t.app, getManagerInfo, {}, { token: other.accessToken })).status).toBe(200);
  });

  it('logs a patient app member out of this session, refresh token included', async () => {
    const member = await verifiedPatient(t.app, t.mail);
    const out = await callApi(t.app, patientLogout, {}, { token: member.tokens.accessToken });
    expect(out.reply).toEqual({ isSuccess: true });
    expect((await callApi(t.app, listMySchedules, {}, { token: member.tokens.accessToken })).status).toBe(401);
    const refreshed = await callApi(t.app, refreshToken, {}, { refreshToken: member.tokens.refreshToken });
    expect(refreshed.status).toBe(401);
  });

  it('stores and clears the push token of a session', async () => {
    const { tokens } = await verifiedClinician(t.app, t.mail);
    const put = (fcmToken: string) => callApi(t.app, updateToken, { fcmToken }, { token: tokens.accessToken });
    expect((await put('push-endpoint-1')).reply).toEqual({ isSuccess: true });
    expect((await put('')).reply).toEqual({ isSuccess: true });
  });
});

describe('passwords', () => {
  it('changes the password, keeps this session, ends every other one and mails the clinician', async () => {
    const { body, tokens } = await verifiedClinician(t.app, t.mail);
    const other = (await callApi(t.app, login, { userEmail: body.userEmail, userPassword: password })).success.token;
    const change = (currentPassword: string, newPassword: string) =>
      callApi(t.app, changePassword, { currentPassword, newPassword }, { token: tokens.accessToken });
    const since = t.mail.messages.length;
    expect((await change('Not-the-password-1', 'Brand-new-pass-2')).failedCode).toBe(FailedCode.WrongPassword);
    const same = await change(password, password);
    expect(same.status).toBe(400);
    expect(same.error).toMatchObject({ fields: [{ path: 'newPassword', code: 'validation.password_same' }] });
    expect((await change(password, 'Brand-new-pass-2')).reply).toEqual({ isSuccess: true });
    const mail = await t.mail.next(body.userEmail, since);
    expect(mail.subject).toBe('The login of your clinic account changed');
    expect(mail.text).toContain('the password of your account was changed');
    expect(mail.text).not.toContain('Brand-new-pass-2');

    expect((await callApi(t.app, getManagerInfo, {}, { token: tokens.accessToken })).status).toBe(200);
    expect((await callApi(t.app, getManagerInfo, {}, { token: other.accessToken })).status).toBe(401);
    expect((await callApi(t.app, refreshToken, {}, { refreshToken: other.refreshToken })).status).toBe(401);
    const loggedIn = await callApi(t.app, login, { userEmail: body.userEmail, userPassword: 'Brand-new-pass-2' });
    expect(loggedIn.reply).toMatchObject({ isSuccess: true });
  });

  it('resets a forgotten password with a single-use link that expires after 30 minutes', async () => {
    const { body, tokens } = await verifiedClinician(t.app, t.mail);
    expect((await callApi(t.app, resetManagerPw, { userEmail: 'nobody.at.all@example.com' })).failedCode).toBe(
      FailedCode.NotMember,
    );
    let since = t.mail.messages.length;
    expect((await callApi(t.app, resetManagerPw, { userEmail: body.userEmail })).reply).toEqual({
      isSuccess: true,
    });
    const expiring = linkIn(await t.mail.next(body.userEmail, since));
    expect(expiring.link.startsWith('http://clinic.test/login/findPassword#reset=')).toBe(true);
    t.clock.advance(31 * 60_000);
    const late = await callApi(t.app, completePasswordReset, {
      token: expiring.token,
      newPassword: 'Reset-pass-3',
    });
    expect(late.failedCode).toBe(FailedCode.LinkInvalid);

    since = t.mail.messages.length;
    await callApi(t.app, resetManagerPw, { userEmail: body.userEmail });
    const { token } = linkIn(await t.mail.next(body.userEmail, since));
    const done = await callApi(t.app, completePasswordReset, { token, newPassword: 'Reset-pass-3' });
    expect(done.reply).toEqual({ isSuccess: true });
    const again = await callApi(t.app, completePasswordReset, { token, newPassword: 'Reset-pass-4' });
    expect(again.failedCode).toBe(FailedCode.LinkInvalid);

    expect((await callApi(t.app, refreshToken, {}, { refreshToken: tokens.refreshToken })).status).toBe(401);
    const old = await callApi(t.app, login, { userEmail: body.userEmail, userPassword: password });
    expect(old.failedCode).toBe(FailedCode.WrongCredentials);
    const fresh = await callApi(t.app, login, { userEmail: body.userEmail, userPassword: 'Reset-pass-3' });
    expect(fresh.reply).toMatchObject({ isSuccess: true });
  });

  it('finds a forgotten ID by name and e-mail, mails it and shows it masked', async () => {
    const { body } = await verifiedClinician(t.app, t.mail);
    const wrong = await callApi(t.app, findUserId, {
      firstName: 'Grace',
      lastName: 'Lovelace',
      userEmail: body.userEmail,
    });
    expect(wrong.failedCode).toBe(FailedCode.WrongNameOrEmail);
    const since = t.mail.messages.length;
    const found = await callApi(t.app, findUserId, {
      firstName: 'ada',
      lastName: 'LOVELACE',
      userEmail: body.userEmail,
    });
    const { maskedUserId } = found.success;
    expect(maskedUserId).toHaveLength(body.userId.length);
    expect(maskedUserId.startsWith(body.userId.slice(0, 2))).toBe(true);
    expect(maskedUserId).toContain('*');
    expect((await t.mail.next(body.userEmail, since)).text).toContain(body.userId);
  });
});

describe('profile and account deletion', () => {
  it("returns the clinician's own profile", async () => {
    const { body, tokens } = await verifiedClinician(t.app, t.mail);
    const reply = await callApi(t.app, getManagerInfo, {}, { token: tokens.accessToken });
    expect(reply.reply).toMatchObject({
      isSuccess: true,
      manager: {
        userId: body.userId,
        userEmail: body.userEmail,
        managerName: 'Ada Lovelace',
        npiNumber: body.npiNumber,
      },
    });
  });

  it('deletes the account only after a password confirmation and ends every session', async () => {
    const { body, tokens } = await verifiedClinician(t.app, t.mail);
    const other = (await callApi(t.app, login, { userEmail: body.userEmail, userPassword: password })).success.token;
    const remove = () => callApi(t.app, deleteManagerAccount, {}, { token: tokens.accessToken });
    expect((await remove()).failedCode).toBe(FailedCode.PasswordConfirmationRequired);
    const confirm = (value: string) =>
      callApi(t.app, confirmUserPassword, { password: value }, { token: tokens.accessToken });
    expect((await confirm('Wrong-pass-1')).failedCode).toBe(FailedCode.WrongPassword);
    expect((await confirm(password)).reply).toEqual({ isSuccess: true });
    t.clock.advance(6 * 60_000);
    expect((await remove()).failedCode).toBe(FailedCode.PasswordConfirmationRequired);
    await confirm(password);
    expect((await remove()).reply).toEqual({ isSuccess: true });

    expect((await callApi(t.app, getManagerInfo, {}, { token: tokens.accessToken })).status).toBe(401);
    expect((await callApi(t.app, getManagerInfo, {}, { token: other.accessToken })).status).toBe(401);
    const loggedIn = await callApi(t.app, login, { userEmail: body.userEmail, userPassword: password });
    expect(loggedIn.failedCode).toBe(FailedCode.AccountDeleted);
    // The address is free again for a new account.
    expect((await callApi(t.app, validUserEmail, { userEmail: body.userEmail })).reply).toEqual({
      isSuccess: true,
    });
  });
});

describe('logs', () => {
  it('never contain a password, a token or a mailed link', async () => {
    const { body, tokens } = await verifiedClinician(t.app, t.mail);
    await callApi(t.app, refreshToken, {}, { refreshToken: tokens.refreshToken });
    const logs = t.logs();
    expect(logs).toContain('request completed');
    expect(logs).not.toContain(body.userPassword);
    expect(logs).not.toContain(tokens.accessToken);
    expect(logs).not.toContain(tokens.refreshToken);
    expect(logs).not.toMatch(/#(verify|reset)=/);
  });
});
