import { joinMeeting, type ReplyOf } from '@clinic/contract';
import { api } from './client.ts';

/** Joins the call of a visit the clinician has opened; a call not open yet comes back as SE0123. */
export function joinCall(seqSchedule: number): Promise<ReplyOf<typeof joinMeeting>> {
  return api.callApi(joinMeeting, { seqSchedule });
}
