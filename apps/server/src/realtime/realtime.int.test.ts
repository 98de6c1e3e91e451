import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { Agent, createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PushType, realtimeCloseCodes, realtimePath, type Notification } from '@clinic/contract';
import ece from 'http_ece';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, password, verifiedClinician, verifiedPatient } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { listenOnLoopback, openAllWeek, openSocket, registerMember } from '../../test/realtime.ts';
import { userChannel } from './bus.ts';

/** A push service of our own on loopback, with a certificate the app is told to trust. */
interface PushService {
  url: string;
  agent: Agent;
  received: { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer }[];
  /** The status the next requests are answered with. */
  status: number;
  close(): Promise<void>;
}

async function startPushService(): Promise<PushService> {
  const directory = mkdtempSync(join(tmpdir(), 'push-service-'));
  const [key, cert] = [join(directory, 'key.pem'), join(directory, 'cert.pem')];
  execFileSync('openssl', [
    ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
    ...['-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1'],
    ...['-addext', 'subjectAltName=IP:127.0.0.1'],
  ]);
  const service: PushService = {
    url: '',
    agent: new Agent({ ca: readFileSync(cert) }),
    received: [],
    status: 201,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      service.received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(service.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  service.url = `https://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return service;
}

let t: TestApp;
let url: string;
let push: PushService;
let clinician: Awaited<ReturnType<typeof verifiedClinician>>;
let bystander: Awaited<ReturnType<typeof verifiedClinician>>;
let member: Awaited<ReturnType<typeof verifiedPatient>>;
let relation: number;

beforeAll(async () => {
  push = await startPushService();
  t = await createTestApp({ overrides: { pushAgent: push.agent } });
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
  call(
    t.app,
    '/patientApp/schedule/book',
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

    expect((await book('2026-11-24T10:00:00+01:00')).json()).toMatchObject({ isSuccess: true });
    const booked = await clinicianSocket.waitFor((message) => message.type === 'notification');
    expect(booked).toMatchObject({
      notification: {
        pushType: PushType.bookedByPatient,
        seqMedicalRelation: relation,
        patientName: 'Pat Member',
        scheduleExpectStartDatetime: '2026-11-24T09:00:00.000Z',
      },
    });

    await call(
      t.app,
      '/schedule/createSchedule',
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
    const login = async (): Promise<string> =>
      (await call(t.app, '/user/login', { userEmail: someone.body.userEmail, userPassword: password })).json<{
        token: { accessToken: string };
      }>().token.accessToken;
    const [other, third] = [await login(), await login()];
    const sockets = {
      changer: await openSocket(url, someone.tokens.accessToken),
      other: await openSocket(url, other),
      third: await openSocket(url, third),
    };

    // The heartbeat is 30 s away: only the end itself can close a socket within the wait.
    expect((await call(t.app, '/user/logout', {}, { token: third })).statusCode).toBe(200);
    expect(await sockets.third.closedWithin()).toBe(realtimeCloseCodes.unauthorized);

    const changed = await call(
      t.app,
      '/user/changePasswordBySeqUserAndCurrentPW',
      { currentPassword: password, newPassword: 'Another-pass-2026' },
      { token: someone.tokens.accessToken, method: 'PUT' },
    );
    expect(changed.json()).toMatchObject({ isSuccess: true });
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
    const browserKeys = createECDH('prime256v1');
    browserKeys.generateKeys();
    const authSecret = randomBytes(16);
    const subscription = {
      endpoint: `${push.url}/push/${randomBytes(8).toString('hex')}`,
      keys: { p256dh: browserKeys.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
    };
    const registered = await call(
      t.app,
      '/user/updateToken',
      { fcmToken: JSON.stringify(subscription) },
      { token: clinician.tokens.accessToken, method: 'PUT' },
    );
    expect(registered.statusCode).toBe(200);
    const publicKey = (
      await call(t.app, '/notification/getWebPushKey', {}, { token: clinician.tokens.accessToken })
    ).json<{ publicKey: string }>().publicKey;

    // A subscription that is not https is never called: it could aim our requests anywhere.
    let plainRequests = 0;
    const plainHttp = createHttpServer((_request, response) => {
      plainRequests += 1;
      response.writeHead(201).end();
    });
    await new Promise<void>((resolve) => plainHttp.listen(0, '127.0.0.1', resolve));
    const plainAddress = plainHttp.address();
    const plainPort = typeof plainAddress === 'object' && plainAddress ? plainAddress.port : 0;
    await call(
      t.app,
      '/user/updateToken',
      { fcmToken: JSON.stringify({ ...subscription, endpoint: `http://127.0.0.1:${plainPort}/push/1` }) },
      { token: clinician.tokens.accessToken, method: 'PUT' },
    );
    push.received.length = 0;
    expect((await book('2026-11-24T16:00:00+01:00')).json()).toMatchObject({ isSuccess: true });
    await new Promise<void>((resolve) => plainHttp.close(() => resolve()));
    expect(plainRequests).toBe(0);
    expect(push.received).toHaveLength(0);
    await call(
      t.app,
      '/user/updateToken',
      { fcmToken: JSON.stringify(subscription) },
      { token: clinician.tokens.accessToken, method: 'PUT' },
    );

    push.received.length = 0;
    expect((await book('2026-11-25T10:00:00+01:00')).json()).toMatchObject({ isSuccess: true });
    expect(push.received).toHaveLength(1);
    const [request] = push.received;
    expect(request?.path).toBe(new URL(subscription.endpoint).pathname);
    expect(request?.headers['content-encoding']).toBe('aes128gcm');
    // The VAPID signature names our public key.
    expect(String(request?.headers.authorization)).toContain(`k=${publicKey}`);
    const plain = ece.decrypt(request!.body, { version: 'aes128gcm', privateKey: browserKeys, authSecret });
    expect(JSON.parse(plain.toString()) as Notification).toMatchObject({
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
});
