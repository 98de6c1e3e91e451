import { saveMeetingEvents, type ReplyOf, type RequestOf } from '@clinic/contract';
import { callApi } from '../../../shared/api/api-client.ts';

/** Sends the events of a call once it has ended; nobody waits for it, so it never shows a banner. */
export function saveMeetingEventsRequest(
  input: RequestOf<typeof saveMeetingEvents>,
): Promise<ReplyOf<typeof saveMeetingEvents>> {
  return callApi(saveMeetingEvents, input, { silent: true });
}
