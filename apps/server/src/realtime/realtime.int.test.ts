import { createECDH, randomBytes } from 'node:crypto';
import { createServer as createTcpServer } from 'node:net';
import {
  messages,
  PushType,
  realtimeCloseCodes,
  realtimePath,
  bookSchedule,
  changePassword,
  createSchedule,
  getWebPushKey,
  login,
  logout,
  updateToken,
} from '@clinic/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { password, verifiedClinician, verifiedPatient, callApi } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { browserSubscription, startPushService, type PushService } from '../../test/push-service.ts';
import { listenOnLoopback, openAllWeek, openSocket, registerMember } from '../../test/realtime.ts';
import { authSession } from '../db/schema.ts';
import { userChannel } from './bus.ts';

let t: TestApp;
let url: string;
let push: PushService;
let clinician: Awaited<ReturnType<typeof verifiedClinician>>;
let bystander: Awaited<ReturnType<typeof verifiedClinician>>;
let member: Awaited<ReturnType<typeof verifiedPatient>>;
let relation: number;

beforeAll(async () => {
  push = await startPushService();
  t = await createTestApp({ overrides: { testPushService: { origin: push.url, ca: push.ca } } });
  url = await listenOnLoopback(t.app);
  clinician = await verifiedClinician(t.app, t.mail);
  bystander = await verifiedClinician(t.app, t.mail);
  member = await verifiedPatient(t.app, t.mail);
  relation = await registerMember(t.app, clinician.tokens.accessToken, member.tokens.accessToken);
  await openAllWeek(t.app, clinician.tokens.accessToken);
});
afterAll(async () => {
  await t.close();
  await push.close();
});

const book = (start: string) =>
  callApi(
    t.app,
    bookSchedule,
    { seqMedicalRelation: relation, scheduleExpectStartDatetime: start, scheduleExpectProgressTime: '00:30:00' },
    { token: member.tokens.accessToken },
  );

describe('the realtime socket', () => {
  it('closes on a forged token or a first message that is not an authentication; plain HTTP gets 401', async () => {
    const forged = await openSocket(url);
    forged.send(JSON.stringify({ type: 'auth', accessToken: 'forged.token.value' }));
    expect(await forged.closed).toBe(realtimeCloseCodes.unauthorized);
    const chatty = await openSocket(url);
    chatty.send('hello');
    expect(await chatty.closed).toBe(realtimeCloseCodes.badMessage);
    const plain = await t.app.inject({ method: 'GET', url: realtimePath });
    expect(plain.statusCode).toBe(401);
  });

  it('tells the clinician at once when a patient books, and the patient when the clinician books', async () => {
    const clinicianSocket = await openSocket(url, clinician.tokens.accessToken);
    const memberSocket = await openSocket(url, member.tokens.accessToken);
    const bystanderSocket = await openSocket(url, bystander.tokens.accessToken);

    expect((await book('2026-11-24T10:00:00+01:00')).reply).toMatchObject({ isSuccess: true });
    const booked = await clinicianSocket.waitFor((message) => message.type === 'notification');
    expect(booked).toMatchObject({
      notification: {
        pushType: PushType.bookedByPatient,
        seqMedicalRelation: relation,
        patientName: 'Pat Member',
        scheduleExpectStartDatetime: '2026-11-24T09:00:00.000Z',
      },
    });

    await callApi(
      t.app,
      createSchedule,
      {
        seqMedicalRelation: relation,
        scheduleExpectStartDatetime: '2026-11-24T11:00:00+01:00',
        scheduleExpectProgressTime: '00:15:00',
      },
      { token: clinician.tokens.accessToken },
    );
    await memberSocket.waitFor(
      (message) => message.type === 'notification' && message.notification.pushType === PushType.bookedByClinician,
    );
    expect(clinicianSocket.notifications().map((item) => item.pushType)).toEqual([PushType.bookedByPatient]);
    expect(bystanderSocket.notifications()).toEqual([]);
    for (const socket of [clinicianSocket, memberSocket, bystanderSocket]) socket.close();
  });

  it('closes a session’s socket the moment the session ends, and no other session’s', async () => {
    const someone = await verifiedClinician(t.app, t.mail);
    const logIn = async (): Promise<string> =>
      (await callApi(t.app, login, { userEmail: someone.body.userEmail, userPassword: password })).success.token
        .accessToken;
    const [other, third] = [await logIn(), await logIn()];
    const sockets = {
      changer: await openSocket(url, someone.tokens.accessToken),
      other: await openSocket(url, other),
      third: await openSocket(url, third),
    };

    // The heartbeat is 30 s away: only the end itself can close a socket within the wait.
    expect((await callApi(t.app, logout, {}, { token: third })).status).toBe(200);
    expect(await sockets.third.closedWithin()).toBe(realtimeCloseCodes.unauthorized);

    const changed = await callApi(
      t.app,
      changePassword,
      { currentPassword: password, newPassword: 'Another-pass-2026' },
      { token: someone.tokens.accessToken },
    );
    expect(changed.reply).toMatchObject({ isSuccess: true });
    expect(await sockets.other.closedWithin()).toBe(realtimeCloseCodes.unauthorized);

    // The session that changed the password keeps hearing its notifications.
    await t.app.bus.publish(userChannel(someone.seqUser), { type: 'schedulesChanged' });
    await sockets.changer.waitFor((message) => message.type === 'schedulesChanged');
    expect(sockets.other.messages.concat(sockets.third.messages)).not.toContainEqual({ type: 'schedulesChanged' });
    sockets.changer.close();
  });
});

describe('Web Push', () => {
  it('sends the encrypted notification to the browser registered with updateToken, and forgets a gone one', async () => {
    const { subscription, read } = browserSubscription(push);
    const registered = await callApi(
      t.app,
      updateToken,
      { fcmToken: JSON.stringify(subscription) },
      { token: clinician.tokens.accessToken },
    );
    expect(registered.status).toBe(200);
    const publicKey = (await callApi(t.app, getWebPushKey, {}, { token: clinician.tokens.accessToken })).success
      .publicKey;

    push.received.length = 0;
    expect((await book('2026-11-25T10:00:00+01:00')).reply).toMatchObject({ isSuccess: true });
    expect(push.received).toHaveLength(1);
    const [request] = push.received;
    expect(request?.path).toBe(new URL(subscription.endpoint).pathname);
    expect(request?.headers['content-encoding']).toBe('aes128gcm');
    // The VAPID signature names our public key.
    expect(String(request?.headers.authorization)).toContain(`k=${publicKey}`);
    expect(read(request!.body)).toMatchObject({
      pushType: PushType.bookedByPatient,
      patientName: 'Pat Member',
      scheduleExpectStartDatetime: '2026-11-25T09:00:00.000Z',
    });

    // The push service says the subscription is gone: it is not used again.
    push.status = 410;
    await book('2026-11-26T10:00:00+01:00');
    push.status = 201;
    await book('2026-11-27T10:00:00+01:00');
    expect(push.received).toHaveLength(2);
  });

  it('never stores nor calls a subscription whose endpoint is not a public push service', async () => {
    // An internal host: the test fails if the app so much as connects to it.
    let connections = 0;
    const internal = createTcpServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
    const address = internal.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const browserKeys = { p256dh: createECDH('prime256v1').generateKeys('base64url'), auth: 'c2VjcmV0LXNlY3JldC0xMg' };
    const subscribe = (endpoint: string) =>
      callApi(
        t.app,
        updateToken,
        { fcmToken: JSON.stringify({ endpoint, keys: browserKeys }) },
        { token: clinician.tokens.accessToken, language: 'cs' },
      );
    // The mobile app's own token is no address and is stored as it is.
    const appToken = await callApi(
      t.app,
      updateToken,
      { fcmToken: 'fcm-registration-token:APA91b' },
      { token: clinician.tokens.accessToken },
    );
    expect(appToken.status).toBe(200);
    const good = `${push.url}/push/${randomBytes(8).toString('hex')}`;
    expect((await subscribe(good)).status).toBe(200);

    for (const host of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      `[::1]:${port}`,
      `[::ffff:127.0.0.1]:${port}`,
      `[::ffff:7f00:1]:${port}`,
      '169.254.169.254',
      '[fd00:ec2::254]',
      '10.0.0.8',
      '192.168.1.1',
      '100.100.100.200',
      '[fe80::1]',
      '0.0.0.0',
      'name.that.does.not.resolve.invalid',
    ]) {
      const refused = await subscribe(`https://${host}/push/1`);
      expect(refused.status, host).toBe(400);
      expect(refused.error, host).toMatchObject({
        fields: [{ path: 'fcmToken', message: messages.cs['validation.push_endpoint'] }],
      });
    }
    expect((await subscribe(`http://${new URL(push.url).host}/push/1`)).status).toBe(400);
    const loginWithInternal = await callApi(t.app, login, {
      userEmail: clinician.body.userEmail,
      userPassword: password,
      fcmToken: JSON.stringify({ endpoint: `https://127.0.0.1:${port}/push/1`, keys: browserKeys }),
    });
    expect(loginWithInternal.status).toBe(400);

    // The refusals changed nothing: pushes still go to the subscription stored before them.
    push.received.length = 0;
    expect((await book('2026-11-28T10:00:00+01:00')).reply).toMatchObject({ isSuccess: true });
    expect(push.received.map((request) => request.path)).toEqual([new URL(good).pathname]);

    const internalEndpoint = JSON.stringify({ endpoint: `https://localhost:${port}/push/1`, keys: browserKeys });
    // One stored before the rule, or whose name resolves elsewhere now, is refused when sending.
    await t.app.db
      .update(authSession)
      .set({ fcmToken: internalEndpoint })
      .where(eq(authSession.seqUser, clinician.seqUser));
    expect((await book('2026-11-28T11:00:00+01:00')).reply).toMatchObject({ isSuccess: true });
    await new Promise<void>((resolve) => internal.close(() => resolve()));
    expect(connections).toBe(0);
  });
});
