import { randomUUID } from 'node:crypto';
import {
  FailedCode,
  guestRules,
  guestTokenPrefix,
  type BodyOf,
  type CallGuest,
  type CallParticipant,
  type ServerMessage,
  type admitGuest,
  type inviteGuest,
  type openGuestLink,
  type removeGuest,
} from '@clinic/contract';
import type { Config } from '../../config.ts';
import type { Clock, Principal, RequestContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { BusinessFailure, notFound } from '../../domain-error.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { guestInviteMail } from '../../mail/templates.ts';
import { guestChannel, userChannel, type Bus } from '../../realtime/bus.ts';
import { clientNetwork, enforceLimits, type RateLimiter } from '../../security/rate-limiter.ts';
import { randomToken, sha256 } from '../../security/secrets.ts';
import { recordAudit, relationEntry } from '../audit/index.ts';
import { lockVisitForClinician, visitView, type ScheduleView } from '../schedule/index.ts';
import { guestRepository, type GuestRow } from './guest.repository.ts';
import { nextWait, seenSince } from './lobby.service.ts';
import { closedFailure, joinCall, type JoinedMeeting } from './meeting.service.ts';
import { guestParticipant, meetingRepository } from './meeting.repository.ts';

/** Why a guest link or token was refused; audited, never told (every refusal answers alike). */
type Refusal = 'unknown' | 'used' | 'expired' | 'removed' | 'visit_over';

export interface GuestWaiting {
  waitingSince: string;
  clinicianOnline: boolean;
  admittedMeetingId: string | null;
  visit: GuestVisit;
}

interface GuestVisit {
  clinicianName: string;
  expectStartDatetime: string;
  expectEndDatetime: string;
}

export interface GuestService {
  invite(
    principal: Principal,
    request: BodyOf<typeof inviteGuest>,
    context: RequestContext,
  ): Promise<{ guest: CallGuest; link: string }>;
  list(principal: Principal, seqSchedule: number): Promise<CallGuest[]>;
  admit(principal: Principal, request: BodyOf<typeof admitGuest>, context: RequestContext): Promise<void>;
  remove(principal: Principal, request: BodyOf<typeof removeGuest>, context: RequestContext): Promise<void>;
  open(
    request: BodyOf<typeof openGuestLink>,
    context: RequestContext,
  ): Promise<{ guestToken: string; guestId: string; visit: GuestVisit }>;
  wait(guestToken: string, knock: boolean, context: RequestContext): Promise<GuestWaiting>;
  leave(guestToken: string, context: RequestContext): Promise<void>;
  join(guestToken: string, context: RequestContext): Promise<JoinedMeeting>;
  /** The guest a token names, while they may take part (not removed, the visit not over): for the realtime socket. */
  identify(guestToken: string): Promise<string | undefined>;
  /** Whether the guest may still take part. */
  mayTakePart(guestId: string): Promise<boolean>;
}

const guestVisitOf = (view: ScheduleView): GuestVisit => ({
  clinicianName: view.managerName,
  expectStartDatetime: view.expectStartAt.toISOString(),
  expectEndDatetime: view.expectEndAt.toISOString(),
});

/**
 * The guests of a visit's call (docs/decisions/0019-call-guests.md): the clinician invites one by
 * a single-use link; the guest opens it without an account, waits like the patient and is let in
 * or removed by the clinician. Every step is audited with the guest's name; every refusal of a
 * link or a guest's token answers the same.
 */
export function guestService({
  db,
  now,
  bus,
  mailer,
  limiter,
  ice,
  publicUrl,
}: {
  db: Database;
  now: Clock;
  bus: Bus;
  mailer: Mailer;
  limiter: RateLimiter;
  ice: Config['ice'];
  publicUrl: string;
}): GuestService {
  function toCallGuest(row: GuestRow, at: Date, openMeetingId: string | undefined): CallGuest {
    const present = row.seenAt !== null && row.seenAt >= seenSince(at);
    const state: CallGuest['state'] = row.removedAt
      ? 'removed'
      : !row.openedAt
        ? row.expiresAt > at
          ? 'invited'
          : 'expired'
        : openMeetingId !== undefined && row.admittedMeetingId === openMeetingId
          ? 'admitted'
          : present
            ? 'waiting'
            : 'left';
    return {
      guestId: row.id,
      name: row.name,
      role: row.role,
      state,
      expiresAt: row.expiresAt.toISOString(),
      waitingSince: present && row.waitingSince ? row.waitingSince.toISOString() : null,
    };
  }

  const tellClinician = (
    view: ScheduleView,
    state: Extract<ServerMessage, { type: 'guest' }>['state'],
    guest: CallGuest,
  ): Promise<number> =>
    bus.publish(userChannel(view.clinicianUser), {
      type: 'guest',
      state,
      seqSchedule: view.seqSchedule,
      guest,
    } satisfies ServerMessage);

  /** Tells the others in the call (never the guest: a newcomer's `others`, or a removed guest's call) that a guest joined or was removed. */
  async function tellParticipants(
    meetingId: string,
    others: (CallParticipant & { channel: string | null })[],
    state: 'joined' | 'removed',
    participant: CallParticipant,
  ): Promise<void> {
    const message = { type: 'participant', meetingId, state, participant } satisfies ServerMessage;
    await Promise.all(others.flatMap(({ channel }) => (channel === null ? [] : [bus.publish(channel, message)])));
  }

  const refused = (): BusinessFailure => new BusinessFailure(FailedCode.GuestLinkRefused);

  /** Audits a refused link or token (with the name given, when one was) and answers the one refusal. */
  async function refuse(
    context: RequestContext,
    reason: Refusal,
    guestName: string,
    found: { row: GuestRow; view: ScheduleView } | undefined,
  ): Promise<never> {
    const entry = found
      ? relationEntry('update', 'call_guest', found.view, found.row.id)
      : { action: 'update' as const, entity: 'call_guest' };
    await recordAudit(db, { seqUser: null, guestName }, context, now(), [{ ...entry, outcome: 'denied', reason }]);
    throw refused();
  }

  /** Why a guest may not go on, if they may not. */
  function refusalOf(row: GuestRow, view: ScheduleView, at: Date): Refusal | undefined {
    if (row.removedAt) return 'removed';
    if (closedFailure(view, at)) return 'visit_over';
    return undefined;
  }

  const mayGoOn = async (row: GuestRow): Promise<boolean> =>
    refusalOf(row, (await visitView(db, row.seqSchedule))!, now()) === undefined;

  /**
   * Runs a step of a guest named by their token, with their row locked; a token that names no
   * guest, or one who may not go on, is refused and audited.
   */
  async function asGuest<T>(
    guestToken: string,
    context: RequestContext,
    step: (tx: Database, guest: GuestRow, view: ScheduleView, at: Date) => Promise<T>,
  ): Promise<T> {
    const outcome = await db.transaction(async (tx) => {
      const at = now();
      const row = await guestRepository(tx).lockByToken(sha256(guestToken));
      if (!row) return { refusal: 'unknown' as const, found: undefined };
      const view = (await visitView(tx, row.seqSchedule))!;
      const refusal = refusalOf(row, view, at);
      if (refusal) return { refusal, found: { row, view } };
      return { done: await step(tx, row, view, at) };
    });
    if ('done' in outcome) return outcome.done as T;
    return refuse(context, outcome.refusal, outcome.found?.row.name ?? '', outcome.found);
  }

  const guestEntry = (view: ScheduleView, guest: GuestRow, entity = 'call_guest') =>
    relationEntry(entity === 'call_guest' ? 'update' : 'create', entity, view, guest.id);

  return {
    async invite(principal, { seqSchedule, validMinutes, email }, context) {
      const token = randomToken();
      const link = `${publicUrl}${guestRules.linkPath}#${token}`;
      const { guest, view } = await db.transaction(async (tx) => {
        const row = await lockVisitForClinician(tx, seqSchedule, principal.seqManager);
        if (!row) throw notFound();
        const at = now();
        const closed = closedFailure(row, at);
        if (closed) throw new BusinessFailure(closed);
        const guests = guestRepository(tx);
        if ((await guests.countActive(seqSchedule, at)) >= guestRules.perVisitMax)
          throw new BusinessFailure(FailedCode.GuestLimitReached);
        const until = validMinutes === null ? row.expectEndAt : new Date(at.getTime() + validMinutes * 60_000);
        const guest: GuestRow = {
          id: randomUUID(),
          seqSchedule,
          invitedBy: principal.seqUser,
          linkHash: sha256(token),
          createdAt: at,
          expiresAt: until < row.expectEndAt ? until : row.expectEndAt,
          openedAt: null,
          name: null,
          role: null,
          tokenHash: null,
          waitingSince: null,
          seenAt: null,
          knockedAt: null,
          admittedMeetingId: null,
          removedAt: null,
        };
        await guests.insert(guest);
        await recordAudit(tx, principal, context, at, [relationEntry('create', 'call_guest', row, guest.id)]);
        return { guest, view: (await visitView(tx, seqSchedule))! };
      });
      // The link is never stored: it goes into the reply and, when asked, straight to the mail server.
      if (email)
        await mailer.send(
          guestInviteMail(
            context.language,
            email,
            view.managerName,
            { start: view.expectStartAt, until: guest.expiresAt },
            link,
          ),
        );
      return { guest: toCallGuest(guest, now(), undefined), link };
    },

    async list(principal, seqSchedule) {
      const view = await visitView(db, seqSchedule);
      if (view?.seqManager !== principal.seqManager) throw notFound();
      const [open, guests] = await Promise.all([
        meetingRepository(db).findOpenForSchedule(seqSchedule),
        guestRepository(db).ofVisit(seqSchedule),
      ]);
      const at = now();
      return guests.map((guest) => toCallGuest(guest, at, open?.id));
    },

    async admit(principal, { seqSchedule, guestId, meetingId }, context) {
      const { view, guest } = await db.transaction(async (tx) => {
        const row = await lockVisitForClinician(tx, seqSchedule, principal.seqManager);
        if (!row) throw notFound();
        const at = now();
        const open = await meetingRepository(tx).findOpenForSchedule(seqSchedule);
        if (open?.id !== meetingId) throw new BusinessFailure(FailedCode.MeetingNotFound);
        const admitted = await guestRepository(tx).admit({
          id: guestId,
          seqSchedule,
          meetingId,
          seenSince: seenSince(at),
        });
        if (!admitted) throw new BusinessFailure(FailedCode.GuestNotWaiting);
        await recordAudit(tx, principal, context, at, [relationEntry('update', 'call_guest', row, guestId)]);
        return { view: (await visitView(tx, seqSchedule))!, guest: toCallGuest(admitted, at, meetingId) };
      });
      await bus.publish(guestChannel(guestId), { type: 'admitted', seqSchedule, meetingId } satisfies ServerMessage);
      await tellClinician(view, 'admitted', guest);
    },

    async remove(principal, { seqSchedule, guestId }, context) {
      const { view, guest, call } = await db.transaction(async (tx) => {
        const row = await lockVisitForClinician(tx, seqSchedule, principal.seqManager);
        if (!row) throw notFound();
        const at = now();
        const guests = guestRepository(tx);
        const removed = await guests.remove({ id: guestId, seqSchedule, at });
        if (!removed) throw notFound();
        await recordAudit(tx, principal, context, at, [relationEntry('delete', 'call_guest', row, guestId)]);
        const meetingId = removed.admittedMeetingId;
        return {
          view: (await visitView(tx, seqSchedule))!,
          guest: toCallGuest(removed, at, undefined),
          call: meetingId ? { meetingId, others: await meetingRepository(tx).participants(meetingId), removed } : null,
        };
      });
      await bus.publish(guestChannel(guestId), { type: 'removed', seqSchedule } satisfies ServerMessage);
      // Everyone still in the call closes their connection with the guest.
      if (call) await tellParticipants(call.meetingId, call.others, 'removed', guestParticipant(call.removed));
      await tellClinician(view, 'removed', guest);
    },

    async open({ token, name, role }, context) {
      await enforceLimits(limiter, [
        [
          `guest-open:ip:${clientNetwork(context.ip)}`,
          { max: guestRules.opensMax, windowSeconds: guestRules.openWindowSeconds },
        ],
      ]);
      const guestToken = `${guestTokenPrefix}${randomToken()}`;
      type Outcome =
        { guestId: string; visit: GuestVisit } | { refusal: Refusal; found?: { row: GuestRow; view: ScheduleView } };
      const outcome = await db.transaction(async (tx): Promise<Outcome> => {
        const at = now();
        const guests = guestRepository(tx);
        const row = await guests.lockByLink(sha256(token));
        if (!row) return { refusal: 'unknown' };
        const view = (await visitView(tx, row.seqSchedule))!;
        const refusal: Refusal | undefined = row.openedAt
          ? 'used'
          : (refusalOf(row, view, at) ?? (row.expiresAt <= at ? 'expired' : undefined));
        if (refusal) return { refusal, found: { row, view } };
        await guests.update(row.id, { openedAt: at, name, role, tokenHash: sha256(guestToken) });
        await recordAudit(tx, { seqUser: null, guestName: name }, context, at, [guestEntry(view, row)]);
        return { guestId: row.id, visit: guestVisitOf(view) };
      });
      if ('visit' in outcome) return { guestToken, ...outcome };
      return refuse(context, outcome.refusal, name, outcome.found);
    },

    async wait(guestToken, knock, context) {
      const { view, guest, announce, visit, admittedMeetingId } = await asGuest(
        guestToken,
        context,
        async (tx, row, view, at) => {
          const open = await meetingRepository(tx).findOpenForSchedule(row.seqSchedule);
          const { wait: changes, announce } = nextWait(row, open?.id, knock, at);
          await guestRepository(tx).update(row.id, changes);
          await recordAudit(tx, { seqUser: null, guestName: row.name ?? '' }, context, at, [guestEntry(view, row)]);
          return {
            view,
            guest: toCallGuest({ ...row, ...changes }, at, open?.id),
            announce,
            visit: guestVisitOf(view),
            admittedMeetingId: changes.admittedMeetingId,
          };
        },
      );
      const heard = await tellClinician(
        view,
        guest.state === 'admitted' ? 'admitted' : announce ? 'knocked' : 'waiting',
        guest,
      );
      return { waitingSince: guest.waitingSince!, clinicianOnline: heard > 0, admittedMeetingId, visit };
    },

    async leave(guestToken, context) {
      const { view, guest } = await asGuest(guestToken, context, async (tx, row, view, at) => {
        await guestRepository(tx).update(row.id, { seenAt: null });
        await recordAudit(tx, { seqUser: null, guestName: row.name ?? '' }, context, at, [guestEntry(view, row)]);
        return { view, guest: toCallGuest({ ...row, seenAt: null }, at, undefined) };
      });
      await tellClinician(view, 'left', guest);
    },

    async identify(guestToken) {
      const row = await guestRepository(db).find({ tokenHash: sha256(guestToken) });
      return row && (await mayGoOn(row)) ? row.id : undefined;
    },

    async mayTakePart(guestId) {
      const row = await guestRepository(db).find({ id: guestId });
      return row !== undefined && (await mayGoOn(row));
    },

    async join(guestToken, context) {
      const { joined, others, self } = await asGuest(guestToken, context, async (tx, row, view, at) => {
        const open = await meetingRepository(tx).findOpenForSchedule(row.seqSchedule);
        if (!open || row.admittedMeetingId !== open.id) throw new BusinessFailure(FailedCode.NotAdmitted);
        const call = await joinCall(tx, { meetingId: open.id, role: 'guest', guestId: row.id, at, ice });
        await recordAudit(tx, { seqUser: null, guestName: row.name ?? '' }, context, at, [
          guestEntry(view, row, 'meeting_attendee'),
        ]);
        return { ...call, self: guestParticipant(row) };
      });
      await tellParticipants(joined.Meeting.MeetingId, others, 'joined', self);
      return joined;
    },
  };
}
