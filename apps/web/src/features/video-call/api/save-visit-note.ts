import { saveScheduleNote, type ReplyOf, type RequestOf } from '@clinic/contract';
import { callApi } from '../../../shared/api/api-client.ts';

export type SaveVisitNoteInput = RequestOf<typeof saveScheduleNote>;

/** Saves the visit note and its importance from the call screen; failures are the caller's (SPEC 8 "HTTP"). */
export function saveVisitNoteRequest(input: SaveVisitNoteInput): Promise<ReplyOf<typeof saveScheduleNote>> {
  return callApi(saveScheduleNote, input, { silent: true });
}
