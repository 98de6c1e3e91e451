import { closeMeeting, type ReplyOf, type RequestOf } from '@clinic/contract';
import { callApi } from '../../../shared/api/api-client.ts';

/** Ends the call; a visit that was not completed waits again. Failures are the caller's. */
export function closeMeetingRequest(input: RequestOf<typeof closeMeeting>): Promise<ReplyOf<typeof closeMeeting>> {
  return callApi(closeMeeting, input, { silent: true });
}
