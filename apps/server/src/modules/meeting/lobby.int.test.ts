import { and, eq } from 'drizzle-orm';
import {
  FailedCode,
  admitPatient,
  closeMeeting,
  createMeeting,
  createSchedule,
  getWaitingPatients,
  leaveWaitingRoom,
  waitForCall,
  type Endpoint,
  type RequestOf,
  type ServerMessage,
  updateToken,
  waitingNotification,
} from '@clinic/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, relogin, verifiedClinician, verifiedPatient } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { browserSubscription, startPushService, type PushService } from '../../../test/push-service.ts';
import { listenOnLoopback, openSocket, registerMember, type SocketClient } from '../../../test/realtime.ts';
import { auditEvent } from '../../db/schema.ts';

// The test clock starts on Sunday 2026-11-22 at 09:00 UTC.

let t: TestApp;
let push: PushService;
let url: string;
let clinician: Awaited<ReturnType<typeof verifiedClinician>>;
let other: Awaited<ReturnType<typeof verifiedClinician>>;
let member: Awaited<ReturnType<typeof verifiedPatient>>;
let stranger: Awaited<ReturnType<typeof verifiedPatient>>;
let relation: number;

type Caller = { tokens: { accessToken: string } };
const callAs = <E extends Endpoint>(who: Caller, endpoint: E, body: RequestOf<E>) =>
  callApi(t.app, endpoint, body, { token: who.tokens.accessToken });
const travelTo = (iso: string) => t.clock.advance(Date.parse(iso) - t.clock().getTime());
const lobbyEvents = (socket: SocketClient) =>
  socket.messages.filter((message): message is Extract<ServerMessage, { type: 'lobby' }> => message.type === 'lobby');
/** Resolves once the socket has heard its `count`th waiting-room event, and answers that event. */
const lobbyEvent = async (socket: SocketClient, count: number) => {
  await socket.waitFor(() => lobbyEvents(socket).length >= count);
  return lobbyEvents(socket)[count - 1]!;
};

beforeAll(async () => {
  push = await startPushService();
  t = await createTestApp({ overrides: { testPushService: { origin: push.url, ca: push.ca } } });
  url = await listenOnLoopback(t.app);
  clinician = await verifiedClinician(t.app, t.mail);
  other = await verifiedClinician(t.app, t.mail);
  member = await verifiedPatient(t.app, t.mail);
  stranger = await verifiedPatient(t.app, t.mail);
  relation = await registerMember(t.app, clinician.tokens.accessToken, member.tokens.accessToken);
});
afterAll(async () => {
  await t.close();
  await push.close();
});

describe('the waiting room of a visit', () => {
  let seqSchedule: number;
  let clinicianSocket: SocketClient;
  let memberSocket: SocketClient;

  it('opens 15 minutes before the visit, to its patient only', async () => {
    seqSchedule = (
      await callAs(clinician, createSchedule, {
        seqMedicalRelation: relation,
        scheduleExpectStartDatetime: '2026-11-22T10:00:00Z',
        scheduleExpectProgressTime: '00:30:00',
      })
    ).success.schedule.seqSchedule;
    expect((await callAs(member, waitForCall, { seqSchedule, knock: false })).failedCode).toBe(FailedCode.CallTooEarly);

    travelTo('2026-11-22T09:46:00Z');
    for (const who of [clinician, other, member, stranger]) await relogin(t.app, who);
    // Someone else's visit reads as missing, and the attempt is on record as denied.
    const denied = await callAs(stranger, waitForCall, { seqSchedule, knock: false });
    expect(denied.status).toBe(404);
    const rows = await t.app.db
      .select({ action: auditEvent.action, outcome: auditEvent.outcome })
      .from(auditEvent)
      .where(and(eq(auditEvent.seqUser, stranger.seqUser), eq(auditEvent.entity, 'call_lobby')));
    expect(rows).toEqual([{ action: 'update', outcome: 'denied' }]);
    expect((await callAs(stranger, leaveWaitingRoom, { seqSchedule })).status).toBe(404);
  });

  it('pushes the clinician with no open tab, naming the patient and the visit', async () => {
    const browser = browserSubscription(push);
    const fcmToken = JSON.stringify(browser.subscription);
    expect((await callAs(clinician, updateToken, { fcmToken })).success).toEqual({ isSuccess: true });
    const path = new URL(browser.subscription.endpoint).pathname;
    const pushes = () =>
      push.received.filter((request) => request.path === path).map((request) => browser.read(request.body));

    const alone = (await callAs(member, waitForCall, { seqSchedule, knock: false })).success;
    expect(alone).toEqual({
      isSuccess: true,
      waitingSince: '2026-11-22T09:46:00.000Z',
      clinicianOnline: false,
      admittedMeetingId: null,
    });
    expect(pushes().map((told) => waitingNotification.parse(told))).toEqual([
      {
        key: expect.any(String) as string,
        kind: 'waiting',
        seqSchedule,
        patientName: 'Pat Member',
        time: alone.waitingSince,
      },
    ]);
    // A heartbeat is no news.
    t.clock.advance(10_000);
    await callAs(member, waitForCall, { seqSchedule, knock: false });
    expect(pushes()).toHaveLength(1);
  });

  it('tells the patient whether the clinician is online, and the clinician’s tabs of each arrival at once', async () => {
    clinicianSocket = await openSocket(url, clinician.tokens.accessToken);
    memberSocket = await openSocket(url, member.tokens.accessToken);
    t.clock.advance(10_000);
    // Still waiting: the same arrival, now heard by the clinician's tab.
    const kept = (await callAs(member, waitForCall, { seqSchedule, knock: false })).success;
    expect(kept).toMatchObject({ waitingSince: '2026-11-22T09:46:00.000Z', clinicianOnline: true });
    expect(await lobbyEvent(clinicianSocket, 1)).toEqual({
      type: 'lobby',
      state: 'waiting',
      patient: {
        seqSchedule,
        seqMedicalRelation: relation,
        patientName: 'Pat Member',
        waitingSince: '2026-11-22T09:46:00.000Z',
        scheduleExpectStartDatetime: '2026-11-22T10:00:00.000Z',
      },
    });
    const listed = (await callAs(clinician, getWaitingPatients, {})).success.waitingList;
    expect(listed.map((row) => [row.seqSchedule, row.waitingSince])).toEqual([[seqSchedule, kept.waitingSince]]);
    expect((await callAs(other, getWaitingPatients, {})).success.waitingList).toEqual([]);
  });

  it('lets the patient knock again once in 30 seconds', async () => {
    // The arrival told the clinician at 09:46:00: a knock 20 s later is too soon.
    const soon = await callAs(member, waitForCall, { seqSchedule, knock: true });
    expect(soon.status).toBe(429);
    expect(soon.failedCode).toBe(FailedCode.TooManyRequests);
    expect(soon.headers['retry-after']).toBe('10');
    t.clock.advance(10_000);
    expect((await callAs(member, waitForCall, { seqSchedule, knock: true })).success.clinicianOnline).toBe(true);
    expect((await lobbyEvent(clinicianSocket, 2)).state).toBe('knocked');
    expect((await callAs(member, waitForCall, { seqSchedule, knock: true })).status).toBe(429);
  });

  it('lets the patient into the open call only, and them only', async () => {
    const refused = await callAs(clinician, admitPatient, { seqSchedule, meetingId: crypto.randomUUID() });
    expect(refused.failedCode).toBe(FailedCode.MeetingNotFound);
    const meetingId = (await callAs(clinician, createMeeting, { seqSchedule })).success.Meeting.MeetingId;
    expect((await callAs(other, admitPatient, { seqSchedule, meetingId })).status).toBe(404);

    expect((await callAs(clinician, admitPatient, { seqSchedule, meetingId })).success).toEqual({ isSuccess: true });
    await memberSocket.waitFor(
      (message) =>
        message.type === 'admitted' && message.seqSchedule === seqSchedule && message.meetingId === meetingId,
    );
    expect((await lobbyEvent(clinicianSocket, 3)).state).toBe('admitted');
    expect((await callAs(clinician, getWaitingPatients, {})).success.waitingList).toEqual([]);
    t.clock.advance(20_000);
    expect((await callAs(member, waitForCall, { seqSchedule, knock: false })).success.admittedMeetingId).toBe(
      meetingId,
    );

    // The call closes (the clinician's screen reloads): back in the waiting room is a new arrival.
    await callAs(clinician, closeMeeting, { seqSchedule, meetingId });
    t.clock.advance(5_000);
    const back = (await callAs(member, waitForCall, { seqSchedule, knock: false })).success;
    expect(back).toMatchObject({ admittedMeetingId: null, waitingSince: t.clock().toISOString() });
    expect((await lobbyEvent(clinicianSocket, 5)).state).toBe('knocked');
  });

  it('forgets a patient whose app went silent, and one who left', async () => {
    t.clock.advance(61_000);
    expect((await callAs(clinician, getWaitingPatients, {})).success.waitingList).toEqual([]);
    const meetingId = (await callAs(clinician, createMeeting, { seqSchedule })).success.Meeting.MeetingId;
    expect((await callAs(clinician, admitPatient, { seqSchedule, meetingId })).failedCode).toBe(
      FailedCode.PatientNotWaiting,
    );

    const heard = lobbyEvents(clinicianSocket).length;
    await callAs(member, waitForCall, { seqSchedule, knock: false });
    expect((await lobbyEvent(clinicianSocket, heard + 1)).state).toBe('knocked');
    expect((await callAs(member, leaveWaitingRoom, { seqSchedule })).success).toEqual({ isSuccess: true });
    expect((await lobbyEvent(clinicianSocket, heard + 2)).state).toBe('left');
    expect((await callAs(clinician, getWaitingPatients, {})).success.waitingList).toEqual([]);
    expect((await callAs(clinician, admitPatient, { seqSchedule, meetingId })).failedCode).toBe(
      FailedCode.PatientNotWaiting,
    );
    clinicianSocket.close();
    memberSocket.close();
  });
});
