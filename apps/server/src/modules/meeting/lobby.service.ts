import {
  FailedCode,
  lobbyRules,
  type BodyOf,
  type ServerMessage,
  type WaitingNotification,
  type WaitingPatient,
  type admitPatient,
  type waitForCall,
} from '@clinic/contract';
import { randomUUID } from 'node:crypto';
import type { Clock, PatientPrincipal, Principal } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { BusinessFailure, HttpFailure, notFound } from '../../domain-error.ts';
import { userChannel, type Bus } from '../../realtime/bus.ts';
import type { WebPushSender } from '../notification/index.ts';
import { lockVisitForClinician, lockVisitForPatient, visitView, type ScheduleView } from '../schedule/index.ts';
import { closedFailure, isTooEarly } from './meeting.service.ts';
import { lobbyRepository, type WaitingRow } from './lobby.repository.ts';
import { meetingRepository } from './meeting.repository.ts';

export interface WaitingState {
  waitingSince: string;
  clinicianOnline: boolean;
  admittedMeetingId: string | null;
}

export interface LobbyService {
  wait(caller: PatientPrincipal, request: BodyOf<typeof waitForCall>): Promise<WaitingState>;
  leave(caller: PatientPrincipal, seqSchedule: number): Promise<void>;
  waitingPatients(principal: Principal): Promise<WaitingPatient[]>;
  admit(principal: Principal, request: BodyOf<typeof admitPatient>): Promise<void>;
}

/** Since when one must have been seen to be still in a waiting room (gone once silent for `lobbyRules.lostMs`). */
export const seenSince = (at: Date): Date => new Date(at.getTime() - lobbyRules.lostMs);

/** A wait in a visit's waiting room, the patient's or a guest's, as it is kept. */
export interface WaitState {
  waitingSince: Date | null;
  seenAt: Date | null;
  knockedAt: Date | null;
  admittedMeetingId: string | null;
}

/**
 * The wait after a heartbeat or a knock, the one rule of the patient's and the guests' waiting
 * room: whether it announces itself to the clinician (an arrival, a return from a call that closed,
 * or a knock), and the call it stays let into. A knock sooner than `lobbyRules.knockSeconds` after
 * the last announcement is refused with 429 and the seconds to wait.
 */
export function nextWait(
  current: WaitState | undefined,
  openMeetingId: string | undefined,
  knock: boolean,
  at: Date,
): { wait: WaitState & { waitingSince: Date; seenAt: Date; knockedAt: Date }; announce: boolean } {
  const present = current?.seenAt && current.seenAt >= seenSince(at) ? current : undefined;
  // Let into the open call, they may come back to it (after a reload) without waiting.
  const admittedMeetingId =
    openMeetingId !== undefined && current?.admittedMeetingId === openMeetingId ? openMeetingId : null;
  // Back from a call that closed is an arrival too: the clinician should know at once.
  const arrived = !admittedMeetingId && (!present || present.admittedMeetingId !== null);
  if (knock && !arrived && present?.knockedAt) {
    const waitMs = present.knockedAt.getTime() + lobbyRules.knockSeconds * 1000 - at.getTime();
    if (waitMs > 0) throw new HttpFailure(429, FailedCode.TooManyRequests, Math.ceil(waitMs / 1000));
  }
  // Still the same wait (or back in the call it was let into): its start and last announcement stay.
  const staying = arrived ? undefined : current;
  return {
    wait: {
      waitingSince: staying?.waitingSince ?? at,
      seenAt: at,
      knockedAt: knock || !staying?.knockedAt ? at : staying.knockedAt,
      admittedMeetingId,
    },
    announce: arrived || knock,
  };
}

const toWaitingPatient = (row: WaitingRow): WaitingPatient => ({
  seqSchedule: row.seqSchedule,
  seqMedicalRelation: row.seqMedicalRelation,
  patientName: row.patientName,
  waitingSince: row.waitingSince.toISOString(),
  scheduleExpectStartDatetime: row.expectStartAt.toISOString(),
});

/**
 * The waiting room of a visit's call (docs/decisions/0018-waiting-room.md): the patient's app
 * keeps the patient there while its screen is open; the clinician's open tabs hear each arrival,
 * knock and departure; the clinician lets the patient into the open call.
 */
export function lobbyService({
  db,
  now,
  bus,
  push,
}: {
  db: Database;
  now: Clock;
  bus: Bus;
  push: WebPushSender;
}): LobbyService {
  /** Tells the clinician's tabs; answers how many heard it. */
  const tellClinician = (
    view: ScheduleView,
    state: Extract<ServerMessage, { type: 'lobby' }>['state'],
    waitingSince: Date,
  ): Promise<number> =>
    bus.publish(userChannel(view.clinicianUser), {
      type: 'lobby',
      state,
      patient: toWaitingPatient({ ...view, waitingSince }),
    } satisfies ServerMessage);

  return {
    async wait(caller, { seqSchedule, knock }) {
      const at = now();
      const { view, entry, announce } = await db.transaction(async (tx) => {
        const row = await lockVisitForPatient(tx, seqSchedule, caller.seqPatient);
        if (!row) throw notFound();
        const closed = closedFailure(row, at);
        if (closed) throw new BusinessFailure(closed);
        if (isTooEarly(row, at)) throw new BusinessFailure(FailedCode.CallTooEarly);
        const lobby = lobbyRepository(tx);
        const open = await meetingRepository(tx).findOpenForSchedule(seqSchedule);
        const { wait, announce } = nextWait(await lobby.find(seqSchedule), open?.id, knock, at);
        const entry = { seqSchedule, ...wait };
        await lobby.save(entry);
        return { view: (await visitView(tx, seqSchedule))!, entry, announce };
      });
      const heard = await tellClinician(
        view,
        entry.admittedMeetingId ? 'admitted' : announce ? 'knocked' : 'waiting',
        entry.waitingSince,
      );
      // No tab heard it: the clinician's browsers are pushed (a push service's failure is logged there).
      if (announce && heard === 0) {
        const notification: WaitingNotification = {
          key: randomUUID(),
          kind: 'waiting',
          seqSchedule,
          patientName: view.patientName,
          time: at.toISOString(),
        };
        await push.send(view.clinicianUser, () => notification);
      }
      return {
        waitingSince: entry.waitingSince.toISOString(),
        clinicianOnline: heard > 0,
        admittedMeetingId: entry.admittedMeetingId,
      };
    },

    async leave(caller, seqSchedule) {
      const left = await db.transaction(async (tx) => {
        const row = await lockVisitForPatient(tx, seqSchedule, caller.seqPatient);
        if (!row) throw notFound();
        const removed = await lobbyRepository(tx).remove(seqSchedule);
        return removed && { removed, view: (await visitView(tx, seqSchedule))! };
      });
      if (left) await tellClinician(left.view, 'left', left.removed.waitingSince);
    },

    async waitingPatients(principal) {
      const rows = await lobbyRepository(db).waitingFor(principal.seqManager, seenSince(now()));
      return rows.map(toWaitingPatient);
    },

    async admit(principal, { seqSchedule, meetingId }) {
      const at = now();
      const { view, entry } = await db.transaction(async (tx) => {
        const row = await lockVisitForClinician(tx, seqSchedule, principal.seqManager);
        if (!row) throw notFound();
        const open = await meetingRepository(tx).findOpenForSchedule(seqSchedule);
        if (open?.id !== meetingId) throw new BusinessFailure(FailedCode.MeetingNotFound);
        const entry = await lobbyRepository(tx).admit(seqSchedule, meetingId, seenSince(at));
        if (!entry) throw new BusinessFailure(FailedCode.PatientNotWaiting);
        return { view: (await visitView(tx, seqSchedule))!, entry };
      });
      if (view.patientUser !== null)
        await bus.publish(userChannel(view.patientUser), {
          type: 'admitted',
          seqSchedule,
          meetingId,
        } satisfies ServerMessage);
      await tellClinician(view, 'admitted', entry.waitingSince);
    },
  };
}
