import { createHmac, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  FailedCode,
  PushType,
  realtimeCloseCodes,
  ScheduleStatus,
  cancelNotStartedYetSchedule,
  closeMeeting,
  completeSchedule,
  createMeeting,
  createSchedule,
  joinMeeting,
  meetingHeartbeat,
  saveMeetingEvents,
  type Endpoint,
  type RequestOf,
} from '@clinic/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relogin, verifiedClinician, verifiedPatient, callApi } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import {
  admitToCall,
  listenOnLoopback,
  openSocket,
  registerMember,
  type SocketClient,
} from '../../../test/realtime.ts';
import { auditEvent, meeting, meetingAttendee, schedule } from '../../db/schema.ts';

// The test clock starts on Sunday 2026-11-22 at 09:00 UTC.

let t: TestApp;
let url: string;
let clinician: Awaited<ReturnType<typeof verifiedClinician>>;
let other: Awaited<ReturnType<typeof verifiedClinician>>;
let member: Awaited<ReturnType<typeof verifiedPatient>>;
let secondMember: Awaited<ReturnType<typeof verifiedPatient>>;
let relation: number;
let secondRelation: number;

type Caller = { tokens: { accessToken: string } };
type Json = Record<string, unknown>;
const callAs = <E extends Endpoint>(who: Caller, endpoint: E, body: RequestOf<E>) =>
  callApi(t.app, endpoint, body, { token: who.tokens.accessToken });
/** What the audit trail holds of one reply's call. */
const auditOf = async (reply: { headers: Record<string, unknown> }) =>
  (
    await t.app.db
      .select()
      .from(auditEvent)
      .where(eq(auditEvent.requestId, String(reply.headers['x-request-id'])))
  ).map((row) => ({ seqUser: row.seqUser, action: row.action, entity: row.entity, outcome: row.outcome }));

async function visitAt(start: string, seqMedicalRelation = relation): Promise<number> {
  const reply = await callAs(clinician, createSchedule, {
    seqMedicalRelation,
    scheduleExpectStartDatetime: start,
    scheduleExpectProgressTime: '00:30:00',
  });
  return reply.success.schedule.seqSchedule;
}
const asParty = (who: Caller) => ({ app: t.app, token: who.tokens.accessToken });
const open = (who: Caller, seqSchedule: number) => callAs(who, createMeeting, { seqSchedule });
const statusOf = async (seqSchedule: number) =>
  (await t.app.db.select().from(schedule).where(eq(schedule.seqSchedule, seqSchedule)))[0]?.status;
/** Moves the clock to an instant, forwards only. */
const travelTo = (iso: string) => t.clock.advance(Date.parse(iso) - t.clock().getTime());

beforeAll(async () => {
  t = await createTestApp();
  url = await listenOnLoopback(t.app);
  clinician = await verifiedClinician(t.app, t.mail);
  other = await verifiedClinician(t.app, t.mail);
  member = await verifiedPatient(t.app, t.mail);
  secondMember = await verifiedPatient(t.app, t.mail);
  relation = await registerMember(t.app, clinician.tokens.accessToken, member.tokens.accessToken);
  secondRelation = await registerMember(t.app, clinician.tokens.accessToken, secondMember.tokens.accessToken);
});
afterAll(() => t.close());

describe('a video visit', () => {
  let seqSchedule: number;
  let meetingId: string;
  let clinicianSocket: SocketClient;
  let memberSocket: SocketClient;
  let strangerSocket: SocketClient;
  let clinicianAttendee: string;
  let memberAttendee: string;

  it('opens no earlier than 15 minutes before its time; the patient joins once it is open', async () => {
    seqSchedule = await visitAt('2026-11-22T10:00:00Z');
    memberSocket = await openSocket(url, member.tokens.accessToken);
    expect((await open(clinician, seqSchedule)).failedCode).toBe(FailedCode.CallTooEarly);
    expect((await callAs(member, joinMeeting, { seqSchedule })).failedCode).toBe(FailedCode.MeetingNotOpen);

    travelTo('2026-11-22T09:45:00Z');
    for (const who of [clinician, other, member, secondMember]) await relogin(t.app, who);
    clinicianSocket = await openSocket(url, clinician.tokens.accessToken);
    memberSocket.close();
    memberSocket = await openSocket(url, member.tokens.accessToken);
    strangerSocket = await openSocket(url, secondMember.tokens.accessToken);
    const opened = await open(clinician, seqSchedule);
    expect(opened.reply).toMatchObject({ isSuccess: true, iceServers: [] });
    meetingId = opened.success.Meeting.MeetingId;
    expect(await statusOf(seqSchedule)).toBe(ScheduleStatus.inProgress);
    await memberSocket.waitFor(
      (message) => message.type === 'meeting' && message.meetingId === meetingId && message.state === 'opened',
    );

    // Not before the clinician lets the patient in from the waiting room.
    expect((await callAs(member, joinMeeting, { seqSchedule })).failedCode).toBe(FailedCode.NotAdmitted);
    await admitToCall({ seqSchedule, meetingId }, asParty(member), asParty(clinician));
    const patientSide = await callAs(member, joinMeeting, { seqSchedule });
    expect(patientSide.success.Meeting.MeetingId).toBe(meetingId);
    memberAttendee = patientSide.success.Attendee.AttendeeId;
    // Rejoining the open call keeps the meeting and gives a new attendee.
    t.clock.advance(1000);
    const again = (await open(clinician, seqSchedule)).success;
    clinicianAttendee = again.Attendee.AttendeeId;
    expect(again.Meeting.MeetingId).toBe(meetingId);
    expect(again.Attendee.AttendeeId).not.toBe(opened.success.Attendee.AttendeeId);
    // Someone else's visit reads as absent.
    expect((await open(other, seqSchedule)).status).toBe(404);
    expect((await callAs(secondMember, joinMeeting, { seqSchedule })).status).toBe(404);
  });

  it('relays offers, answers and candidates between the two attendees only', async () => {
    const signal = (
      socket: SocketClient,
      data: Json,
      attendeeId = socket === clinicianSocket ? clinicianAttendee : memberAttendee,
    ) => socket.send(JSON.stringify({ type: 'signal', meetingId, attendeeId, data }));
    signal(clinicianSocket, { kind: 'offer', sdp: 'v=0 offer' });
    const offer = await memberSocket.waitFor((message) => message.type === 'signal');
    // Addressed to the patient's joining, so the patient's other tabs and apps leave it alone.
    expect(offer).toMatchObject({
      meetingId,
      fromAttendeeId: clinicianAttendee,
      toAttendeeId: memberAttendee,
      data: { kind: 'offer', sdp: 'v=0 offer' },
    });
    signal(memberSocket, { kind: 'answer', sdp: 'v=0 answer' });
    const candidates = [
      { candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 },
      { candidate: 'candidate:2 1 udp 1 10.0.0.2 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 },
    ];
    // Candidates gathered together travel together.
    signal(memberSocket, { kind: 'candidates', candidates });
    const batch = await clinicianSocket.waitFor(
      (message) => message.type === 'signal' && message.data.kind === 'candidates',
    );
    expect(batch).toMatchObject({ data: { kind: 'candidates', candidates } });
    expect(
      clinicianSocket.messages.filter((message) => message.type === 'signal').map((message) => message.data.kind),
    ).toEqual(['answer', 'candidates']);

    // A third user can neither speak in the meeting nor hear it, even with an attendee id of it.
    signal(strangerSocket, { kind: 'offer', sdp: 'v=0 intruder' }, randomUUID());
    const refused = await strangerSocket.waitFor((message) => message.type === 'refused');
    expect(refused).toMatchObject({ meetingId, failedCode: FailedCode.Forbidden });
    strangerSocket.messages.length = 0;
    signal(strangerSocket, { kind: 'offer', sdp: 'v=0 intruder' }, memberAttendee);
    await strangerSocket.waitFor((message) => message.type === 'refused');
    signal(clinicianSocket, {
      kind: 'candidates',
      candidates: [{ candidate: 'candidate:2', sdpMid: '0', sdpMLineIndex: 0 }],
    });
    await memberSocket.waitFor((message) => message.type === 'signal' && message.data.kind === 'candidates');
    expect(strangerSocket.messages.filter((message) => message.type === 'signal')).toEqual([]);
    expect(memberSocket.messages.filter((message) => message.type === 'signal')).toHaveLength(2);

    // A socket flooding signals is cut off once too many wait to be relayed. The relay is held on
    // the table meanwhile: otherwise a flood arriving in several reads is relayed between them, and
    // never backs up.
    const flood = await openSocket(url, member.tokens.accessToken);
    await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`lock table ${meetingAttendee} in access exclusive mode`);
      // In one burst: the first signal of a read is relayed whatever the rest of the read does.
      flood.sendBurst(
        Array.from({ length: 300 }, () =>
          JSON.stringify({ type: 'signal', meetingId, attendeeId: memberAttendee, data: { kind: 'bye' } }),
        ),
      );
      expect(await flood.closedWithin()).toBe(realtimeCloseCodes.badMessage);
    });
    // The signals still waiting then are dropped: only the one being relayed reaches the other side,
    // before a signal sent after the flood.
    await clinicianSocket.waitFor((message) => message.type === 'signal' && message.data.kind === 'bye');
    signal(memberSocket, {
      kind: 'candidates',
      candidates: [{ candidate: 'candidate:3', sdpMid: '0', sdpMLineIndex: 0 }],
    });
    await clinicianSocket.waitFor(
      (message) =>
        message.type === 'signal' &&
        message.data.kind === 'candidates' &&
        message.data.candidates[0]?.candidate === 'candidate:3',
    );
    expect(
      clinicianSocket.messages.filter((message) => message.type === 'signal' && message.data.kind === 'bye'),
    ).toHaveLength(1);

    // The patient joins again (a reload): signals go to the new joining, from the new one only.
    t.clock.advance(1000);
    const rejoined = (await callAs(member, joinMeeting, { seqSchedule })).success.Attendee.AttendeeId;
    signal(clinicianSocket, { kind: 'hello', sessionId: 'clinician-2' });
    expect(
      await memberSocket.waitFor((message) => message.type === 'signal' && message.data.kind === 'hello'),
    ).toMatchObject({ toAttendeeId: rejoined });
    signal(memberSocket, { kind: 'hello', sessionId: 'patient-2' }, rejoined);
    expect(
      await clinicianSocket.waitFor((message) => message.type === 'signal' && message.data.kind === 'hello'),
    ).toMatchObject({ fromAttendeeId: rejoined, toAttendeeId: clinicianAttendee });

    // A joining made ahead (a screen preparing its call) takes the signals once it says hello.
    t.clock.advance(1000);
    const ahead = clinicianAttendee;
    clinicianAttendee = (await open(clinician, seqSchedule)).success.Attendee.AttendeeId;
    t.clock.advance(1000);
    signal(clinicianSocket, { kind: 'hello', sessionId: 'clinician-3' }, ahead);
    expect(
      await memberSocket.waitFor(
        (message) =>
          message.type === 'signal' && message.data.kind === 'hello' && message.data.sessionId === 'clinician-3',
      ),
    ).toMatchObject({ fromAttendeeId: ahead, toAttendeeId: rejoined });
    signal(memberSocket, { kind: 'answer', sdp: 'v=0 answer 2' }, rejoined);
    expect(
      await clinicianSocket.waitFor(
        (message) => message.type === 'signal' && message.data.kind === 'answer' && message.data.sdp === 'v=0 answer 2',
      ),
    ).toMatchObject({ toAttendeeId: ahead });
    // So does its offer, which may go before its hello.
    t.clock.advance(1000);
    clinicianAttendee = (await open(clinician, seqSchedule)).success.Attendee.AttendeeId;
    t.clock.advance(1000);
    signal(clinicianSocket, { kind: 'offer', sdp: 'v=0 offer 3', sessionId: 'clinician-3' }, ahead);
    await memberSocket.waitFor(
      (message) => message.type === 'signal' && message.data.kind === 'offer' && message.data.sdp === 'v=0 offer 3',
    );
    signal(memberSocket, { kind: 'answer', sdp: 'v=0 answer 3' }, rejoined);
    expect(
      await clinicianSocket.waitFor(
        (message) => message.type === 'signal' && message.data.kind === 'answer' && message.data.sdp === 'v=0 answer 3',
      ),
    ).toMatchObject({ toAttendeeId: ahead });
  });

  it('allows one call at a time', async () => {
    const next = await visitAt('2026-11-22T10:30:00Z', secondRelation);
    travelTo('2026-11-22T10:20:00Z');
    for (const who of [clinician, other, member]) await relogin(t.app, who);
    expect((await open(clinician, next)).failedCode).toBe(FailedCode.CallInProgress);
  });

  it('completes only with its own meeting and a plausible measured length, then tells the patient', async () => {
    const complete = (overrides: Json) =>
      callAs(clinician, completeSchedule, {
        seqSchedule,
        startDatetime: '2026-11-22T09:46:10Z',
        progressTime: '00:31:05',
        meetingId,
        ...overrides,
      });
    expect((await complete({ meetingId: '00000000-0000-4000-8000-000000000000' })).failedCode).toBe(
      FailedCode.CompletionMeetingMismatch,
    );
    expect((await complete({ progressTime: '00:00:00' })).failedCode).toBe(FailedCode.CompletionRejected);
    expect((await complete({ startDatetime: '2026-11-22T09:00:00Z' })).failedCode).toBe(FailedCode.CompletionRejected);
    expect((await complete({ progressTime: '03:00:00' })).failedCode).toBe(FailedCode.CompletionRejected);
    expect((await complete({ progressTime: '31:05' })).status).toBe(400);

    const done = await complete({});
    expect(done.reply).toMatchObject({
      isSuccess: true,
      schedule: {
        scheduleStatus: ScheduleStatus.completed,
        scheduleStartDatetime: '2026-11-22T09:46:10Z',
        scheduleProgressTime: '00:31:05',
      },
    });
    await memberSocket.waitFor(
      (message) => message.type === 'notification' && message.notification.pushType === PushType.completed,
    );
    await memberSocket.waitFor((message) => message.type === 'meeting' && message.state === 'closed');
    const [row] = await t.app.db.select().from(meeting).where(eq(meeting.id, meetingId));
    expect(row?.closedAt).not.toBeNull();
    expect((await complete({})).failedCode).toBe(FailedCode.ScheduleNotWaiting);
    expect((await open(clinician, seqSchedule)).failedCode).toBe(FailedCode.ScheduleCompleted);
    // A closed meeting relays nothing.
    memberSocket.send(JSON.stringify({ type: 'signal', meetingId, attendeeId: memberAttendee, data: { kind: 'bye' } }));
    expect(await memberSocket.waitFor((message) => message.type === 'refused')).toMatchObject({ meetingId });
  });

  it('keeps the events of the call for the clinician who attended it', async () => {
    const events: RequestOf<typeof saveMeetingEvents>['events'] = [
      { name: 'meetingStartRequested', timestampMs: Date.parse('2026-11-22T09:45:01Z'), attributes: {} },
      {
        name: 'attendeePresenceReceived',
        timestampMs: Date.parse('2026-11-22T09:46:10Z'),
        attributes: { role: 'patient' },
      },
      { name: 'meetingEnded', timestampMs: Date.parse('2026-11-22T10:17:15Z'), attributes: { stopCode: 6 } },
    ];
    const saved = await callAs(clinician, saveMeetingEvents, { meetingId, events });
    expect(saved.reply).toEqual({ isSuccess: true, saved: 3 });
    const kept = { action: 'create', entity: 'meeting_event' };
    expect(await auditOf(saved)).toEqual([{ seqUser: clinician.seqUser, ...kept, outcome: 'success' }]);
    const refused = await callAs(other, saveMeetingEvents, { meetingId, events });
    expect(refused.failedCode).toBe(FailedCode.MeetingNotFound);
    expect(await auditOf(refused)).toEqual([{ seqUser: other.seqUser, ...kept, outcome: 'denied' }]);
    const tooMany = Array.from({ length: 2001 }, () => events[0]!);
    expect((await callAs(clinician, saveMeetingEvents, { meetingId, events: tooMany })).status).toBe(400);
    for (const socket of [clinicianSocket, memberSocket, strangerSocket]) socket.close();
  });

  it('lets a call end without completing: the visit waits again, and can be cancelled or expire', async () => {
    const later = await visitAt('2026-11-22T11:00:00Z');
    travelTo('2026-11-22T10:50:00Z');
    for (const who of [clinician, member]) await relogin(t.app, who);
    const id = (await open(clinician, later)).success.Meeting.MeetingId;
    // The patient never came: there is no call to complete.
    travelTo('2026-11-22T10:56:00Z');
    for (const who of [clinician, member]) await relogin(t.app, who);
    const alone = await callAs(clinician, completeSchedule, {
      seqSchedule: later,
      startDatetime: '2026-11-22T10:51:00Z',
      progressTime: '00:05:00',
      meetingId: id,
    });
    expect(alone.failedCode).toBe(FailedCode.CompletionRejected);
    expect((await callAs(clinician, closeMeeting, { meetingId: id, seqSchedule: 999_999 })).failedCode).toBe(
      FailedCode.MeetingNotFound,
    );
    const closed = await callAs(clinician, closeMeeting, { meetingId: id, seqSchedule: later });
    expect(closed.reply).toEqual({ isSuccess: true });
    expect(await auditOf(closed)).toEqual([
      { seqUser: clinician.seqUser, action: 'update', entity: 'meeting', outcome: 'success' },
    ]);
    expect(await statusOf(later)).toBe(ScheduleStatus.waiting);
    expect((await callAs(member, joinMeeting, { seqSchedule: later })).failedCode).toBe(FailedCode.MeetingNotOpen);
    await callAs(clinician, cancelNotStartedYetSchedule, { seqSchedule: later });
    expect((await open(clinician, later)).failedCode).toBe(FailedCode.ScheduleCancelled);

    const missed = await visitAt('2026-11-22T12:00:00Z');
    travelTo('2026-11-22T12:30:00Z');
    for (const who of [clinician]) await relogin(t.app, who);
    // Expired once its time is over, even before the job has marked it.
    expect((await open(clinician, missed)).failedCode).toBe(FailedCode.ScheduleExpired);
    await t.app.jobs.tick();
    expect(await statusOf(missed)).toBe(ScheduleStatus.expired);
  });

  it('ends a call left open an hour past its visit, so the visit expires', async () => {
    const forgotten = await visitAt('2026-11-22T13:00:00Z', secondRelation);
    travelTo('2026-11-22T13:00:00Z');
    await relogin(t.app, clinician);
    const id = (await open(clinician, forgotten)).success.Meeting.MeetingId;
    travelTo('2026-11-22T14:00:00Z');
    await t.app.jobs.tick();
    expect(await statusOf(forgotten)).toBe(ScheduleStatus.inProgress);
    travelTo('2026-11-22T14:31:00Z');
    await t.app.jobs.tick();
    expect(await statusOf(forgotten)).toBe(ScheduleStatus.expired);
    const [row] = await t.app.db.select().from(meeting).where(eq(meeting.id, id));
    expect(row?.closedAt).not.toBeNull();
  });

  it('closes within two minutes a call whose clinician’s browser stopped beating, and the visit waits again', async () => {
    await relogin(t.app, clinician);
    const crashed = await visitAt('2026-11-22T15:00:00Z', secondRelation);
    travelTo('2026-11-22T15:00:00Z');
    for (const who of [clinician, other]) await relogin(t.app, who);
    const id = (await open(clinician, crashed)).success.Meeting.MeetingId;
    const beat = (who: Caller = clinician) => callAs(who, meetingHeartbeat, { meetingId: id, seqSchedule: crashed });
    expect((await beat()).reply).toEqual({ isSuccess: true });
    expect((await beat(other)).failedCode).toBe(FailedCode.MeetingNotFound);
    // A browser that beats every 30 s keeps its call, however long the passes run.
    for (let pass = 0; pass < 4; pass += 1) {
      t.clock.advance(30_000);
      expect((await beat()).reply).toEqual({ isSuccess: true });
      await t.app.jobs.tick();
    }
    expect(await statusOf(crashed)).toBe(ScheduleStatus.inProgress);

    // The browser crashed: no heartbeat and no goodbye.
    t.clock.advance(60_000);
    await t.app.jobs.tick();
    expect(await statusOf(crashed)).toBe(ScheduleStatus.inProgress);
    t.clock.advance(31_000);
    await t.app.jobs.tick();
    expect(await statusOf(crashed)).toBe(ScheduleStatus.waiting);
    const [row] = await t.app.db.select().from(meeting).where(eq(meeting.id, id));
    expect(row?.closedAt).not.toBeNull();
    expect((await beat()).failedCode).toBe(FailedCode.MeetingNotFound);
  });
});

describe('a visit screen reloaded during the call', () => {
  it('completes with the start of the first call, carried on in the call opened after the reload', async () => {
    travelTo('2026-11-23T08:50:00Z');
    for (const who of [clinician, member]) await relogin(t.app, who);
    const seqSchedule = await visitAt('2026-11-23T09:00:00Z');
    const first = (await open(clinician, seqSchedule)).success.Meeting.MeetingId;
    await admitToCall({ seqSchedule, meetingId: first }, asParty(member), asParty(clinician));
    expect((await callAs(member, joinMeeting, { seqSchedule })).status).toBe(200);
    // Both there at 08:51; the screen reloads at 08:55, which closes its call; it starts again.
    travelTo('2026-11-23T08:55:00Z');
    await callAs(clinician, closeMeeting, { meetingId: first, seqSchedule });
    const second = (await open(clinician, seqSchedule)).success.Meeting.MeetingId;
    expect(second).not.toBe(first);
    travelTo('2026-11-23T08:59:00Z');
    const done = await callAs(clinician, completeSchedule, {
      seqSchedule,
      startDatetime: '2026-11-23T08:51:00Z',
      progressTime: '00:08:00',
      meetingId: second,
    });
    expect(done.reply).toMatchObject({
      isSuccess: true,
      schedule: { scheduleStartDatetime: '2026-11-23T08:51:00Z', scheduleProgressTime: '00:08:00' },
    });
  });
});

describe('ICE servers', () => {
  it('gives STUN, and TURN with credentials that expire in the scheme coturn checks', async () => {
    const secret = 'a-turn-secret-of-some-length';
    const turn = await createTestApp({
      env: {
        STUN_URLS: 'stun:stun.clinic.test:3478',
        TURN_URLS: 'turn:turn.clinic.test:3478?transport=udp, turns:turn.clinic.test:5349',
        TURN_SECRET: secret,
        TURN_TTL_SECONDS: '600',
      },
    });
    try {
      const doctor = await verifiedClinician(turn.app, turn.mail);
      const patient = await verifiedPatient(turn.app, turn.mail);
      const seqMedicalRelation = await registerMember(turn.app, doctor.tokens.accessToken, patient.tokens.accessToken);
      const created = await callApi(
        turn.app,
        createSchedule,
        {
          seqMedicalRelation,
          scheduleExpectStartDatetime: '2026-11-22T09:15:00Z',
          scheduleExpectProgressTime: '00:15:00',
        },
        { token: doctor.tokens.accessToken },
      );
      const { seqSchedule } = created.success.schedule;
      const reply = await callApi(turn.app, createMeeting, { seqSchedule }, { token: doctor.tokens.accessToken });
      const [stun, relay] = reply.success.iceServers as { urls: string[]; username?: string; credential?: string }[];
      expect(stun).toEqual({ urls: ['stun:stun.clinic.test:3478'] });
      const expiry = Math.floor(turn.clock().getTime() / 1000) + 600;
      expect(relay).toEqual({
        urls: ['turn:turn.clinic.test:3478?transport=udp', 'turns:turn.clinic.test:5349'],
        username: `${expiry}:${doctor.seqUser}`,
        credential: createHmac('sha1', secret).update(`${expiry}:${doctor.seqUser}`).digest('base64'),
      });
    } finally {
      await turn.close();
    }
  });
});
