import {
  addClinicAssignedExercise,
  cancelNotStartedYetSchedule,
  createSchedule,
  getPatientWebPushKey,
  getWebPushKey,
  login,
  messages,
  patientLogout,
  patientPush,
  updateNotStartedYetSchedule,
  updatePatientPushToken,
  type PatientPush,
} from '@clinic/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callApi, kneeProgram, password, verifiedClinician, verifiedPatient } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { browserSubscription, startPushService, type PushService } from '../../../test/push-service.ts';
import { openAllWeek, registerMember } from '../../../test/realtime.ts';

type Patient = Awaited<ReturnType<typeof verifiedPatient>>;
type Browser = ReturnType<typeof browserSubscription>;

const minute = 60_000;
/** Health data of the visit and the prescription: the clinician's, never the patient's push. */
const visitNote = 'Check the ACL graft before the next program';
const exerciseMemo = 'Post-op knee, mind the swelling';

let t: TestApp;
let push: PushService;
let clinician: Awaited<ReturnType<typeof verifiedClinician>>;
let member: Patient;
let other: Patient;
let relation: number;
let otherRelation: number;
let memberBrowser: Browser;
let otherBrowser: Browser;

beforeAll(async () => {
  push = await startPushService();
  t = await createTestApp({ overrides: { testPushService: { origin: push.url, ca: push.ca } } });
  clinician = await verifiedClinician(t.app, t.mail, { firstName: 'Jana', lastName: 'Dvořák' });
  member = await verifiedPatient(t.app, t.mail);
  other = await verifiedPatient(t.app, t.mail);
  relation = await registerMember(t.app, clinician.tokens.accessToken, member.tokens.accessToken, 2);
  otherRelation = await registerMember(t.app, clinician.tokens.accessToken, other.tokens.accessToken, 2);
  await openAllWeek(t.app, clinician.tokens.accessToken);
  memberBrowser = browserSubscription(push);
  otherBrowser = browserSubscription(push);
  await subscribe(member.tokens.accessToken, memberBrowser, { language: 'cs', timeZone: 'Europe/Prague' });
  await subscribe(other.tokens.accessToken, otherBrowser, { language: 'ko', timeZone: 'Asia/Seoul' });
});
beforeEach(() => {
  push.received.length = 0;
});
afterAll(async () => {
  await t.close();
  await push.close();
});

async function subscribe(
  token: string,
  { subscription }: Browser,
  headers: { language: string; timeZone: string },
): Promise<void> {
  const registered = await callApi(
    t.app,
    updatePatientPushToken,
    { fcmToken: JSON.stringify(subscription) },
    { token, ...headers },
  );
  expect(registered.reply).toEqual({ isSuccess: true });
}

/** What the browser read from the pushes its endpoint received, each checked against the contract. */
function pushesTo({ subscription, read }: Browser): PatientPush[] {
  const path = new URL(subscription.endpoint).pathname;
  return push.received
    .filter((request) => request.path === path)
    .map((request) => {
      expect(request.headers['content-encoding']).toBe('aes128gcm');
      return patientPush.parse(read(request.body));
    });
}

const book = async (seqMedicalRelation: number, start: string): Promise<number> =>
  (
    await callApi(
      t.app,
      createSchedule,
      {
        seqMedicalRelation,
        scheduleExpectStartDatetime: start,
        scheduleExpectProgressTime: '00:30:00',
        scheduleNote: visitNote,
      },
      { token: clinician.tokens.accessToken, timeZone: 'Europe/Prague' },
    )
  ).success.schedule.seqSchedule;

/** The one push the browser received, with the fields a patient's push has and no others. */
function onlyPushTo(browser: Browser): PatientPush {
  const pushes = pushesTo(browser);
  expect(pushes).toHaveLength(1);
  const [message] = pushes;
  expect(Object.keys(message!).sort()).toEqual(['body', 'key', 'time', 'title', 'type', 'url']);
  for (const secret of [visitNote, exerciseMemo, 'Pat Member']) expect(JSON.stringify(message)).not.toContain(secret);
  return message!;
}

describe("a patient's Web Push", () => {
  it('is subscribed with the same VAPID key as the clinicians’, by patients only, to public push services only', async () => {
    const patientKey = (await callApi(t.app, getPatientWebPushKey, {}, { token: member.tokens.accessToken })).success
      .publicKey;
    const clinicianKey = (await callApi(t.app, getWebPushKey, {}, { token: clinician.tokens.accessToken })).success
      .publicKey;
    expect(patientKey).toBe(clinicianKey);

    expect((await callApi(t.app, getPatientWebPushKey, {}, { token: clinician.tokens.accessToken })).status).toBe(403);
    const byClinician = await callApi(
      t.app,
      updatePatientPushToken,
      { fcmToken: JSON.stringify(browserSubscription(push).subscription) },
      { token: clinician.tokens.accessToken },
    );
    expect(byClinician.status).toBe(403);

    const internal = await callApi(
      t.app,
      updatePatientPushToken,
      { fcmToken: JSON.stringify({ ...memberBrowser.subscription, endpoint: 'https://10.0.0.8/push/1' }) },
      { token: member.tokens.accessToken, language: 'cs' },
    );
    expect(internal.status).toBe(400);
    expect(internal.error.fields).toMatchObject([
      { path: 'fcmToken', message: messages.cs['validation.push_endpoint'] },
    ]);

    // The refusal kept the subscription stored before it, and the push is signed with the key.
    const seqSchedule = await book(relation, '2026-11-23T09:00:00+01:00');
    expect(String(push.received[0]?.headers.authorization)).toContain(`k=${patientKey}`);
    expect(onlyPushTo(memberBrowser).url).toBe(`/patient/?visit=${seqSchedule}`);
  });

  it('tells the patient, in their language and zone, that the clinician booked, moved and cancelled a visit; no one else', async () => {
    const seqSchedule = await book(relation, '2026-11-24T10:00:00+01:00');
    const booked = onlyPushTo(memberBrowser);
    expect(booked).toMatchObject({
      type: 'visitBooked',
      title: 'Změna návštěvy',
      url: `/patient/?visit=${seqSchedule}`,
      time: t.clock().toISOString(),
    });
    expect(booked.body).toMatch(/^Vaše návštěva u Jana Dvořák .*24\. 11\. 2026 10:00 je objednána\.$/);

    push.received.length = 0;
    const moved = await callApi(
      t.app,
      updateNotStartedYetSchedule,
      { seqSchedule, scheduleExpectStartDatetime: '2026-11-24T14:15:00+01:00', scheduleExpectProgressTime: '00:30:00' },
      { token: clinician.tokens.accessToken, timeZone: 'Europe/Prague' },
    );
    expect(moved.reply).toMatchObject({ isSuccess: true });
    const movedPush = onlyPushTo(memberBrowser);
    expect(movedPush).toMatchObject({ type: 'visitMoved', url: `/patient/?visit=${seqSchedule}` });
    expect(movedPush.body).toMatch(/^Vaše návštěva u Jana Dvořák byla přesunuta na .*24\. 11\. 2026 14:15\.$/);

    push.received.length = 0;
    const cancelled = await callApi(
      t.app,
      cancelNotStartedYetSchedule,
      { seqSchedule },
      { token: clinician.tokens.accessToken },
    );
    expect(cancelled.reply).toMatchObject({ isSuccess: true });
    const cancelledPush = onlyPushTo(memberBrowser);
    expect(cancelledPush).toMatchObject({ type: 'visitCancelled', url: `/patient/?visit=${seqSchedule}` });
    expect(cancelledPush.body).toMatch(/^Vaše návštěva u Jana Dvořák .*24\. 11\. 2026 14:15 byla zrušena\.$/);
    expect(new Set([booked.key, movedPush.key, cancelledPush.key]).size).toBe(3);

    // The other patient's browser heard none of it, yet hears of their own visit, in Korean and Seoul time.
    expect(pushesTo(otherBrowser)).toEqual([]);
    push.received.length = 0;
    const theirs = await book(otherRelation, '2026-11-25T10:00:00+01:00');
    expect(pushesTo(memberBrowser)).toEqual([]);
    const theirPush = onlyPushTo(otherBrowser);
    expect(theirPush).toMatchObject({ type: 'visitBooked', title: '진료 알림', url: `/patient/?visit=${theirs}` });
    expect(theirPush.body).toMatch(/^2026년 11월 25일 .*06:00 Jana Dvořák 진료가 예약되었습니다\.$/);
  });

  it('tells the patient of a new prescription, opening their program', async () => {
    const added = await callApi(
      t.app,
      addClinicAssignedExercise,
      { seqMedicalRelation: relation, exercise: { ...kneeProgram, memo: exerciseMemo } },
      { token: clinician.tokens.accessToken },
    );
    expect(added.reply).toMatchObject({ isSuccess: true });
    expect(onlyPushTo(memberBrowser)).toMatchObject({
      type: 'prescriptionAdded',
      title: 'Změna programu',
      body: 'Jana Dvořák vám do cvičebního programu přidal nový cvik.',
      url: '/patient/?screen=program',
    });
    expect(pushesTo(otherBrowser)).toEqual([]);
  });

  it('writes the time in UTC, saying so, for a subscription stored at login without a zone', async () => {
    const browser = browserSubscription(push);
    const third = await verifiedPatient(t.app, t.mail);
    const thirdRelation = await registerMember(t.app, clinician.tokens.accessToken, third.tokens.accessToken, 2);
    const loggedIn = await callApi(t.app, login, {
      userEmail: third.email,
      userPassword: password,
      userType: 'patient',
      fcmToken: JSON.stringify(browser.subscription),
    });
    expect(loggedIn.reply).toMatchObject({ isSuccess: true });
    await book(thirdRelation, '2026-11-26T10:00:00+01:00');
    expect(onlyPushTo(browser).body).toMatch(
      /^Your visit with Jana Dvořák on .*Nov 26, 2026.*09:00 AM UTC is booked\.$/,
    );
  });

  it('stops at the logout of the session that subscribed, and goes on to the patient’s other sessions', async () => {
    const second = (
      await callApi(t.app, login, { userEmail: member.email, userPassword: password, userType: 'patient' })
    ).success.token;
    const secondBrowser = browserSubscription(push);
    await subscribe(second.accessToken, secondBrowser, { language: 'en', timeZone: 'Europe/Prague' });

    const out = await callApi(t.app, patientLogout, {}, { token: member.tokens.accessToken });
    expect(out.reply).toEqual({ isSuccess: true });
    push.received.length = 0;
    const seqSchedule = await book(relation, '2026-11-27T10:00:00+01:00');
    await callApi(
      t.app,
      addClinicAssignedExercise,
      { seqMedicalRelation: relation, exercise: kneeProgram },
      { token: clinician.tokens.accessToken },
    );

    expect(pushesTo(memberBrowser)).toEqual([]);
    expect(pushesTo(secondBrowser).map(({ type, url }) => [type, url])).toEqual([
      ['visitBooked', `/patient/?visit=${seqSchedule}`],
      ['prescriptionAdded', '/patient/?screen=program'],
    ]);

    const { accessToken } = second;
    expect((await callApi(t.app, patientLogout, {}, { token: accessToken })).reply).toEqual({ isSuccess: true });
    push.received.length = 0;
    await book(relation, '2026-11-27T12:00:00+01:00');
    expect(push.received).toEqual([]);
  });

  it('tells the patient that a visit starts soon, though their session has since gone idle', async () => {
    const seqSchedule = await book(otherRelation, '2026-11-22T12:00:00+01:00');
    push.received.length = 0;
    t.clock.advance(Date.parse('2026-11-22T11:00:00Z') - t.clock().getTime() - 14 * minute);
    await t.app.jobs.tick();
    const soon = onlyPushTo(otherBrowser);
    expect(soon).toMatchObject({
      type: 'visitStartingSoon',
      title: '진료 알림',
      url: `/patient/?visit=${seqSchedule}`,
    });
    expect(soon.body).toMatch(/^2026년 11월 22일 .*08:00 Jana Dvořák 진료가 곧 시작됩니다\.$/);
    expect(push.received).toHaveLength(1);
  });
});
