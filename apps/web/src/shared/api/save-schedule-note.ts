import { saveScheduleNote, type ReplyOf, type RequestOf } from '@clinic/contract';
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import type { CallOptions } from '@clinic/client/http-client';
import { callApi } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

type SaveScheduleNoteInput = RequestOf<typeof saveScheduleNote>;
type SaveScheduleNoteReply = ReplyOf<typeof saveScheduleNote>;

/**
 * Saves the visit note of any visit of the clinician, and whether it is important. The call screen
 * passes `silent`: its failures are its own to show (SPEC 8 "HTTP").
 */
export function saveScheduleNoteRequest(
  input: SaveScheduleNoteInput,
  options?: CallOptions,
): Promise<SaveScheduleNoteReply> {
  return callApi(saveScheduleNote, input, options);
}

export function useSaveScheduleNote(): UseMutationResult<SaveScheduleNoteReply, Error, SaveScheduleNoteInput> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input) => saveScheduleNoteRequest(input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.schedules }),
  });
}
