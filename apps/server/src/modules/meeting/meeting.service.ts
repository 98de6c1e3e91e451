import { randomUUID } from 'node:crypto';
import {
  FailedCode,
  type ClientSignal,
  meetingRules,
  PushType,
  ScheduleStatus,
  scheduleRules,
  type CallParticipant,
  type IceServer,
  type MeetingEvent,
  type Schedule,
  type ServerMessage,
  type BodyOf,
  type meetingHeartbeat,
  type closeMeeting,
  type completeSchedule,
} from '@clinic/contract';
import type { Config } from '../../config.ts';
import type { Clock, PatientPrincipal, Principal, RequestContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { BusinessFailure, notFound } from '../../domain-error.ts';
import { userChannel, type Bus } from '../../realtime/bus.ts';
import { recordAudit, relationEntry } from '../audit/index.ts';
import type { Notifier } from '../notification/index.ts';
import { ownershipRepository } from '../shared/index.ts';
import {
  changeVisit,
  lockVisitForClinician,
  lockVisitForPatient,
  type ScheduleRow,
  type ScheduleView,
  toSchedule,
  visitView,
} from '../schedule/index.ts';
import { iceServersFor } from './ice-servers.ts';
import { lobbyRepository } from './lobby.repository.ts';
import { meetingRepository, partyOf } from './meeting.repository.ts';

const minuteMs = 60_000;
/** A call may run this long past its visit's end before it counts as abandoned. */
const overtimeMs = 60 * minuteMs;

export interface JoinedMeeting {
  Meeting: { MeetingId: string };
  Attendee: { AttendeeId: string };
  iceServers: IceServer[];
  participants: CallParticipant[];
}

/**
 * A new joining of an open call, by a user or a guest, with the others the call is for; `others`
 * also carries the channel that reaches each, for telling them of the newcomer.
 */
export async function joinCall(
  database: Database,
  {
    meetingId,
    role,
    at,
    ice,
    ...who
  }: { meetingId: string; role: 'clinician' | 'patient' | 'guest'; at: Date; ice: Config['ice'] } & (
    { seqUser: number } | { guestId: string }
  ),
): Promise<{ joined: JoinedMeeting; others: (CallParticipant & { channel: string | null })[] }> {
  const attendeeId = randomUUID();
  const meetings = meetingRepository(database);
  const joining = 'guestId' in who ? { guestId: who.guestId, seqUser: null } : { guestId: null, seqUser: who.seqUser };
  await meetings.addAttendee({ id: attendeeId, meetingId, role, joinedAt: at, ...joining });
  const self = partyOf({ role, guestId: joining.guestId });
  const others = (await meetings.participants(meetingId)).filter((participant) => participant.party !== self);
  return {
    joined: {
      Meeting: { MeetingId: meetingId },
      Attendee: { AttendeeId: attendeeId },
      iceServers: iceServersFor(ice, 'guestId' in who ? `guest-${who.guestId}` : who.seqUser, at),
      participants: others.map(({ channel: _channel, ...participant }) => participant),
    },
    others,
  };
}

/** The failure that says why a visit's call cannot be held, if it cannot. */
export function closedFailure(row: ScheduleRow, at: Date): FailedCode | undefined {
  switch (row.status) {
    case ScheduleStatus.completed:
      return FailedCode.ScheduleCompleted;
    case ScheduleStatus.cancelledByClinician:
    case ScheduleStatus.cancelledByPatient:
      return FailedCode.ScheduleCancelled;
    case ScheduleStatus.expired:
      return FailedCode.ScheduleExpired;
  }
  // A waiting visit whose time passed is expired, even before the job has marked it.
  if (row.status === ScheduleStatus.waiting && row.expectEndAt <= at) return FailedCode.ScheduleExpired;
  return undefined;
}

/** Whether it is too early for the visit's call: it may start `scheduleRules.earlyStartMinutes` before the visit. */
export function isTooEarly(row: ScheduleRow, at: Date): boolean {
  return at.getTime() < row.expectStartAt.getTime() - scheduleRules.earlyStartMinutes * minuteMs;
}

function clockSeconds(clock: string): number {
  const [hours = 0, minutes = 0, seconds = 0] = clock.split(':').map(Number);
  return hours * 3600 + minutes * 60 + seconds;
}

export interface MeetingService {
  create(principal: Principal, seqSchedule: number, context: RequestContext): Promise<JoinedMeeting>;
  heartbeat(principal: Principal, request: BodyOf<typeof meetingHeartbeat>): Promise<void>;
  close(principal: Principal, request: BodyOf<typeof closeMeeting>, context: RequestContext): Promise<void>;
  complete(principal: Principal, request: BodyOf<typeof completeSchedule>, context: RequestContext): Promise<Schedule>;
  joinAsPatient(caller: PatientPrincipal, seqSchedule: number, context: RequestContext): Promise<JoinedMeeting>;
  saveEvents(principal: Principal, meetingId: string, events: MeetingEvent[], context: RequestContext): Promise<number>;
  relaySignal(
    sender: { seqUser: number } | { guestId: string },
    signal: Omit<ClientSignal, 'type'>,
  ): Promise<string | undefined>;
}

export function meetingService({
  db,
  now,
  bus,
  notify,
  ice,
}: {
  db: Database;
  now: Clock;
  bus: Bus;
  notify: Notifier;
  ice: Config['ice'];
}): MeetingService {
  const tellPatient = async (view: ScheduleView, message: ServerMessage): Promise<void> => {
    if (view.patientUser !== null) await bus.publish(userChannel(view.patientUser), message);
  };

  const join = async (
    database: Database,
    meetingId: string,
    seqUser: number,
    role: 'clinician' | 'patient',
  ): Promise<JoinedMeeting> => (await joinCall(database, { meetingId, seqUser, role, at: now(), ice })).joined;

  return {
    /** Opens the visit's call, or rejoins the one already open, for its clinician. */
    async create(principal, seqSchedule, context) {
      const { joined, view } = await db.transaction(async (tx) => {
        const row = await lockVisitForClinician(tx, seqSchedule, principal.seqManager);
        if (!row) throw notFound();
        const at = now();
        const closed = closedFailure(row, at);
        if (closed) throw new BusinessFailure(closed);
        const relation = await ownershipRepository(tx).findOwned(row.seqMedicalRelation, principal.seqManager);
        if (!relation?.isEnabled) throw new BusinessFailure(FailedCode.ScheduleClosed);
        if (!relation.isAppMember) throw new BusinessFailure(FailedCode.NotAppMember);
        if (isTooEarly(row, at)) throw new BusinessFailure(FailedCode.CallTooEarly);
        const meetings = meetingRepository(tx);
        // One call at a time: the clinician's lock keeps two starts from both passing this check.
        await ownershipRepository(tx).lockManager(principal.seqManager);
        if (await meetings.hasOtherOpen(principal.seqManager, seqSchedule))
          throw new BusinessFailure(FailedCode.CallInProgress);
        let open = await meetings.findOpenForSchedule(seqSchedule);
        if (!open) {
          open = {
            id: randomUUID(),
            seqSchedule,
            seqManager: principal.seqManager,
            createdAt: at,
            closedAt: null,
            heartbeatAt: null,
          };
          await meetings.insert(open);
        }
        if (row.status !== ScheduleStatus.inProgress)
          await changeVisit(tx, seqSchedule, { status: ScheduleStatus.inProgress, updatedAt: at });
        await recordAudit(tx, principal, context, at, [relationEntry('create', 'meeting', row, open.id)]);
        const joined = await join(tx, open.id, principal.seqUser, 'clinician');
        return { joined, view: (await visitView(tx, seqSchedule))! };
      });
      await tellPatient(view, { type: 'meeting', meetingId: joined.Meeting.MeetingId, seqSchedule, state: 'opened' });
      return joined;
    },

    /** The clinician's browser is still in the call: it is not closed as abandoned. */
    async heartbeat(principal, request) {
      const beating = await meetingRepository(db).heartbeat({
        id: request.meetingId,
        seqSchedule: request.seqSchedule,
        seqManager: principal.seqManager,
        at: now(),
      });
      if (!beating) throw new BusinessFailure(FailedCode.MeetingNotFound);
    },

    /** Ends the call; a visit not completed waits again (the expiry job ends it once its time is over). */
    async close(principal, request, context) {
      const view = await db.transaction(async (tx) => {
        const row = await lockVisitForClinician(tx, request.seqSchedule, principal.seqManager);
        const meetings = meetingRepository(tx);
        const found = row && (await meetings.findForSchedule(request.meetingId, request.seqSchedule));
        if (!row || !found) throw new BusinessFailure(FailedCode.MeetingNotFound);
        if (found.closedAt) return undefined;
        const at = now();
        await meetings.close(found.id, at);
        if (row.status === ScheduleStatus.inProgress)
          await changeVisit(tx, row.seqSchedule, { status: ScheduleStatus.waiting, updatedAt: at });
        await recordAudit(tx, principal, context, at, [relationEntry('update', 'meeting', row, found.id)]);
        return visitView(tx, row.seqSchedule);
      });
      if (view)
        await tellPatient(view, {
          type: 'meeting',
          meetingId: request.meetingId,
          seqSchedule: view.seqSchedule,
          state: 'closed',
        });
    },

    /** Completes the visit with the measured start and length of its call, and ends the call. */
    async complete(principal, request, context) {
      const view = await db.transaction(async (tx) => {
        const row = await lockVisitForClinician(tx, request.seqSchedule, principal.seqManager);
        if (!row) throw notFound();
        const meetings = meetingRepository(tx);
        const found = await meetings.findForSchedule(request.meetingId, row.seqSchedule);
        if (!found) throw new BusinessFailure(FailedCode.CompletionMeetingMismatch);
        if (row.status !== ScheduleStatus.inProgress && row.status !== ScheduleStatus.waiting)
          throw new BusinessFailure(FailedCode.ScheduleNotWaiting);
        const at = now();
        const startedAt = new Date(request.startDatetime);
        const seconds = clockSeconds(request.progressTime);
        // The call started once the visit's first call was open (a reloaded screen carries on its
        // timer in a new one), the patient joined it (the timer runs only with both there), and it
        // lasted no longer than until now.
        const visitCalls = await meetings.callsOfVisit(row.seqSchedule);
        const plausible =
          seconds > 0 &&
          visitCalls.patientJoined &&
          startedAt.getTime() >= visitCalls.firstOpenedAt.getTime() - minuteMs &&
          startedAt.getTime() + seconds * 1000 <= at.getTime() + minuteMs;
        if (!plausible) throw new BusinessFailure(FailedCode.CompletionRejected);
        await changeVisit(tx, row.seqSchedule, {
          status: ScheduleStatus.completed,
          startedAt,
          progressSeconds: seconds,
          updatedAt: at,
        });
        await meetings.close(found.id, at);
        await recordAudit(tx, principal, context, at, [relationEntry('update', 'schedule', row, row.seqSchedule)]);
        return (await visitView(tx, row.seqSchedule))!;
      });
      await tellPatient(view, {
        type: 'meeting',
        meetingId: request.meetingId,
        seqSchedule: view.seqSchedule,
        state: 'closed',
      });
      await notify.visitChanged(PushType.completed, view, ['patient']);
      return toSchedule(view, context.timeZone);
    },

    /** The patient joins the call the clinician has opened and let them into. */
    async joinAsPatient(caller, seqSchedule, context) {
      return db.transaction(async (tx) => {
        const row = await lockVisitForPatient(tx, seqSchedule, caller.seqPatient);
        if (!row) throw notFound();
        const closed = closedFailure(row, now());
        if (closed === FailedCode.ScheduleCompleted || closed === FailedCode.ScheduleCancelled)
          throw new BusinessFailure(closed);
        const open = await meetingRepository(tx).findOpenForSchedule(seqSchedule);
        if (!open) throw new BusinessFailure(closed ?? FailedCode.MeetingNotOpen);
        // No media flows before the clinician has let the patient in from the waiting room.
        if ((await lobbyRepository(tx).find(seqSchedule))?.admittedMeetingId !== open.id)
          throw new BusinessFailure(FailedCode.NotAdmitted);
        await recordAudit(tx, caller, context, now(), [relationEntry('create', 'meeting_attendee', row, open.id)]);
        return join(tx, open.id, caller.seqUser, 'patient');
      });
    },

    /** Keeps the events of a call the clinician attended. */
    async saveEvents(principal, meetingId, events, context) {
      return db.transaction(async (tx) => {
        const meetings = meetingRepository(tx);
        if (!(await meetings.attended(meetingId, principal.seqUser)))
          throw new BusinessFailure(FailedCode.MeetingNotFound);
        const saved = await meetings.insertEvents(meetingId, principal.seqUser, events);
        await recordAudit(tx, principal, context, now(), [
          { action: 'create', entity: 'meeting_event', entityId: meetingId },
        ]);
        return saved;
      });
    },

    /**
     * Relays a signal from one joining of an open meeting to the other side's latest joining (or
     * latest to say hello), the only one of that side's tabs and apps that takes it up; nowhere
     * while the other side has not joined. Answers the failed code when the sender may not; nobody else ever hears it.
     */
    async relaySignal(sender, { meetingId, attendeeId, to, data }) {
      const meetings = meetingRepository(db);
      const route = await meetings.signalRoute(meetingId, attendeeId, sender, to);
      if (!route || route.from === to) return FailedCode.Forbidden;
      // A screen may join before it calls (the clinician's, while the devices are set up): the
      // joining that greeted last (its own hello, or an offer) is the one in the call, before the
      // other side answers. A hello answering another is no news.
      if ((data.kind === 'hello' && data.answering === undefined) || data.kind === 'offer')
        await meetings.greeted(attendeeId, now());
      if (!route.to?.channel) return undefined;
      await bus.publish(route.to.channel, {
        type: 'signal',
        meetingId,
        fromAttendeeId: attendeeId,
        toAttendeeId: route.to.attendeeId,
        from: route.from,
        data,
      } satisfies ServerMessage);
      return undefined;
    },
  };
}

export interface AbandonedMeetingJob {
  run(database: Database): Promise<() => Promise<void>>;
}

/** The job that ends calls left open long past their visit, before the expiry job runs. */
export function abandonedMeetingJob({ now }: { now: Clock }): AbandonedMeetingJob {
  return {
    async run(database): Promise<() => Promise<void>> {
      await meetingRepository(database).closeAbandoned(now(), {
        silentMs: meetingRules.heartbeatLostMs,
        overtimeMs,
      });
      return () => Promise.resolve();
    },
  };
}
