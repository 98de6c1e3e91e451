import { randomUUID } from 'node:crypto';
import {
  endOtherSessions,
  endSession,
  getManagerInfo,
  listSessions,
  login,
  loginHistory,
  type Language,
} from '@clinic/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, password, verifiedClinician } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { auditEvent } from '../../db/schema.ts';
import { mailQueue } from '../../mail/mail-queue.ts';
import { smtpMailer } from '../../mail/mailer.ts';
import { queueLoginChangeMail } from './index.ts';

const chromeOnMac =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const firefoxOnWindows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const safariOnIphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A clinician (logged in once, by the sign-up fixture) who logs in again from browsers of their own. */
async function clinician(language?: Language) {
  const signedUp = await verifiedClinician(t.app, t.mail, {}, language);
  const logIn = async (options: { userAgent?: string; remoteAddress?: string; browserId?: string } = {}) =>
    (
      await callApi(
        t.app,
        login,
        {
          userEmail: signedUp.body.userEmail,
          userPassword: password,
          ...(options.browserId && { browserId: options.browserId }),
        },
        options,
      )
    ).success.token.accessToken;
  const sessionsOf = async (token: string) => (await callApi(t.app, listSessions, {}, { token })).success.sessions;
  return { ...signedUp, logIn, sessionsOf };
}

const works = async (token: string): Promise<number> => (await callApi(t.app, getManagerInfo, {}, { token })).status;

describe('the sessions on My page', () => {
  it('lists every open session with its browser and address, this one marked', async () => {
    const { logIn, sessionsOf, tokens } = await clinician();
    const macStarted = t.clock().toISOString();
    const mac = await logIn({ userAgent: chromeOnMac, remoteAddress: '198.51.100.5' });
    t.clock.advance(1000);
    const phone = await logIn({ userAgent: safariOnIphone, remoteAddress: '198.51.100.6' });

    const sessions = await sessionsOf(mac);
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    expect(sessions[0]).toMatchObject({
      current: true,
      browser: 'Chrome',
      os: 'macOS',
      device: 'desktop',
      ip: '198.51.100.5',
      startedAt: macStarted,
    });
    expect(sessions[1]).toMatchObject({
      current: false,
      browser: 'Safari',
      os: 'iOS',
      device: 'mobile',
    });
    // Each session sees itself as the current one.
    expect((await sessionsOf(phone)).find((session) => session.current)?.ip).toBe('198.51.100.6');
    expect((await sessionsOf(tokens.accessToken)).find((session) => session.current)?.browser).toBeNull();
  });

  it('ends one other session: its token stops working at once, the others keep working', async () => {
    const { logIn, sessionsOf, tokens, seqUser } = await clinician();
    const mac = await logIn({ userAgent: chromeOnMac });
    const firefox = await logIn({ userAgent: firefoxOnWindows });
    const target = (await sessionsOf(mac)).find((session) => session.browser === 'Firefox')!;

    expect((await callApi(t.app, endSession, { id: target.id }, { token: mac })).success).toEqual({ isSuccess: true });
    expect(await works(firefox)).toBe(401);
    expect(await works(mac)).toBe(200);
    expect(await works(tokens.accessToken)).toBe(200);
    expect((await sessionsOf(mac)).map((session) => session.browser)).not.toContain('Firefox');

    const [row] = await t.app.db
      .select()
      .from(auditEvent)
      .where(
        and(eq(auditEvent.seqUser, seqUser), eq(auditEvent.entity, 'session'), eq(auditEvent.entityId, target.id)),
      );
    expect(row).toMatchObject({ action: 'delete', outcome: 'success' });
  });

  it("answers another clinician's session exactly like a missing one, and leaves it open", async () => {
    const mine = await clinician();
    const theirs = await clinician();
    const theirSession = (await theirs.sessionsOf(theirs.tokens.accessToken))[0]!;

    const foreign = await callApi(t.app, endSession, { id: theirSession.id }, { token: mine.tokens.accessToken });
    const missing = await callApi(t.app, endSession, { id: randomUUID() }, { token: mine.tokens.accessToken });
    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(foreign.error).toEqual(missing.error);
    expect(await works(theirs.tokens.accessToken)).toBe(200);

    const [denied] = await t.app.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.seqUser, mine.seqUser), eq(auditEvent.entityId, theirSession.id)));
    expect(denied).toMatchObject({ action: 'delete', entity: 'session', outcome: 'denied' });
  });

  it('ends every other session at once and keeps this one', async () => {
    const { logIn, sessionsOf, tokens } = await clinician();
    const others = [tokens.accessToken, await logIn({ userAgent: firefoxOnWindows })];
    const mine = await logIn({ userAgent: chromeOnMac });

    expect((await callApi(t.app, endOtherSessions, {}, { token: mine })).success).toEqual({ isSuccess: true });
    for (const token of others) expect(await works(token)).toBe(401);
    expect(await works(mine)).toBe(200);
    expect(await sessionsOf(mine)).toEqual([expect.objectContaining({ current: true, browser: 'Chrome' })]);
  });
});

describe('the login history', () => {
  it('shows the latest logins and wrong passwords with address and browser, on the audit trail', async () => {
    const { body, logIn, seqUser, tokens } = await clinician();
    const wrong = await callApi(
      t.app,
      login,
      { userEmail: body.userEmail, userPassword: 'Wrong-pass-1' },
      { userAgent: firefoxOnWindows, remoteAddress: '203.0.113.40' },
    );
    expect(wrong.failure.isSuccess).toBe(false);
    t.clock.advance(60_000);
    await logIn({ userAgent: chromeOnMac, remoteAddress: '198.51.100.41' });

    const { logins } = (await callApi(t.app, loginHistory, {}, { token: tokens.accessToken })).success;
    expect(logins).toHaveLength(3);
    expect(logins[0]).toEqual({
      at: t.clock().toISOString(),
      succeeded: true,
      ip: '198.51.100.41',
      browser: 'Chrome',
      os: 'macOS',
      device: 'desktop',
    });
    expect(logins[1]).toMatchObject({ succeeded: false, ip: '203.0.113.40', browser: 'Firefox', os: 'Windows' });
    expect(logins[2]).toMatchObject({ succeeded: true });

    const trail = await t.app.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.seqUser, seqUser), eq(auditEvent.entity, 'login')));
    expect(trail.map((row) => [row.action, row.outcome, row.ip])).toEqual([
      ['create', 'success', '127.0.0.1'],
      ['create', 'denied', '203.0.113.40'],
      ['create', 'success', '198.51.100.41'],
    ]);
  });
});

describe('the mail of a login from a new browser', () => {
  it('comes once per new browser, in the clinician’s language, and not at the first login', async () => {
    const { body, logIn } = await clinician('ko');
    const subject = '클리닉 계정에 새 로그인이 있었습니다';
    const alerts = () => t.mail.messages.filter((mail) => mail.to.includes(body.userEmail) && mail.subject === subject);
    const laptop = randomUUID();

    let since = t.mail.messages.length;
    await logIn({ userAgent: chromeOnMac, remoteAddress: '198.51.100.50', browserId: laptop });
    const first = await t.mail.next(body.userEmail, since);
    expect(first.subject).toBe(subject);
    expect(first.text).toContain('macOS의 Chrome');
    expect(first.text).toContain('198.51.100.50');
    expect(first.text).toContain('http://clinic.test/options');

    // The same browser again, then another one: only the other one is mailed.
    await logIn({ userAgent: chromeOnMac, remoteAddress: '198.51.100.51', browserId: laptop });
    since = t.mail.messages.length;
    await logIn({ userAgent: firefoxOnWindows, browserId: randomUUID() });
    expect((await t.mail.next(body.userEmail, since)).text).toContain('Windows의 Firefox');
    expect(alerts()).toHaveLength(2);
  });
});

describe('the mail of a changed second factor', () => {
  it('tells each change in the clinician’s language, with the way to My page', async () => {
    const mailer = smtpMailer(t.mail.url, 'Clinic <no-reply@clinic.test>');
    const mails = mailQueue({ db: t.app.db, mailer, now: t.clock, log: t.app.log });
    const deps = { db: t.app.db, mails, now: t.clock, publicUrl: 'http://clinic.test' };
    const expected = {
      en: ['The login of your clinic account changed', 'a passkey was added to your account'],
      ko: ['클리닉 계정의 로그인 방식이 변경되었습니다', '인증 앱이 로그인에서 제거되었습니다'],
      'zh-HK': ['你的診所帳戶登入方式已變更', '你的帳戶已移除一個通行密鑰'],
      cs: ['Přihlašování k vašemu účtu kliniky se změnilo', 'byla nastavena ověřovací aplikace'],
    } as const;
    const changes = { en: 'passkey_added', ko: 'totp_removed', 'zh-HK': 'passkey_removed', cs: 'totp_added' } as const;
    try {
      for (const language of ['en', 'ko', 'zh-HK', 'cs'] as const) {
        const { body, seqUser } = await verifiedClinician(t.app, t.mail, {}, language);
        const since = t.mail.messages.length;
        await mails.deliver(
          await t.app.db.transaction((tx) => queueLoginChangeMail(deps, tx, seqUser, changes[language])),
        );
        const mail = await t.mail.next(body.userEmail, since);
        expect(mail.subject).toBe(expected[language][0]);
        expect(mail.text).toContain(expected[language][1]);
        expect(mail.text).toContain('http://clinic.test/options');
      }
    } finally {
      mailer.close();
    }
  });
});

describe('the API documentation', () => {
  it('documents the session and login-history endpoints with request and reply schemas', async () => {
    const document = (await t.app.inject('/api/openapi.json')).json<{
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
    }>();
    for (const endpoint of [listSessions, endSession, endOtherSessions, loginHistory]) {
      const operation = document.paths[`/api${endpoint.path}`]?.[endpoint.method.toLowerCase()];
      expect(operation?.requestBody, endpoint.path).toBeDefined();
      expect(operation?.responses['200'], endpoint.path).toBeDefined();
    }
    expect(JSON.stringify(document.paths['/api/user/login'])).toContain('browserId');
  });
});
