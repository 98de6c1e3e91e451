import {
  FailedCode,
  PushType,
  realtimeCloseCodes,
  ScheduleStatus,
  bookSchedule,
  changePassword,
  closeMeeting,
  createMeeting,
  createSchedule,
  getManagerInfo,
  admitGuest,
  inviteGuest,
  joinAsGuest,
  joinMeeting,
  openGuestLink,
  removeGuest,
  waitAsGuest,
  login,
  logout,
} from '@clinic/contract';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { password, verifiedClinician, verifiedPatient, callApi } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import {
  admitToCall,
  heardAllPublished,
  listenOnLoopback,
  openAllWeek,
  openSocket,
  registerMember,
  type SocketClient,
} from '../../test/realtime.ts';
import { schedule } from '../db/schema.ts';
import { endedChannel } from '../modules/user/index.ts';
import { userChannel } from './bus.ts';

// Two server instances need a database server and the Redis bus; PGlite lives inside one process.
const redisUrl = process.env.REDIS_URL;
const shared = Boolean(process.env.DATABASE_URL && redisUrl);

describe.runIf(shared)('two server instances sharing PostgreSQL and Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let urlOfA: string;
  let urlOfB: string;
  let clinicianOnB: SocketClient;
  let memberOnA: SocketClient;
  let member: Awaited<ReturnType<typeof verifiedPatient>>;
  let relation: number;
  let clinicianToken: string;
  let clinicianUser: number;
  /** The visit whose call the signalling tests hold. */
  let callVisit: number;

  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl ?? '' };
    a = await createTestApp({ env });
    b = await createTestApp({ env, sameDatabaseAs: a });
    const clinician = await verifiedClinician(a.app, a.mail);
    clinicianToken = clinician.tokens.accessToken;
    clinicianUser = clinician.seqUser;
    member = await verifiedPatient(a.app, a.mail);
    relation = await registerMember(a.app, clinicianToken, member.tokens.accessToken);
    await openAllWeek(a.app, clinicianToken);
    urlOfB = await listenOnLoopback(b.app);
    clinicianOnB = await openSocket(urlOfB, clinicianToken);
    urlOfA = await listenOnLoopback(a.app);
    memberOnA = await openSocket(urlOfA, member.tokens.accessToken);
  });
  afterAll(async () => {
    clinicianOnB.close();
    memberOnA.close();
    await b.close();
    await a.close();
  });

  it('a booking through instance A reaches the clinician connected to instance B', async () => {
    const booked = await callApi(
      a.app,
      bookSchedule,
      {
        seqMedicalRelation: relation,
        scheduleExpectStartDatetime: '2026-11-23T10:00:00+01:00',
        scheduleExpectProgressTime: '00:30:00',
      },
      { token: member.tokens.accessToken },
    );
    expect(booked.reply).toMatchObject({ isSuccess: true });
    const heard = await clinicianOnB.waitFor((message) => message.type === 'notification');
    expect(heard).toMatchObject({ notification: { pushType: PushType.bookedByPatient, patientName: 'Pat Member' } });
  });

  it('relays a call’s signalling between a clinician on instance B and a patient on instance A', async () => {
    const visit = await callApi(
      a.app,
      createSchedule,
      {
        seqMedicalRelation: relation,
        scheduleExpectStartDatetime: '2026-11-22T09:15:00Z',
        scheduleExpectProgressTime: '00:15:00',
      },
      { token: clinicianToken },
    );
    const { seqSchedule } = visit.success.schedule;
    callVisit = seqSchedule;
    const opened = await callApi(b.app, createMeeting, { seqSchedule }, { token: clinicianToken });
    const meetingId = opened.success.Meeting.MeetingId;
    const clinicianAttendee = opened.success.Attendee.AttendeeId;
    await memberOnA.waitFor((message) => message.type === 'meeting' && message.meetingId === meetingId);
    // The patient waits on one instance: the clinician's tab on the other hears it, and lets them in.
    await admitToCall(
      { seqSchedule, meetingId },
      { app: a.app, token: member.tokens.accessToken },
      { app: b.app, token: clinicianToken },
    );
    await clinicianOnB.waitFor(
      (message) =>
        message.type === 'lobby' && message.state === 'knocked' && message.patient.seqSchedule === seqSchedule,
    );
    await memberOnA.waitFor(
      (message) =>
        message.type === 'admitted' && message.seqSchedule === seqSchedule && message.meetingId === meetingId,
    );
    const joined = await callApi(a.app, joinMeeting, { seqSchedule }, { token: member.tokens.accessToken });
    expect(joined.reply).toMatchObject({ isSuccess: true, Meeting: { MeetingId: meetingId } });
    const memberAttendee = joined.success.Attendee.AttendeeId;

    clinicianOnB.send(
      JSON.stringify({
        type: 'signal',
        meetingId,
        attendeeId: clinicianAttendee,
        data: { kind: 'offer', sdp: 'v=0 from B' },
      }),
    );
    expect(await memberOnA.waitFor((message) => message.type === 'signal')).toMatchObject({
      data: { kind: 'offer', sdp: 'v=0 from B' },
    });
    memberOnA.send(
      JSON.stringify({
        type: 'signal',
        meetingId,
        attendeeId: memberAttendee,
        data: { kind: 'answer', sdp: 'v=0 from A' },
      }),
    );
    expect(await clinicianOnB.waitFor((message) => message.type === 'signal')).toMatchObject({
      data: { kind: 'answer', sdp: 'v=0 from A' },
    });
    await callApi(b.app, closeMeeting, { meetingId, seqSchedule }, { token: clinicianToken });
  });

  it('lets a guest on instance A into the call of a clinician on instance B, and removes them from there', async () => {
    const seqSchedule = callVisit;
    const opened = await callApi(b.app, createMeeting, { seqSchedule }, { token: clinicianToken });
    const meetingId = opened.success.Meeting.MeetingId;
    const invited = await callApi(b.app, inviteGuest, { seqSchedule, validMinutes: 15 }, { token: clinicianToken });
    const token = invited.success.link.split('#')[1]!;
    const { guestToken } = (await callApi(a.app, openGuestLink, { token, name: 'Ji-woo Chan', role: 'interpreter' }))
      .success;
    const guestOnA = await openSocket(urlOfA, guestToken);
    // The guest waits on A: the clinician's tab on B hears it, and B lets them in.
    expect((await callApi(a.app, waitAsGuest, { guestToken, knock: false })).success.clinicianOnline).toBe(true);
    await clinicianOnB.waitFor((message) => message.type === 'guest' && message.state === 'knocked');
    const { guestId } = invited.success.guest;
    await callApi(b.app, admitGuest, { seqSchedule, guestId, meetingId }, { token: clinicianToken });
    await guestOnA.waitFor((message) => message.type === 'admitted' && message.meetingId === meetingId);
    const joined = (await callApi(a.app, joinAsGuest, { guestToken })).success;

    guestOnA.send(
      JSON.stringify({
        type: 'signal',
        meetingId,
        attendeeId: joined.Attendee.AttendeeId,
        to: 'clinician',
        data: { kind: 'offer', sdp: 'v=0 from the guest on A' },
      }),
    );
    expect(
      await clinicianOnB.waitFor((message) => message.type === 'signal' && message.from === `guest:${guestId}`),
    ).toMatchObject({ data: { kind: 'offer', sdp: 'v=0 from the guest on A' } });
    clinicianOnB.send(
      JSON.stringify({
        type: 'signal',
        meetingId,
        attendeeId: opened.success.Attendee.AttendeeId,
        to: `guest:${guestId}`,
        data: { kind: 'answer', sdp: 'v=0 from B' },
      }),
    );
    expect(await guestOnA.waitFor((message) => message.type === 'signal')).toMatchObject({
      from: 'clinician',
      data: { kind: 'answer', sdp: 'v=0 from B' },
    });

    // Removed through B: the guest's socket on A closes at once.
    await callApi(b.app, removeGuest, { seqSchedule, guestId }, { token: clinicianToken });
    expect(await guestOnA.closedWithin()).toBe(realtimeCloseCodes.unauthorized);
    await callApi(b.app, closeMeeting, { meetingId, seqSchedule }, { token: clinicianToken });
  });

  it('the expiry job of both instances expires a visit once and tells each side once', async () => {
    const visit = await callApi(
      b.app,
      createSchedule,
      {
        seqMedicalRelation: relation,
        scheduleExpectStartDatetime: '2026-11-22T11:00:00+01:00',
        scheduleExpectProgressTime: '00:15:00',
      },
      { token: clinicianToken },
    );
    const { seqSchedule } = visit.success.schedule;
    // Both clocks jump past the end of the visit (and of the one booked before).
    for (const instance of [a, b]) instance.clock.advance(2 * 86_400_000);
    await Promise.all([a.app.jobs.tick(), b.app.jobs.tick(), a.app.jobs.tick(), b.app.jobs.tick()]);

    const [row] = await a.app.db.select().from(schedule).where(eq(schedule.seqSchedule, seqSchedule));
    expect(row?.status).toBe(ScheduleStatus.expired);
    const expiredFor = (socket: SocketClient) =>
      socket.notifications().filter((item) => item.seqSchedule === seqSchedule && item.pushType === PushType.expired);
    await clinicianOnB.waitFor(
      (message) =>
        message.type === 'notification' &&
        message.notification.seqSchedule === seqSchedule &&
        message.notification.pushType === PushType.expired,
    );
    await memberOnA.waitFor(
      (message) =>
        message.type === 'notification' &&
        message.notification.seqSchedule === seqSchedule &&
        message.notification.pushType === PushType.expired,
    );
    // Both jobs have published all they will: a duplicate would arrive before these markers.
    await heardAllPublished(a.app.bus, clinicianUser, clinicianOnB);
    await heardAllPublished(a.app.bus, member.seqUser, memberOnA);
    expect(expiredFor(clinicianOnB)).toHaveLength(1);
    expect(expiredFor(memberOnA)).toHaveLength(1);
  });

  it('a session ended through instance A is refused at once by instance B, which had it in its cache', async () => {
    const clinician = await verifiedClinician(a.app, a.mail);
    const other = await callApi(a.app, login, { userEmail: clinician.body.userEmail, userPassword: password });
    const otherToken = other.success.token.accessToken;
    const profileOnB = (token: string) => callApi(b.app, getManagerInfo, {}, { token });
    const endsHeardByB = () => {
      const heard = new Promise<void>((resolve) => {
        void b.app.bus.subscribe(endedChannel, () => resolve());
      });
      return heard;
    };
    // B checks both sessions in the database once and then takes them as open from memory.
    for (const token of [clinician.tokens.accessToken, otherToken]) {
      expect((await profileOnB(token)).status).toBe(200);
      expect((await profileOnB(token)).status).toBe(200);
    }

    // The clocks stand still: only the end heard through the bus can make B refuse.
    let heard = endsHeardByB();
    await callApi(
      a.app,
      changePassword,
      { currentPassword: password, newPassword: 'Another-pass-2026' },
      { token: clinician.tokens.accessToken },
    );
    await heard;
    expect((await profileOnB(otherToken)).status).toBe(401);
    expect((await profileOnB(clinician.tokens.accessToken)).status).toBe(200);

    heard = endsHeardByB();
    expect((await callApi(a.app, logout, {}, { token: clinician.tokens.accessToken })).status).toBe(200);
    await heard;
    expect((await profileOnB(clinician.tokens.accessToken)).error).toMatchObject({
      failedCode: FailedCode.SessionEnded,
    });
  });

  it('a session ended through instance A closes its socket on instance B at once', async () => {
    const clinician = await verifiedClinician(a.app, a.mail);
    const onB = await openSocket(urlOfB, clinician.tokens.accessToken);
    // The heartbeat is 30 s away: only the end heard through the bus can close it within the wait.
    expect((await callApi(a.app, logout, {}, { token: clinician.tokens.accessToken })).status).toBe(200);
    expect(await onB.closedWithin()).toBe(realtimeCloseCodes.unauthorized);
  });

  it('another deployment on the same Redis, with the same schema name in another database, hears nothing', async () => {
    const inOtherDatabase = (url: string | undefined): string => {
      const other = new URL(url ?? '');
      other.pathname = '/postgres';
      return other.href;
    };
    const otherDatabase = inOtherDatabase(process.env.DATABASE_URL);
    const otherOwner = inOtherDatabase(process.env.MIGRATION_DATABASE_URL ?? process.env.DATABASE_URL);
    const other = await createTestApp({
      env: {
        REDIS_URL: redisUrl ?? '',
        DATABASE_URL: otherDatabase,
        MIGRATION_DATABASE_URL: otherOwner,
        DATABASE_SCHEMA: a.schema,
      },
    });
    try {
      const heard: unknown[] = [];
      // User numbers start at 1 in every deployment: the same channel name means another person.
      await other.app.bus.subscribe(userChannel(1), (message) => heard.push(message));
      const ownHeard: unknown[] = [];
      await b.app.bus.subscribe(userChannel(1), (message) => ownHeard.push(message));
      await a.app.bus.publish(userChannel(1), { type: 'schedulesChanged' });
      await expect.poll(() => ownHeard.length).toBe(1);
      // The other deployment's one Redis subscriber delivers in order: a message of A's would come before its own marker.
      const markers: unknown[] = [];
      await other.app.bus.subscribe(userChannel(2), (message) => markers.push(message));
      await other.app.bus.publish(userChannel(2), { type: 'schedulesChanged' });
      await expect.poll(() => markers.length).toBe(1);
      expect(heard).toEqual([]);
    } finally {
      await other.close();
      const client = new pg.Client({ connectionString: otherOwner });
      await client.connect();
      await client.query(`drop schema if exists "${a.schema}" cascade`);
      await client.end();
    }
  });
});
