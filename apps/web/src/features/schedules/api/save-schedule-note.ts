import { saveScheduleNote, type ReplyOf, type RequestOf } from '@clinic/contract';
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export type SaveScheduleNoteInput = RequestOf<typeof saveScheduleNote>;
export type SaveScheduleNoteReply = ReplyOf<typeof saveScheduleNote>;

/** Saves the visit note of any visit of the clinician, and whether it is important. */
export function saveScheduleNoteRequest(input: SaveScheduleNoteInput): Promise<SaveScheduleNoteReply> {
  return callApi(saveScheduleNote, input);
}

export function useSaveScheduleNote(): UseMutationResult<SaveScheduleNoteReply, Error, SaveScheduleNoteInput> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveScheduleNoteRequest,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.schedules }),
  });
}
