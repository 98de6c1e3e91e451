import { createECDH } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { bookSchedule, messages, PushType, updateToken } from '@clinic/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callApi, verifiedClinician, verifiedPatient } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { browserSubscription, startPushService, type PushService } from '../../../test/push-service.ts';
import { openAllWeek, registerMember } from '../../../test/realtime.ts';
import { authSession } from '../../db/schema.ts';

/**
 * The push service listens on 127.0.0.2, the one address the test lets count as public; an
 * internal host listens on 127.0.0.1 at the same port, so an endpoint read as 127.0.0.1 would
 * reach it. Names resolve through the test's own answers, never the network.
 */
const spoofed = '127.0.0.1-x.example.com';
const dnsAnswers: Record<string, string[]> = {
  [spoofed]: ['127.0.0.2'],
  'public.test': ['8.8.8.8'],
  'loopback.test': ['127.0.0.1'],
  '127.0.0.1-loopback.test': ['127.0.0.1'],
  'mixed.test': ['8.8.8.8', '127.0.0.1'],
  'mapped.test': ['::ffff:127.0.0.1'],
  'compatible.test': ['::127.0.0.1'],
};
/** What rebind.test answers at each look-up, in turn; loopback once they run out. */
let rebindAnswers: string[][] = [];
const lookups: string[] = [];

let t: TestApp;
let push: PushService;
let internal: Server;
let connections = 0;
let port: string;
let clinician: Awaited<ReturnType<typeof verifiedClinician>>;
let member: Awaited<ReturnType<typeof verifiedPatient>>;
let relation: number;

beforeAll(async () => {
  push = await startPushService({ address: '127.0.0.2', hostNames: [spoofed, 'rebind.test'] });
  port = new URL(push.url).port;
  internal = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => internal.listen(Number(port), '127.0.0.1', resolve));
  t = await createTestApp({
    overrides: {
      testPushService: {
        origin: push.url,
        ca: push.ca,
        resolve: (hostname) => {
          lookups.push(hostname);
          const answer = hostname === 'rebind.test' ? (rebindAnswers.shift() ?? ['127.0.0.1']) : dnsAnswers[hostname];
          return answer ? Promise.resolve(answer) : Promise.reject(new Error(`${hostname} does not resolve`));
        },
      },
    },
  });
  clinician = await verifiedClinician(t.app, t.mail);
  member = await verifiedPatient(t.app, t.mail);
  relation = await registerMember(t.app, clinician.tokens.accessToken, member.tokens.accessToken);
  await openAllWeek(t.app, clinician.tokens.accessToken);
});
beforeEach(() => {
  push.received.length = 0;
  lookups.length = 0;
});
afterAll(async () => {
  await t.close();
  await push.close();
  await new Promise<void>((resolve) => internal.close(() => resolve()));
});

const browserKeys = { p256dh: createECDH('prime256v1').generateKeys('base64url'), auth: 'c2VjcmV0LXNlY3JldC0xMg' };
const subscribe = (endpoint: string, keys = browserKeys) =>
  callApi(
    t.app,
    updateToken,
    { fcmToken: JSON.stringify({ endpoint, keys }) },
    { token: clinician.tokens.accessToken, language: 'cs' },
  );
/** The patient books a visit: the clinician is told by push. */
const book = async (start: string) => {
  const booked = await callApi(
    t.app,
    bookSchedule,
    { seqMedicalRelation: relation, scheduleExpectStartDatetime: start, scheduleExpectProgressTime: '00:30:00' },
    { token: member.tokens.accessToken },
  );
  expect(booked.reply).toMatchObject({ isSuccess: true });
};

describe('Web Push endpoints', () => {
  it('refuses, when stored, a host that is or resolves to an internal address, however it is spelt', async () => {
    const internalHosts = [
      `[::127.0.0.1]:${port}`,
      '[::7f00:1]',
      '[0:0:0:0:0:0:7f00:1]',
      '[::10.0.0.8]',
      `loopback.test:${port}`,
      `127.0.0.1%2dloopback.test:${port}`,
      'mixed.test',
      'mapped.test',
      'compatible.test',
    ];
    const refusals = [];
    for (const host of internalHosts) refusals.push(await subscribe(`https://${host}/push/1`));
    expect(refusals.map((refusal) => refusal.status)).toEqual(internalHosts.map(() => 400));
    for (const refusal of refusals) {
      expect(refusal.error.fields).toMatchObject([
        { path: 'fcmToken', message: messages.cs['validation.push_endpoint'] },
      ]);
    }
    // A name that resolves to public addresses only is a push service like any other.
    expect((await subscribe('https://public.test/push/1')).status).toBe(200);
  });

  it('connects to the address the endpoint’s host was checked to have, never to a host another parser reads in it', async () => {
    const { subscription, read } = browserSubscription(push);
    const { pathname } = new URL(subscription.endpoint);
    // A legacy parser reads the host as 127.0.0.1 (and the port as 443); the URL's host is the name.
    const endpoint = `https://127.0.0.1%2dx.example.com:${port}${pathname}`;
    expect((await subscribe(endpoint, subscription.keys)).status).toBe(200);

    await book('2026-11-25T10:00:00+01:00');
    expect(push.received.map((request) => [request.path, request.headers.host])).toEqual([
      [pathname, `${spoofed}:${port}`],
    ]);
    expect(read(push.received[0]!.body)).toMatchObject({ pushType: PushType.bookedByPatient });
    expect(connections).toBe(0);
  });

  it('resolves a name once for each push and connects to that answer, so a later answer reaches nothing inside', async () => {
    const endpoint = `https://rebind.test:${port}/push/rebind`;
    rebindAnswers = [['127.0.0.2']];
    expect((await subscribe(endpoint)).status).toBe(200);

    // Checked as the service's address; any look-up after the check would answer loopback.
    rebindAnswers = [['127.0.0.2'], ['127.0.0.1']];
    lookups.length = 0;
    await book('2026-11-25T11:00:00+01:00');
    expect(lookups).toEqual(['rebind.test']);
    expect(push.received.map((request) => request.headers.host)).toEqual([`rebind.test:${port}`]);

    // Now the name answers loopback: the push is refused before any connection.
    await book('2026-11-25T12:00:00+01:00');
    expect(push.received).toHaveLength(1);
    expect(connections).toBe(0);
  });

  it('refuses, when sending, a stored endpoint that is or resolves to an internal address', async () => {
    for (const [index, host] of [
      `[::127.0.0.1]:${port}`,
      `loopback.test:${port}`,
      `127.0.0.1%2dloopback.test:${port}`,
      `mapped.test:${port}`,
      `compatible.test:${port}`,
    ].entries()) {
      // Stored before the rule, as a name that has since changed its answer could be.
      await t.app.db
        .update(authSession)
        .set({ fcmToken: JSON.stringify({ endpoint: `https://${host}/push/1`, keys: browserKeys }) })
        .where(eq(authSession.seqUser, clinician.seqUser));
      await book(`2026-11-26T${10 + index}:00:00+01:00`);
    }
    expect(push.received).toHaveLength(0);
    expect(connections).toBe(0);
  });
});
