import { meetingHeartbeat, type ReplyOf, type RequestOf } from '@clinic/contract';
import { callApi } from '../../../shared/api/api-client.ts';

/** Says this browser is still in the call; a call whose browser falls silent is closed by the server. */
export function meetingHeartbeatRequest(
  input: RequestOf<typeof meetingHeartbeat>,
): Promise<ReplyOf<typeof meetingHeartbeat>> {
  return callApi(meetingHeartbeat, input, { silent: true });
}
