import { FailedCode } from '@clinic/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { linkIn } from '../../../test/mail-catcher.ts';
import { call, password, signUpBody, verifiedClinician, verifiedPatient } from '../../../test/fixtures.ts';
import { userRepository } from './user.repository.ts';
import { hashPassword } from '../../security/password.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const failedCodeOf = (response: { json: <T>() => T }) => response.json<{ failedCode?: string }>().failedCode;

describe('sign-up and e-mail verification', () => {
  it('registers a clinician, mails a single-use link and activates the account with it', async () => {
    const body = signUpBody();
    const since = t.mail.messages.length;
    const signUp = await call(t.app, '/user/signUp', body, { language: 'ko' });
    expect(signUp.statusCode).toBe(200);
    expect(signUp.json()).toEqual({ isSuccess: true, userEmail: body.userEmail });

    const before = await call(t.app, '/user/login', { userEmail: body.userEmail, userPassword: password });
    expect(failedCodeOf(before)).toBe(FailedCode.NotActivated);

    const mail = await t.mail.next(body.userEmail, since);
    expect(mail.subject).toBe('이메일 주소를 인증해 주세요');
    const { link, token } = linkIn(mail);
    expect(link.startsWith('http://clinic.test/login#verify=')).toBe(true);

    const verified = await call(t.app, '/user/verifyEmail', { token });
    expect(verified.json()).toEqual({ isSuccess: true, userEmail: body.userEmail });
    expect(failedCodeOf(await call(t.app, '/user/verifyEmail', { token }))).toBe(FailedCode.LinkInvalid);

    const login = await call(t.app, '/user/login', { userEmail: body.userId, userPassword: password });
    expect(login.json()).toMatchObject({ isSuccess: true, user: { userId: body.userId, userName: 'Ada Lovelace' } });
    expect(login.headers['x-access-token']).toBeTypeOf('string');
    expect(login.headers['x-refresh-token']).toBeTypeOf('string');
  });

  it('refuses a taken ID or e-mail address, in any letter case', async () => {
    const { body } = await verifiedClinician(t.app, t.mail);
    const sameId = await call(t.app, '/user/signUp', signUpBody({ userId: body.userId.toUpperCase() }));
    expect(failedCodeOf(sameId)).toBe(FailedCode.UserIdExists);
    const sameEmail = await call(t.app, '/user/signUp', signUpBody({ userEmail: body.userEmail.toUpperCase() }));
    expect(failedCodeOf(sameEmail)).toBe(FailedCode.EmailExists);
    expect(failedCodeOf(await call(t.app, '/user/validUserEmail', { userEmail: body.userEmail }))).toBe(
      FailedCode.EmailExists,
    );
    const free = await call(t.app, '/user/validUserEmail', { userEmail: 'free.address@example.com' });
    expect(free.json()).toEqual({ isSuccess: true });
  });

  it('answers each broken rule with a field error in the caller language and stores nothing', async () => {
    const bad = signUpBody({
      userEmail: 'a@b.c',
      npiNumber: '1234567890',
      userPassword: 'alllowercase1',
      agreeProvider: false as true,
      firstName: 'x'.repeat(51),
    });
    const response = await call(t.app, '/user/signUp', bad, { language: 'cs' });
    expect(response.statusCode).toBe(400);
    const reply = response.json<{ failedCode: string; fields: { path: string; code: string; message: string }[] }>();
    expect(reply.failedCode).toBe(FailedCode.BadRequest);
    const codes = Object.fromEntries(reply.fields.map((field) => [field.path, field.code]));
    expect(codes).toMatchObject({
      userEmail: 'account.email_form_mismatch',
      npiNumber: 'validation.npi_invalid',
      userPassword: 'validation.password_case',
      agreeProvider: 'signup.terms_not_agreed',
      firstName: 'validation.name_length',
    });
    expect(reply.fields.find((field) => field.path === 'npiNumber')?.message).toBe('Toto číslo NPI není platné.');
    expect(await userRepository(t.app.db).findLiveByUserId(bad.userId)).toBeUndefined();
  });

  it('lets exactly one of several simultaneous sign-ups with one e-mail address win', async () => {
    const email = `race.${Date.now()}@example.com`;
    const replies = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        call(t.app, '/user/signUp', signUpBody({ userEmail: email, userId: `racer${n}x${Date.now()}` })),
      ),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200, 200]);
    const codes = replies.map((reply) => reply.json<{ isSuccess: boolean; failedCode?: string }>());
    expect(codes.filter((reply) => reply.isSuccess)).toHaveLength(1);
    expect(codes.filter((reply) => reply.failedCode === FailedCode.EmailExists)).toHaveLength(3);
    expect(t.logs()).not.toContain('$argon2id$');
  });

  it('keeps only the newest of simultaneous verification links working', async () => {
    const body = signUpBody();
    await call(t.app, '/user/signUp', body);
    const since = t.mail.messages.length;
    await Promise.all([1, 2, 3].map(() => call(t.app, '/user/resendAuthEmail', { userEmail: body.userEmail })));
    const tokens: string[] = [];
    for (let i = 0; i < 3; i++) tokens.push(linkIn(await t.mail.next(body.userEmail, since + i)).token);
    const results = await Promise.all(tokens.map((token) => call(t.app, '/user/verifyEmail', { token })));
    expect(results.filter((reply) => reply.json<{ isSuccess: boolean }>().isSuccess)).toHaveLength(1);
  });

  it('refuses a signature that is not a PNG image', async () => {
    const gif = `data:image/png;base64,${Buffer.from('GIF89a-not-a-png').toString('base64')}`;
    const response = await call(t.app, '/user/signUp', signUpBody({ signatureImage: gif }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      fields: [{ path: 'signatureImage', code: 'validation.signature_required' }],
    });
  });

  it('resends a verification link that replaces the earlier one, and expires links after a day', async () => {
    const body = signUpBody();
    let since = t.mail.messages.length;
    await call(t.app, '/user/signUp', body);
    const first = linkIn(await t.mail.next(body.userEmail, since));
    since = t.mail.messages.length;
    expect((await call(t.app, '/user/resendAuthEmail', { userEmail: body.userEmail })).json()).toEqual({
      isSuccess: true,
    });
    const second = linkIn(await t.mail.next(body.userEmail, since));
    expect(failedCodeOf(await call(t.app, '/user/verifyEmail', { token: first.token }))).toBe(FailedCode.LinkInvalid);

    t.clock.advance(25 * 3_600_000);
    expect(failedCodeOf(await call(t.app, '/user/verifyEmail', { token: second.token }))).toBe(FailedCode.LinkInvalid);
    since = t.mail.messages.length;
    await call(t.app, '/user/resendAuthEmail', { userEmail: body.userEmail });
    const third = linkIn(await t.mail.next(body.userEmail, since));
    expect((await call(t.app, '/user/verifyEmail', { token: third.token })).json()).toMatchObject({ isSuccess: true });
    expect(failedCodeOf(await call(t.app, '/user/resendAuthEmail', { userEmail: body.userEmail }))).toBe(
      FailedCode.AlreadyVerified,
    );
    expect(failedCodeOf(await call(t.app, '/user/resendAuthEmail', { userEmail: 'nobody.here@example.com' }))).toBe(
      FailedCode.EmailNotExist,
    );
  });
});

describe('login', () => {
  it('names each failure with its own code', async () => {
    const { body } = await verifiedClinician(t.app, t.mail);
    const login = (userEmail: string, userPassword: string, userType = 'manager') =>
      call(t.app, '/user/login', { userEmail, userPassword, userType }).then(failedCodeOf);

    expect(await login('nobody.at.all@example.com', password)).toBe(FailedCode.NotMember);
    expect(await login(body.userEmail, 'Wrong-password-1')).toBe(FailedCode.WrongCredentials);
    expect(await login(body.userEmail, password, 'patient')).toBe(FailedCode.LoginFailed);

    await userRepository(t.app.db).insert({
      userId: 'patient.kim',
      userEmail: 'patient.kim@example.com',
      passwordHash: await hashPassword(password),
      userType: 'patient',
    });
    expect(await login('patient.kim@example.com', password)).toBe(FailedCode.ProfileNotFound);
    const reset = await call(t.app, '/user/resetManagerPw', { userEmail: 'patient.kim@example.com' });
    expect(failedCodeOf(reset)).toBe(FailedCode.RecoverInApp);
  });

  it('answers in the language of the request', async () => {
    const reply = (language: string) =>
      call(t.app, '/user/login', { userEmail: 'nobody.at.all@example.com', userPassword: password }, { language }).then(
        (response) => response.json<{ message: string }>().message,
      );
    expect(await reply('en-US')).toBe('You are not a member yet. Please register.');
    expect(await reply('ko-KR,ko;q=0.9')).toBe('회원이 아닙니다. 회원가입을 해 주세요.');
    expect(await reply('zh-HK')).toBe('你尚未成為會員，請先註冊。');
    expect(await reply('cs')).toBe('Ještě nejste členem. Zaregistrujte se prosím.');
  });

  it('does not count successful logins against the account', async () => {
    const { body } = await verifiedClinician(t.app, t.mail);
    for (let i = 0; i < 12; i++) {
      const response = await call(t.app, '/user/login', { userEmail: body.userEmail, userPassword: password });
      expect(response.statusCode).toBe(200);
    }
  });
});

describe('sessions', () => {
  it('rotates the refresh token at every use and revokes the family when an old one comes back', async () => {
    const { tokens } = await verifiedClinician(t.app, t.mail);
    const first = await call(t.app, '/user/refreshToken', {}, { refreshToken: tokens.refreshToken });
    expect(first.statusCode).toBe(200);
    const rotated = first.json<{ token: { accessToken: string; refreshToken: string } }>().token;
    expect(rotated.refreshToken).not.toBe(tokens.refreshToken);
    expect(first.headers['x-refresh-token']).toBe(rotated.refreshToken);

    const reuse = await call(t.app, '/user/refreshToken', {}, { refreshToken: tokens.refreshToken });
    expect(reuse.statusCode).toBe(401);
    expect(failedCodeOf(reuse)).toBe(FailedCode.SessionEnded);
    const afterReuse = await call(t.app, '/user/refreshToken', {}, { refreshToken: rotated.refreshToken });
    expect(afterReuse.statusCode).toBe(401);
    const access = await call(t.app, '/manager/getManagerInfo', {}, { token: rotated.accessToken });
    expect(access.statusCode).toBe(401);
  });

  it('expires access tokens quickly and refuses a refresh after 1800 s without activity', async () => {
    const { tokens } = await verifiedClinician(t.app, t.mail);
    t.clock.advance(11 * 60_000);
    const expired = await call(t.app, '/manager/getManagerInfo', {}, { token: tokens.accessToken });
    expect(expired.statusCode).toBe(401);
    expect(failedCodeOf(expired)).toBe(FailedCode.TokenExpired);
    const refreshed = await call(t.app, '/user/refreshToken', {}, { refreshToken: tokens.refreshToken });
    const next = refreshed.json<{ token: { accessToken: string; refreshToken: string } }>().token;
    expect((await call(t.app, '/manager/getManagerInfo', {}, { token: next.accessToken })).statusCode).toBe(200);

    t.clock.advance(1801 * 1000);
    const idle = await call(t.app, '/user/refreshToken', {}, { refreshToken: next.refreshToken });
    expect(idle.statusCode).toBe(401);
    expect(failedCodeOf(idle)).toBe(FailedCode.SessionEnded);
  });

  it('logs out this session only', async () => {
    const { body, tokens } = await verifiedClinician(t.app, t.mail);
    const other = (await call(t.app, '/user/login', { userEmail: body.userEmail, userPassword: password })).json<{
      token: { accessToken: string };
    }>().token;
    expect((await call(t.app, '/user/logout', {}, { token: tokens.accessToken })).json()).toEqual({ isSuccess: true });
    expect((await call(t.app, '/manager/getManagerInfo', {}, { token: tokens.accessToken })).statusCode).toBe(401);
    expect((await call(t.app, '/manager/getManagerInfo', {}, { token: other.accessToken })).statusCode).toBe(200);
  });

  it('logs a patient app member out of this session, refresh token included', async () => {
    const member = await verifiedPatient(t.app, t.mail);
    const out = await call(t.app, '/patientApp/logout', {}, { token: member.tokens.accessToken });
    expect(out.json()).toEqual({ isSuccess: true });
    expect((await call(t.app, '/patientApp/schedule/list', {}, { token: member.tokens.accessToken })).statusCode).toBe(
      401,
    );
    const refreshed = await call(t.app, '/user/refreshToken', {}, { refreshToken: member.tokens.refreshToken });
    expect(refreshed.statusCode).toBe(401);
  });

  it('stores and clears the push token of a session', async () => {
    const { tokens } = await verifiedClinician(t.app, t.mail);
    const put = (fcmToken: string) =>
      call(t.app, '/user/updateToken', { fcmToken }, { token: tokens.accessToken, method: 'PUT' });
    expect((await put('push-endpoint-1')).json()).toEqual({ isSuccess: true });
    expect((await put('')).json()).toEqual({ isSuccess: true });
  });
});

describe('passwords', () => {
  it('changes the password, keeps this session and ends every other one', async () => {
    const { body, tokens } = await verifiedClinician(t.app, t.mail);
    const other = (await call(t.app, '/user/login', { userEmail: body.userEmail, userPassword: password })).json<{
      token: { accessToken: string; refreshToken: string };
    }>().token;
    const change = (currentPassword: string, newPassword: string) =>
      call(
        t.app,
        '/user/changePasswordBySeqUserAndCurrentPW',
        { currentPassword, newPassword },
        { token: tokens.accessToken, method: 'PUT' },
      );
    expect(failedCodeOf(await change('Not-the-password-1', 'Brand-new-pass-2'))).toBe(FailedCode.WrongPassword);
    const same = await change(password, password);
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ fields: [{ path: 'newPassword', code: 'validation.password_same' }] });
    expect((await change(password, 'Brand-new-pass-2')).json()).toEqual({ isSuccess: true });

    expect((await call(t.app, '/manager/getManagerInfo', {}, { token: tokens.accessToken })).statusCode).toBe(200);
    expect((await call(t.app, '/manager/getManagerInfo', {}, { token: other.accessToken })).statusCode).toBe(401);
    expect((await call(t.app, '/user/refreshToken', {}, { refreshToken: other.refreshToken })).statusCode).toBe(401);
    const login = await call(t.app, '/user/login', { userEmail: body.userEmail, userPassword: 'Brand-new-pass-2' });
    expect(login.json()).toMatchObject({ isSuccess: true });
  });

  it('resets a forgotten password with a single-use link that expires after 30 minutes', async () => {
    const { body, tokens } = await verifiedClinician(t.app, t.mail);
    expect(failedCodeOf(await call(t.app, '/user/resetManagerPw', { userEmail: 'nobody.at.all@example.com' }))).toBe(
      FailedCode.NotMember,
    );
    let since = t.mail.messages.length;
    expect((await call(t.app, '/user/resetManagerPw', { userEmail: body.userEmail })).json()).toEqual({
      isSuccess: true,
    });
    const expiring = linkIn(await t.mail.next(body.userEmail, since));
    expect(expiring.link.startsWith('http://clinic.test/login/findPassword#reset=')).toBe(true);
    t.clock.advance(31 * 60_000);
    const late = await call(t.app, '/user/completePasswordReset', {
      token: expiring.token,
      newPassword: 'Reset-pass-3',
    });
    expect(failedCodeOf(late)).toBe(FailedCode.LinkInvalid);

    since = t.mail.messages.length;
    await call(t.app, '/user/resetManagerPw', { userEmail: body.userEmail });
    const { token } = linkIn(await t.mail.next(body.userEmail, since));
    const done = await call(t.app, '/user/completePasswordReset', { token, newPassword: 'Reset-pass-3' });
    expect(done.json()).toEqual({ isSuccess: true });
    const again = await call(t.app, '/user/completePasswordReset', { token, newPassword: 'Reset-pass-4' });
    expect(failedCodeOf(again)).toBe(FailedCode.LinkInvalid);

    expect((await call(t.app, '/user/refreshToken', {}, { refreshToken: tokens.refreshToken })).statusCode).toBe(401);
    const old = await call(t.app, '/user/login', { userEmail: body.userEmail, userPassword: password });
    expect(failedCodeOf(old)).toBe(FailedCode.WrongCredentials);
    const fresh = await call(t.app, '/user/login', { userEmail: body.userEmail, userPassword: 'Reset-pass-3' });
    expect(fresh.json()).toMatchObject({ isSuccess: true });
  });

  it('finds a forgotten ID by name and e-mail, mails it and shows it masked', async () => {
    const { body } = await verifiedClinician(t.app, t.mail);
    const wrong = await call(t.app, '/user/findUserId', {
      firstName: 'Grace',
      lastName: 'Lovelace',
      userEmail: body.userEmail,
    });
    expect(failedCodeOf(wrong)).toBe(FailedCode.WrongNameOrEmail);
    const since = t.mail.messages.length;
    const found = await call(t.app, '/user/findUserId', {
      firstName: 'ada',
      lastName: 'LOVELACE',
      userEmail: body.userEmail,
    });
    const { maskedUserId } = found.json<{ maskedUserId: string }>();
    expect(maskedUserId).toHaveLength(body.userId.length);
    expect(maskedUserId.startsWith(body.userId.slice(0, 2))).toBe(true);
    expect(maskedUserId).toContain('*');
    expect((await t.mail.next(body.userEmail, since)).text).toContain(body.userId);
  });
});

describe('profile and account deletion', () => {
  it("returns the clinician's own profile", async () => {
    const { body, tokens } = await verifiedClinician(t.app, t.mail);
    const reply = await call(t.app, '/manager/getManagerInfo', {}, { token: tokens.accessToken });
    expect(reply.json()).toMatchObject({
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
    const other = (await call(t.app, '/user/login', { userEmail: body.userEmail, userPassword: password })).json<{
      token: { accessToken: string };
    }>().token;
    const remove = () => call(t.app, '/manager/deleteManagerAccount', {}, { token: tokens.accessToken, method: 'PUT' });
    expect(failedCodeOf(await remove())).toBe(FailedCode.PasswordConfirmationRequired);
    const confirm = (value: string) =>
      call(t.app, '/user/confirmUserPassword', { password: value }, { token: tokens.accessToken });
    expect(failedCodeOf(await confirm('Wrong-pass-1'))).toBe(FailedCode.WrongPassword);
    expect((await confirm(password)).json()).toEqual({ isSuccess: true });
    t.clock.advance(6 * 60_000);
    expect(failedCodeOf(await remove())).toBe(FailedCode.PasswordConfirmationRequired);
    await confirm(password);
    expect((await remove()).json()).toEqual({ isSuccess: true });

    expect((await call(t.app, '/manager/getManagerInfo', {}, { token: tokens.accessToken })).statusCode).toBe(401);
    expect((await call(t.app, '/manager/getManagerInfo', {}, { token: other.accessToken })).statusCode).toBe(401);
    const login = await call(t.app, '/user/login', { userEmail: body.userEmail, userPassword: password });
    expect(failedCodeOf(login)).toBe(FailedCode.AccountDeleted);
    // The address is free again for a new account.
    expect((await call(t.app, '/user/validUserEmail', { userEmail: body.userEmail })).json()).toEqual({
      isSuccess: true,
    });
  });
});

describe('logs', () => {
  it('never contain a password, a token or a mailed link', async () => {
    const { body, tokens } = await verifiedClinician(t.app, t.mail);
    await call(t.app, '/user/refreshToken', {}, { refreshToken: tokens.refreshToken });
    const logs = t.logs();
    expect(logs).toContain('request completed');
    expect(logs).not.toContain(body.userPassword);
    expect(logs).not.toContain(tokens.accessToken);
    expect(logs).not.toContain(tokens.refreshToken);
    expect(logs).not.toMatch(/#(verify|reset)=/);
  });
});
