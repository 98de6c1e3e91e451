import { closeMeeting, type ReplyOf, type RequestOf } from '@clinic/contract';
import { callApi } from '../../../shared/api/api-client.ts';

/**
 * Ends the call; a visit that was not completed waits again. Failures are the caller's. With
 * `keepalive` the request goes out even as the window closes.
 */
export function closeMeetingRequest(
  input: RequestOf<typeof closeMeeting>,
  { keepalive = false }: { keepalive?: boolean } = {},
): Promise<ReplyOf<typeof closeMeeting>> {
  return callApi(closeMeeting, input, { silent: true, keepalive });
}
