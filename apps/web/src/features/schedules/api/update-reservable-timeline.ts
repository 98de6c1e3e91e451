import { updateReservableTimeline, type ReplyOf, type TimelineWindow } from '@clinic/contract';
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export type UpdateTimelineReply = ReplyOf<typeof updateReservableTimeline>;

/** Replaces the clinician's weekly open hours; they are kept in the browser's time zone. */
export function updateReservableTimelineRequest(timeline: TimelineWindow[]): Promise<UpdateTimelineReply> {
  return callApi(updateReservableTimeline, { timeline });
}

export function useUpdateReservableTimeline(): UseMutationResult<UpdateTimelineReply, Error, TimelineWindow[]> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReservableTimelineRequest,
    onSuccess: (reply) => {
      queryClient.setQueryData(queryKeys.reservableTimeline, { timeZone: reply.timeZone, timeline: reply.timeline });
      void queryClient.invalidateQueries({ queryKey: queryKeys.schedules });
    },
  });
}
