import { FailedCode, PushType, realtimeCloseCodes, ScheduleStatus } from '@clinic/contract';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, password, verifiedClinician, verifiedPatient } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { listenOnLoopback, openAllWeek, openSocket, registerMember, type SocketClient } from '../../test/realtime.ts';
import { schedule } from '../db/schema.ts';
import { endedChannel } from '../modules/user/index.ts';
import { userChannel } from './bus.ts';

// Two server instances need a database server and the Redis bus; PGlite lives inside one process.
const redisUrl = process.env.REDIS_URL;
const shared = Boolean(process.env.DATABASE_URL && redisUrl);

describe.runIf(shared)('two server instances sharing PostgreSQL and Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let urlOfB: string;
  let clinicianOnB: SocketClient;
  let memberOnA: SocketClient;
  let member: Awaited<ReturnType<typeof verifiedPatient>>;
  let relation: number;
  let clinicianToken: string;

  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl ?? '' };
    a = await createTestApp({ env });
    b = await createTestApp({ env, sameDatabaseAs: a });
    const clinician = await verifiedClinician(a.app, a.mail);
    clinicianToken = clinician.tokens.accessToken;
    member = await verifiedPatient(a.app, a.mail);
    relation = await registerMember(a.app, clinicianToken, member.tokens.accessToken);
    await openAllWeek(a.app, clinicianToken);
    urlOfB = await listenOnLoopback(b.app);
    clinicianOnB = await openSocket(urlOfB, clinicianToken);
    memberOnA = await openSocket(await listenOnLoopback(a.app), member.tokens.accessToken);
  });
  afterAll(async () => {
    clinicianOnB.close();
    memberOnA.close();
    await b.close();
    await a.close();
  });

  it('a booking through instance A reaches the clinician connected to instance B', async () => {
    const booked = await call(
      a.app,
      '/patientApp/schedule/book',
      {
        seqMedicalRelation: relation,
        scheduleExpectStartDatetime: '2026-11-23T10:00:00+01:00',
        scheduleExpectProgressTime: '00:30:00',
      },
      { token: member.tokens.accessToken },
    );
    expect(booked.json()).toMatchObject({ isSuccess: true });
    const heard = await clinicianOnB.waitFor((message) => message.type === 'notification');
    expect(heard).toMatchObject({ notification: { pushType: PushType.bookedByPatient, patientName: 'Pat Member' } });
  });

  it('relays a call’s signalling between a clinician on instance B and a patient on instance A', async () => {
    const visit = await call(
      a.app,
      '/schedule/createSchedule',
      {
        seqMedicalRelation: relation,
        scheduleExpectStartDatetime: '2026-11-22T09:15:00Z',
        scheduleExpectProgressTime: '00:15:00',
      },
      { token: clinicianToken },
    );
    const { seqSchedule } = visit.json<{ schedule: { seqSchedule: number } }>().schedule;
    const opened = await call(b.app, '/meeting/chime/createMeeting', { seqSchedule }, { token: clinicianToken });
    const meetingId = opened.json<{ Meeting: { MeetingId: string } }>().Meeting.MeetingId;
    const clinicianAttendee = opened.json<{ Attendee: { AttendeeId: string } }>().Attendee.AttendeeId;
    await memberOnA.waitFor((message) => message.type === 'meeting' && message.meetingId === meetingId);
    const joined = await call(a.app, '/patientApp/meeting/join', { seqSchedule }, { token: member.tokens.accessToken });
    expect(joined.json()).toMatchObject({ isSuccess: true, Meeting: { MeetingId: meetingId } });
    const memberAttendee = joined.json<{ Attendee: { AttendeeId: string } }>().Attendee.AttendeeId;

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
    await call(b.app, '/meeting/chime/closeMeeting', { meetingId, seqSchedule }, { token: clinicianToken });
  });

  it('the expiry job of both instances expires a visit once and tells each side once', async () => {
    const visit = await call(
      b.app,
      '/schedule/createSchedule',
      {
        seqMedicalRelation: relation,
        scheduleExpectStartDatetime: '2026-11-22T11:00:00+01:00',
        scheduleExpectProgressTime: '00:15:00',
      },
      { token: clinicianToken },
    );
    const { seqSchedule } = visit.json<{ schedule: { seqSchedule: number } }>().schedule;
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
    // Late duplicates would have arrived by now.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(expiredFor(clinicianOnB)).toHaveLength(1);
    expect(expiredFor(memberOnA)).toHaveLength(1);
  });

  it('a session ended through instance A is refused at once by instance B, which had it in its cache', async () => {
    const clinician = await verifiedClinician(a.app, a.mail);
    const other = await call(a.app, '/user/login', { userEmail: clinician.body.userEmail, userPassword: password });
    const otherToken = other.json<{ token: { accessToken: string } }>().token.accessToken;
    const profileOnB = (token: string) => call(b.app, '/manager/getManagerInfo', {}, { token });
    const endsHeardByB = () => {
      const heard = new Promise<void>((resolve) => {
        void b.app.bus.subscribe(endedChannel, () => resolve());
      });
      return heard;
    };
    // B checks both sessions in the database once and then takes them as open from memory.
    for (const token of [clinician.tokens.accessToken, otherToken]) {
      expect((await profileOnB(token)).statusCode).toBe(200);
      expect((await profileOnB(token)).statusCode).toBe(200);
    }

    // The clocks stand still: only the end heard through the bus can make B refuse.
    let heard = endsHeardByB();
    await call(
      a.app,
      '/user/changePasswordBySeqUserAndCurrentPW',
      { currentPassword: password, newPassword: 'Another-pass-2026' },
      { token: clinician.tokens.accessToken, method: 'PUT' },
    );
    await heard;
    expect((await profileOnB(otherToken)).statusCode).toBe(401);
    expect((await profileOnB(clinician.tokens.accessToken)).statusCode).toBe(200);

    heard = endsHeardByB();
    expect((await call(a.app, '/user/logout', {}, { token: clinician.tokens.accessToken })).statusCode).toBe(200);
    await heard;
    expect((await profileOnB(clinician.tokens.accessToken)).json()).toMatchObject({
      failedCode: FailedCode.SessionEnded,
    });
  });

  it('a session ended through instance A closes its socket on instance B at once', async () => {
    const clinician = await verifiedClinician(a.app, a.mail);
    const onB = await openSocket(urlOfB, clinician.tokens.accessToken);
    // The heartbeat is 30 s away: only the end heard through the bus can close it within the wait.
    expect((await call(a.app, '/user/logout', {}, { token: clinician.tokens.accessToken })).statusCode).toBe(200);
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
      await new Promise((resolve) => setTimeout(resolve, 300));
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
