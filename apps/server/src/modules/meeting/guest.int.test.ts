import { createHash } from 'node:crypto';
import { eq, isNull } from 'drizzle-orm';
import {
  FailedCode,
  admitGuest,
  completeSchedule,
  createMeeting,
  createSchedule,
  getGuests,
  guestRules,
  inviteGuest,
  joinAsGuest,
  joinMeeting,
  leaveAsGuest,
  openGuestLink,
  removeGuest,
  waitAsGuest,
  type Endpoint,
  type RequestOf,
  type ServerMessage,
} from '@clinic/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, relogin, verifiedClinician, verifiedPatient } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import {
  admitToCall,
  listenOnLoopback,
  openSocket,
  registerMember,
  type SocketClient,
} from '../../../test/realtime.ts';
import { auditEvent, callGuest } from '../../db/schema.ts';
import { auditKeyOf, checkAuditTrail } from '../audit/index.ts';

// The test clock starts on Sunday 2026-11-22 at 09:00 UTC.

let t: TestApp;
let url: string;
let clinician: Awaited<ReturnType<typeof verifiedClinician>>;
let other: Awaited<ReturnType<typeof verifiedClinician>>;
let member: Awaited<ReturnType<typeof verifiedPatient>>;
let relation: number;

type Caller = { tokens: { accessToken: string } };
const callAs = <E extends Endpoint>(who: Caller, endpoint: E, body: RequestOf<E>) =>
  callApi(t.app, endpoint, body, { token: who.tokens.accessToken });
/** A guest's call, from their own network (the link's opening is limited per network). */
const asGuest = <E extends Endpoint>(endpoint: E, body: RequestOf<E>, remoteAddress = '198.51.100.7') =>
  callApi(t.app, endpoint, body, { remoteAddress, userAgent: 'guest browser' });
const travelTo = (iso: string) => t.clock.advance(Date.parse(iso) - t.clock().getTime());
const tokenOf = (link: string) => link.slice(link.indexOf('#') + 1);
const guestEvents = (socket: SocketClient) =>
  socket.messages.filter((message): message is Extract<ServerMessage, { type: 'guest' }> => message.type === 'guest');
const guestAudit = () =>
  t.app.db
    .select({
      seqUser: auditEvent.seqUser,
      guestName: auditEvent.guestName,
      action: auditEvent.action,
      outcome: auditEvent.outcome,
      entity: auditEvent.entity,
      reason: auditEvent.reason,
      seqPatient: auditEvent.seqPatient,
    })
    .from(auditEvent)
    .where(isNull(auditEvent.seqUser))
    .orderBy(auditEvent.id);

beforeAll(async () => {
  t = await createTestApp();
  url = await listenOnLoopback(t.app);
  clinician = await verifiedClinician(t.app, t.mail);
  other = await verifiedClinician(t.app, t.mail);
  member = await verifiedPatient(t.app, t.mail);
  relation = await registerMember(t.app, clinician.tokens.accessToken, member.tokens.accessToken);
});
afterAll(() => t.close());

describe('a guest of a video visit', () => {
  let seqSchedule: number;
  let link: string;
  let guestId: string;
  let guestToken: string;
  let clinicianSocket: SocketClient;
  let patientSocket: SocketClient;
  let guestSocket: SocketClient;

  it('is invited by the visit’s clinician with a single-use link whose token only the reply and the mail hold', async () => {
    seqSchedule = (
      await callAs(clinician, createSchedule, {
        seqMedicalRelation: relation,
        scheduleExpectStartDatetime: '2026-11-22T10:00:00Z',
        scheduleExpectProgressTime: '00:30:00',
      })
    ).success.schedule.seqSchedule;
    travelTo('2026-11-22T09:50:00Z');
    for (const who of [clinician, other, member]) await relogin(t.app, who);

    expect((await callAs(other, inviteGuest, { seqSchedule, validMinutes: 15 })).status).toBe(404);
    const invited = (
      await callAs(clinician, inviteGuest, { seqSchedule, validMinutes: 15, email: 'carer@example.com' })
    ).success;
    link = invited.link;
    guestId = invited.guest.guestId;
    expect(link).toMatch(new RegExp(`^https?://[^/]+${guestRules.linkPath}#[\\w-]{43}$`));
    expect(invited.guest).toEqual({
      guestId,
      name: null,
      role: null,
      state: 'invited',
      expiresAt: '2026-11-22T10:05:00.000Z',
      waitingSince: null,
    });
    const mail = await t.mail.next('carer@example.com');
    expect(mail.text).toContain(link);
    // Only the token's hash is kept.
    const [row] = await t.app.db.select().from(callGuest).where(eq(callGuest.id, guestId));
    expect(row!.linkHash).toBe(createHash('sha256').update(tokenOf(link)).digest('base64url'));
    expect(JSON.stringify(row)).not.toContain(tokenOf(link));
    expect((await callAs(other, getGuests, { seqSchedule })).status).toBe(404);
  });

  it('is valid until the visit’s end at most, and two at once at most', async () => {
    const long = (await callAs(clinician, inviteGuest, { seqSchedule, validMinutes: null })).success.guest;
    expect(long.expiresAt).toBe('2026-11-22T10:30:00.000Z');
    expect((await callAs(clinician, inviteGuest, { seqSchedule, validMinutes: 60 })).failedCode).toBe(
      FailedCode.GuestLimitReached,
    );
    await callAs(clinician, removeGuest, { seqSchedule, guestId: long.guestId });
    const states = (await callAs(clinician, getGuests, { seqSchedule })).success.guests.map((guest) => [
      guest.guestId,
      guest.state,
    ]);
    expect(Object.fromEntries(states)).toEqual({ [guestId]: 'invited', [long.guestId]: 'removed' });
  });

  it('opens once, with a name and a role, and waits until the clinician lets them in', async () => {
    clinicianSocket = await openSocket(url, clinician.tokens.accessToken);
    const opened = (await asGuest(openGuestLink, { token: tokenOf(link), name: 'Ji-woo Chan', role: 'caregiver' }))
      .success;
    guestToken = opened.guestToken;
    expect(opened.visit).toEqual({
      clinicianName: expect.any(String) as string,
      expectStartDatetime: '2026-11-22T10:00:00.000Z',
      expectEndDatetime: '2026-11-22T10:30:00.000Z',
    });
    const [row] = await t.app.db.select().from(callGuest).where(eq(callGuest.id, guestId));
    expect(row!.tokenHash).toBe(createHash('sha256').update(guestToken).digest('base64url'));

    const waiting = (await asGuest(waitAsGuest, { guestToken, knock: false })).success;
    expect(waiting).toMatchObject({
      clinicianOnline: true,
      admittedMeetingId: null,
      waitingSince: '2026-11-22T09:50:00.000Z',
    });
    await clinicianSocket.waitFor(() => guestEvents(clinicianSocket).length >= 1);
    expect(guestEvents(clinicianSocket)[0]).toMatchObject({
      state: 'knocked',
      seqSchedule,
      guest: { guestId, name: 'Ji-woo Chan', role: 'caregiver', state: 'waiting' },
    });
    // Knocking again is limited as the patient's is.
    const knocked = await asGuest(waitAsGuest, { guestToken, knock: true });
    expect(knocked.status).toBe(429);
    expect((await asGuest(joinAsGuest, { guestToken })).failedCode).toBe(FailedCode.NotAdmitted);
  });

  it('joins the open call once admitted, and signals each other party of it on their own pair', async () => {
    const clinicianJoined = (await callAs(clinician, createMeeting, { seqSchedule })).success;
    const meetingId = clinicianJoined.Meeting.MeetingId;
    await admitToCall(
      { seqSchedule, meetingId },
      { app: t.app, token: member.tokens.accessToken },
      { app: t.app, token: clinician.tokens.accessToken },
    );
    const patientJoined = (await callAs(member, joinMeeting, { seqSchedule })).success;
    patientSocket = await openSocket(url, member.tokens.accessToken);
    guestSocket = await openSocket(url, guestToken);

    expect((await callAs(other, admitGuest, { seqSchedule, guestId, meetingId })).status).toBe(404);
    expect((await callAs(clinician, admitGuest, { seqSchedule, guestId, meetingId })).success).toEqual({
      isSuccess: true,
    });
    await guestSocket.waitFor((message) => message.type === 'admitted' && message.meetingId === meetingId);
    const joined = (await asGuest(joinAsGuest, { guestToken })).success;
    expect(joined.Meeting.MeetingId).toBe(meetingId);
    expect(joined.participants).toEqual([
      { party: 'clinician', name: expect.any(String) as string, role: 'clinician' },
      { party: 'patient', name: 'Pat Member', role: 'patient' },
    ]);
    const self = { party: `guest:${guestId}`, name: 'Ji-woo Chan', role: 'caregiver' };
    await patientSocket.waitFor(
      (message) =>
        message.type === 'participant' && message.state === 'joined' && message.participant.party === self.party,
    );
    // The heartbeat of an admitted guest says so (a reload rejoins without waiting).
    expect((await asGuest(waitAsGuest, { guestToken, knock: false })).success.admittedMeetingId).toBe(meetingId);
    const guests = (await callAs(clinician, getGuests, { seqSchedule })).success.guests;
    expect(guests.find((guest) => guest.guestId === guestId)?.state).toBe('admitted');

    const signal = (from: SocketClient, attendeeId: string, to: string, sessionId: string) =>
      from.send(JSON.stringify({ type: 'signal', meetingId, attendeeId, to, data: { kind: 'hello', sessionId } }));
    const heard = (socket: SocketClient, sessionId: string) =>
      socket.waitFor(
        (message) => message.type === 'signal' && message.data.kind === 'hello' && message.data.sessionId === sessionId,
      );
    const guestAttendee = joined.Attendee.AttendeeId;
    signal(guestSocket, guestAttendee, 'clinician', 'guest-to-clinician');
    expect(await heard(clinicianSocket, 'guest-to-clinician')).toMatchObject({
      from: self.party,
      fromAttendeeId: guestAttendee,
      toAttendeeId: clinicianJoined.Attendee.AttendeeId,
    });
    signal(guestSocket, guestAttendee, 'patient', 'guest-to-patient');
    expect(await heard(patientSocket, 'guest-to-patient')).toMatchObject({
      from: self.party,
      toAttendeeId: patientJoined.Attendee.AttendeeId,
    });
    signal(clinicianSocket, clinicianJoined.Attendee.AttendeeId, self.party, 'clinician-to-guest');
    expect(await heard(guestSocket, 'clinician-to-guest')).toMatchObject({
      from: 'clinician',
      toAttendeeId: guestAttendee,
    });
    signal(patientSocket, patientJoined.Attendee.AttendeeId, self.party, 'patient-to-guest');
    expect(await heard(guestSocket, 'patient-to-guest')).toMatchObject({
      from: 'patient',
      toAttendeeId: guestAttendee,
    });
    // Without `to`, the clinician's and the patient's signals go to each other as before.
    clinicianSocket.send(
      JSON.stringify({
        type: 'signal',
        meetingId,
        attendeeId: clinicianJoined.Attendee.AttendeeId,
        data: { kind: 'hello', sessionId: 'clinician-to-patient' },
      }),
    );
    expect(await heard(patientSocket, 'clinician-to-patient')).toMatchObject({ from: 'clinician' });
    expect(
      guestSocket.messages.some(
        (message) =>
          message.type === 'signal' &&
          message.from === 'patient' &&
          message.data.kind === 'hello' &&
          message.data.sessionId === 'clinician-to-patient',
      ),
    ).toBe(false);
  });

  it('is removed for good: the same link and token are refused, alike for every reason, and audited', async () => {
    expect((await callAs(clinician, removeGuest, { seqSchedule, guestId })).success).toEqual({ isSuccess: true });
    await clinicianSocket.waitFor(() => guestEvents(clinicianSocket).some((event) => event.state === 'removed'));
    // Everyone in the call closes their pair with the guest, whose socket is closed.
    for (const socket of [clinicianSocket, patientSocket])
      await socket.waitFor((message) => message.type === 'participant' && message.state === 'removed');
    await guestSocket.waitFor((message) => message.type === 'removed');
    expect(await guestSocket.closedWithin()).toBe(4401);
    const again = await openSocket(url);
    again.send(JSON.stringify({ type: 'auth', accessToken: guestToken }));
    expect(await again.closedWithin()).toBe(4401);
    const refusals = [
      await asGuest(waitAsGuest, { guestToken, knock: false }),
      await asGuest(joinAsGuest, { guestToken }),
      await asGuest(leaveAsGuest, { guestToken }),
      await asGuest(openGuestLink, { token: tokenOf(link), name: 'Someone Else', role: 'interpreter' }),
    ];
    for (const refusal of refusals) expect(refusal.failedCode).toBe(FailedCode.GuestLinkRefused);
    expect(new Set(refusals.map((refusal) => refusal.text))).toHaveProperty('size', 1);
  });

  it('refuses a link that expired or whose visit is over, and one that names nothing', async () => {
    const late = (await callAs(clinician, inviteGuest, { seqSchedule, validMinutes: 15 })).success.link;
    const ended = (await callAs(clinician, inviteGuest, { seqSchedule, validMinutes: null })).success.link;
    travelTo('2026-11-22T10:06:00Z');
    await relogin(t.app, clinician);
    const expired = await asGuest(openGuestLink, { token: tokenOf(late), name: 'Late Guest', role: 'caregiver' });
    expect(expired.failedCode).toBe(FailedCode.GuestLinkRefused);
    const call = await t.app.db.query.meeting.findFirst({
      where: (meeting, { isNull: none }) => none(meeting.closedAt),
    });
    const completed = await callAs(clinician, completeSchedule, {
      seqSchedule,
      startDatetime: '2026-11-22T09:50:00Z',
      progressTime: '00:10:00',
      meetingId: call!.id,
    });
    void completed.success;
    const over = await asGuest(openGuestLink, { token: tokenOf(ended), name: 'After Guest', role: 'interpreter' });
    expect(over.failedCode).toBe(FailedCode.GuestLinkRefused);
    const unknown = await asGuest(openGuestLink, { token: 'x'.repeat(43), name: 'Nobody', role: 'caregiver' });
    expect(unknown.failedCode).toBe(FailedCode.GuestLinkRefused);

    const row = (guestName: string, outcome: 'success' | 'denied', reason: string | null, entity = 'call_guest') => ({
      seqUser: null,
      guestName,
      action: entity === 'call_guest' ? 'update' : 'create',
      outcome,
      entity,
      reason,
      seqPatient: reason === 'unknown' ? null : member.seqPatient,
    });
    expect(await guestAudit()).toEqual([
      // Opened, waited, joined, and waited again in the call.
      row('Ji-woo Chan', 'success', null),
      row('Ji-woo Chan', 'success', null),
      row('Ji-woo Chan', 'success', null, 'meeting_attendee'),
      row('Ji-woo Chan', 'success', null),
      // Removed: the token is refused three times, the link once (it was used).
      row('Ji-woo Chan', 'denied', 'removed'),
      row('Ji-woo Chan', 'denied', 'removed'),
      row('Ji-woo Chan', 'denied', 'removed'),
      row('Someone Else', 'denied', 'used'),
      row('Late Guest', 'denied', 'expired'),
      row('After Guest', 'denied', 'visit_over'),
      row('Nobody', 'denied', 'unknown'),
    ]);
    // The guests' rows join the hash chain, which still verifies.
    const key = await auditKeyOf({ audit: { key: undefined, checkpointSeconds: 3600 }, dataDir: t.dataDir });
    expect((await checkAuditTrail(t.app.db, key)).fault).toBeNull();
  });

  it('limits the links opened from one network', async () => {
    const tryLink = () =>
      asGuest(openGuestLink, { token: 'y'.repeat(43), name: 'Guesser', role: 'caregiver' }, '203.0.113.9');
    for (let attempt = 0; attempt < guestRules.opensMax; attempt += 1)
      expect((await tryLink()).failedCode).toBe(FailedCode.GuestLinkRefused);
    expect((await tryLink()).status).toBe(429);
  });
});
