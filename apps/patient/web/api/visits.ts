import {
  bookSchedule,
  cancelMySchedule,
  getMyClinicians,
  getReservableSlots,
  listMySchedules,
  updateScheduleSymptoms,
  uploadSymptomPhoto,
  type ReplyOf,
  type RequestOf,
  type ScheduleDuration,
} from '@clinic/contract';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationResult,
  type UseQueryResult,
} from '@tanstack/react-query';
import { api } from './client.ts';
import { queryClient, queryKeys } from './queries.ts';

export const visitsQuery = queryOptions({
  queryKey: queryKeys.visits,
  queryFn: async ({ signal }) => (await api.callApi(listMySchedules, {}, { signal })).scheduleList,
});

/** Asks for the visits while the home screen's code loads (screens/screens.ts). */
export function prefetchVisits(): Promise<void> {
  return queryClient.prefetchQuery(visitsQuery);
}

export function useVisits(): UseQueryResult<ReplyOf<typeof listMySchedules>['scheduleList']> {
  return useQuery(visitsQuery);
}

export function useClinicians(): UseQueryResult<ReplyOf<typeof getMyClinicians>['clinicianList']> {
  return useQuery({
    queryKey: queryKeys.clinicians,
    queryFn: async ({ signal }) => (await api.callApi(getMyClinicians, {}, { signal })).clinicianList,
  });
}

export function useSlots(
  seqMedicalRelation: number | undefined,
  duration: ScheduleDuration,
  range: { startDate: string; endDate: string },
): UseQueryResult<ReplyOf<typeof getReservableSlots>['slotList']> {
  return useQuery({
    queryKey: queryKeys.slots(seqMedicalRelation ?? 0, duration, range.startDate, range.endDate),
    enabled: seqMedicalRelation !== undefined,
    staleTime: 0,
    queryFn: async ({ signal }) =>
      (
        await api.callApi(
          getReservableSlots,
          { seqMedicalRelation: seqMedicalRelation ?? 0, scheduleExpectProgressTime: duration, ...range },
          { signal },
        )
      ).slotList,
  });
}

export function useBook(): UseMutationResult<ReplyOf<typeof bookSchedule>, Error, RequestOf<typeof bookSchedule>> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RequestOf<typeof bookSchedule>) => api.callApi(bookSchedule, request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['patient'] }),
  });
}

export function useCancel(): UseMutationResult<ReplyOf<typeof cancelMySchedule>, Error, number> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (seqSchedule: number) => api.callApi(cancelMySchedule, { seqSchedule }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.visits }),
  });
}

export function useUpdateSymptoms(): UseMutationResult<
  ReplyOf<typeof updateScheduleSymptoms>,
  Error,
  RequestOf<typeof updateScheduleSymptoms>
> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RequestOf<typeof updateScheduleSymptoms>) => api.callApi(updateScheduleSymptoms, request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.visits }),
  });
}

export function uploadPhoto(file: File): Promise<ReplyOf<typeof uploadSymptomPhoto>> {
  return api.uploadFile(uploadSymptomPhoto, {}, file, file.name || 'photo');
}
