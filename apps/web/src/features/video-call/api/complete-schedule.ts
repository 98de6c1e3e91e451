import { completeSchedule, type ReplyOf, type RequestOf } from '@clinic/contract';
import { callApi } from '../../../shared/api/api-client.ts';

export type CompleteScheduleInput = RequestOf<typeof completeSchedule>;

/** Completes the visit with the measured start and length of its call (SPEC 3 "Completion payload"). */
export function completeScheduleRequest(input: CompleteScheduleInput): Promise<ReplyOf<typeof completeSchedule>> {
  return callApi(completeSchedule, input, { silent: true });
}
