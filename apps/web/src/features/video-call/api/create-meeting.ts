import { createMeeting, type ReplyOf, type RequestOf } from '@clinic/contract';
import { callApi } from '../../../shared/api/api-client.ts';

export type CreateMeetingReply = ReplyOf<typeof createMeeting>;

/** Opens (or rejoins) the call of a visit; the visit is then in progress. Failures are the caller's. */
export function createMeetingRequest(input: RequestOf<typeof createMeeting>): Promise<CreateMeetingReply> {
  return callApi(createMeeting, input, { silent: true });
}
