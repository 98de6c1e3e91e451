import {
  closeMeeting,
  completeSchedule,
  createMeeting,
  joinMeeting,
  meetingHeartbeat,
  saveMeetingEvents,
} from '@clinic/contract';
import { ok, patientOf, principalOf, route, type Route } from '../../http/route.ts';
import type { MeetingService } from './meeting.service.ts';

export function meetingRoutes(meetings: MeetingService): Route[] {
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
  ];
}
