import {
  admitGuest,
  admitPatient,
  getGuests,
  inviteGuest,
  joinAsGuest,
  leaveAsGuest,
  openGuestLink,
  removeGuest,
  waitAsGuest,
  closeMeeting,
  completeSchedule,
  createMeeting,
  getWaitingPatients,
  joinMeeting,
  leaveWaitingRoom,
  meetingHeartbeat,
  saveMeetingEvents,
  waitForCall,
} from '@clinic/contract';
import { ok, patientOf, principalOf, route, type Route } from '../../http/route.ts';
import type { GuestService } from './guest.service.ts';
import type { LobbyService } from './lobby.service.ts';
import type { MeetingService } from './meeting.service.ts';

export function meetingRoutes(meetings: MeetingService, lobby: LobbyService, guests: GuestService): Route[] {
  return [
    route(createMeeting, async (body, context) => ({
      ...ok,
      ...(await meetings.create(principalOf(context), body.seqSchedule, context)),
    })),
    route(closeMeeting, async (body, context) => {
      await meetings.close(principalOf(context), body, context);
      return ok;
    }),
    route(meetingHeartbeat, async (body, context) => {
      await meetings.heartbeat(principalOf(context), body);
      return ok;
    }),
    route(completeSchedule, async (body, context) => ({
      ...ok,
      schedule: await meetings.complete(principalOf(context), body, context),
    })),
    route(saveMeetingEvents, async (body, context) => ({
      ...ok,
      saved: await meetings.saveEvents(principalOf(context), body.meetingId, body.events, context),
    })),
    route(joinMeeting, async (body, context) => ({
      ...ok,
      ...(await meetings.joinAsPatient(patientOf(context), body.seqSchedule, context)),
    })),
    route(waitForCall, async (body, context) => ({ ...ok, ...(await lobby.wait(patientOf(context), body)) })),
    route(leaveWaitingRoom, async (body, context) => {
      await lobby.leave(patientOf(context), body.seqSchedule);
      return ok;
    }),
    route(getWaitingPatients, async (_body, context) => ({
      ...ok,
      waitingList: await lobby.waitingPatients(principalOf(context)),
    })),
    route(admitPatient, async (body, context) => {
      await lobby.admit(principalOf(context), body);
      return ok;
    }),
    route(inviteGuest, async (body, context) => ({
      ...ok,
      ...(await guests.invite(principalOf(context), body, context)),
    })),
    route(getGuests, async (body, context) => ({
      ...ok,
      guests: await guests.list(principalOf(context), body.seqSchedule),
    })),
    route(admitGuest, async (body, context) => {
      await guests.admit(principalOf(context), body, context);
      return ok;
    }),
    route(removeGuest, async (body, context) => {
      await guests.remove(principalOf(context), body, context);
      return ok;
    }),
    route(openGuestLink, async (body, context) => ({ ...ok, ...(await guests.open(body, context)) })),
    route(waitAsGuest, async (body, context) => ({
      ...ok,
      ...(await guests.wait(body.guestToken, body.knock, context)),
    })),
    route(leaveAsGuest, async (body, context) => {
      await guests.leave(body.guestToken, context);
      return ok;
    }),
    route(joinAsGuest, async (body, context) => ({ ...ok, ...(await guests.join(body.guestToken, context)) })),
  ];
}
