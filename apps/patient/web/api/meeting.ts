import { joinMeeting, leaveWaitingRoom, waitForCall, type ReplyOf } from '@clinic/contract';
import { api } from './client.ts';

/** Joins the call of a visit once the clinician has let the patient in (SE0125 before, SE0123 with no call open). */
export function joinCall(seqSchedule: number): Promise<ReplyOf<typeof joinMeeting>> {
  return api.callApi(joinMeeting, { seqSchedule });
}

/** Comes to, or stays in, the visit's waiting room; `knock` tells the clinician again. */
export function waitInLobby(seqSchedule: number, knock: boolean): Promise<ReplyOf<typeof waitForCall>> {
  return api.callApi(waitForCall, { seqSchedule, knock });
}

/** Leaves the waiting room, also as the page goes away. */
export function leaveLobby(seqSchedule: number): Promise<ReplyOf<typeof leaveWaitingRoom>> {
  return api.callApi(leaveWaitingRoom, { seqSchedule });
}
