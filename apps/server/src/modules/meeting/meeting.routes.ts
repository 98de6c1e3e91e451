import {
  admitPatient,
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
import type { LobbyService } from './lobby.service.ts';
import type { MeetingService } from './meeting.service.ts';

export function meetingRoutes(meetings: MeetingService, lobby: LobbyService): Route[] {
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
  ];
}
