import { randomUUID } from 'node:crypto';
import {
  getMessageAwaySettings,
  listMyMessages,
  messageNotification,
  messageRules,
  sendMyMessage,
  updateMessageAwaySettings,
  updateToken,
  withdrawMessage,
  type MessageItem,
} from '@clinic/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, relogin, verifiedClinician, verifiedPatient } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { browserSubscription, startPushService, type PushService } from '../../../test/push-service.ts';
import { openAllWeek, registerMember } from '../../../test/realtime.ts';

// The test clock starts on Sunday 2026-11-22 at 09:00 UTC (10:00 in Prague); the clinician is
// open every day from 07:00 to 21:00 in Prague.
type Clinician = Awaited<ReturnType<typeof verifiedClinician>>;
type Patient = Awaited<ReturnType<typeof verifiedPatient>>;

let t: TestApp;
let push: PushService;
let clinician: Clinician;
let member: Patient;
let relation: number;

beforeAll(async () => {
  push = await startPushService();
  t = await createTestApp({ overrides: { testPushService: { origin: push.url, ca: push.ca } } });
  clinician = await verifiedClinician(t.app, t.mail, { firstName: 'Ola', lastName: 'Hours' });
  member = await verifiedPatient(t.app, t.mail);
  relation = await registerMember(t.app, clinician.tokens.accessToken, member.tokens.accessToken);
  await openAllWeek(t.app, clinician.tokens.accessToken);
});
afterAll(async () => {
  await t.close();
  await push.close();
});

/** Moves the clock to an instant (never back), and signs both in again as their apps would. */
async function at(instant: string): Promise<void> {
  const target = Date.parse(instant);
  expect(target).toBeGreaterThanOrEqual(t.clock().getTime());
  t.clock.advance(target - t.clock().getTime());
  await relogin(t.app, clinician);
  await relogin(t.app, member);
}

const patientSends = async (text: string): Promise<void> => {
  expect(
    (
      await callApi(
        t.app,
        sendMyMessage,
        { seqMedicalRelation: relation, idempotencyKey: randomUUID(), text },
        { token: member.tokens.accessToken, language: 'cs' },
      )
    ).status,
  ).toBe(200);
};
const automaticReplies = async (): Promise<MessageItem[]> =>
  (
    await callApi(
      t.app,
      listMyMessages,
      { seqMedicalRelation: relation, size: 100 },
      { token: member.tokens.accessToken },
    )
  ).success.messageList.filter((item) => item.automatic !== null);

describe('the automatic reply', () => {
  beforeAll(async () => {
    const saved = await callApi(
      t.app,
      updateMessageAwaySettings,
      {
        afterHoursTexts: { en: 'The practice is closed; we answer when it opens.', cs: 'Ordinace je zavřená.' },
        vacation: null,
      },
      { token: clinician.tokens.accessToken, timeZone: 'Europe/Prague' },
    );
    expect(saved.success.settings).toEqual({
      afterHoursTexts: { en: 'The practice is closed; we answer when it opens.', cs: 'Ordinace je zavřená.' },
      vacation: null,
      timeZone: 'Europe/Prague',
    });
  });

  it('is not sent during open hours', async () => {
    await patientSends('Question during the day');
    expect(await automaticReplies()).toEqual([]);
  });

  it('is sent once per closed period, in the patient’s language, with the next open time', async () => {
    await at('2026-11-22T20:30:00Z');
    // Sent at once, as from two devices: the thread's lock lets one of them answer.
    await Promise.all([patientSends('Evening question'), patientSends('And another one'), patientSends('And a third')]);
    await at('2026-11-23T05:30:00Z');
    await patientSends('Early morning, still closed');
    expect(await automaticReplies()).toEqual([
      expect.objectContaining({
        senderRole: 'clinician',
        mine: false,
        automatic: 'afterHours',
        text: 'Ordinace je zavřená.',
        nextOpenAt: '2026-11-23T06:00:00.000Z',
      }),
    ]);

    await at('2026-11-23T09:00:00Z');
    await patientSends('Open again');
    await at('2026-11-23T21:00:00Z');
    await patientSends('Closed again');
    expect((await automaticReplies()).map((reply) => reply.nextOpenAt)).toEqual([
      '2026-11-23T06:00:00.000Z',
      '2026-11-24T06:00:00.000Z',
    ]);
  });

  it('during a vacation carries the vacation’s text, once, and the first open time after it', async () => {
    const refused = await callApi(
      t.app,
      updateMessageAwaySettings,
      { afterHoursTexts: {}, vacation: { from: '2026-11-26', to: '2026-11-24', texts: {} } },
      { token: clinician.tokens.accessToken, timeZone: 'Europe/Prague' },
    );
    expect(refused.error.fields?.[0]).toMatchObject({ path: 'vacation.to', code: 'validation.vacation_order' });
    expect(
      (await callApi(t.app, getMessageAwaySettings, {}, { token: clinician.tokens.accessToken })).success.settings
        .vacation,
    ).toBeNull();

    void (
      await callApi(
        t.app,
        updateMessageAwaySettings,
        {
          afterHoursTexts: { en: 'Closed.' },
          vacation: { from: '2026-11-24', to: '2026-11-26', texts: { en: 'On vacation until Friday.' } },
        },
        { token: clinician.tokens.accessToken, timeZone: 'Europe/Prague' },
      )
    ).success;
    await at('2026-11-24T09:00:00Z');
    await patientSends('Are you there?');
    await at('2026-11-25T09:00:00Z');
    await patientSends('Still away?');
    const replies = await automaticReplies();
    expect(replies.at(-1)).toMatchObject({
      automatic: 'vacation',
      text: 'On vacation until Friday.',
      nextOpenAt: '2026-11-27T06:00:00.000Z',
    });
    expect(replies.filter((reply) => reply.automatic === 'vacation')).toHaveLength(1);
  });

  it('cannot be withdrawn, not even by the clinician in whose name it went', async () => {
    const [reply] = await automaticReplies();
    const refused = await callApi(
      t.app,
      withdrawMessage,
      { seqMessage: reply!.seqMessage },
      { token: clinician.tokens.accessToken },
    );
    expect(refused.status).toBe(404);
    expect((await automaticReplies())[0]).toMatchObject({ seqMessage: reply!.seqMessage, withdrawnAt: null });
  });
});

describe('Web Push to a clinician with no open tab', () => {
  it('tells of several messages within 5 minutes once, naming the patient and never the text', async () => {
    await at('2026-11-28T09:00:00Z');
    const browser = browserSubscription(push);
    const subscribed = await callApi(
      t.app,
      updateToken,
      { fcmToken: JSON.stringify(browser.subscription) },
      { token: clinician.tokens.accessToken },
    );
    expect(subscribed.reply).toEqual({ isSuccess: true });
    const path = new URL(browser.subscription.endpoint).pathname;
    const pushes = () =>
      push.received.filter((request) => request.path === path).map((request) => browser.read(request.body));
    push.received.length = 0;

    await patientSends('My knee is swollen after the exercise');
    await patientSends('Should I stop?');
    t.clock.advance(messageRules.notifySeconds * 1000 - 1000);
    await patientSends('Still swollen');
    await t.app.messageDeliveriesIdle();
    expect(pushes()).toHaveLength(1);
    const [told] = pushes();
    expect(messageNotification.parse(told)).toMatchObject({
      kind: 'message',
      seqMedicalRelation: relation,
      patientName: 'Pat Member',
    });
    expect(JSON.stringify(told)).not.toContain('swollen');

    t.clock.advance(2000);
    await patientSends('Now it hurts');
    await t.app.messageDeliveriesIdle();
    expect(pushes()).toHaveLength(2);
  });
});
