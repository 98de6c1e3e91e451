import { getMyProgram, listMySymptomReports, type ReplyOf } from '@clinic/contract';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryClient } from './queries.ts';

/** Under the patient's keys, as every query of this app, so the cache of one patient is dropped with them. */
export const programKeys = {
  program: ['patient', 'program'] as const,
  symptomReports: ['patient', 'symptomReports'] as const,
};

export type MyProgram = ReplyOf<typeof getMyProgram>;
export type MySymptomReports = ReplyOf<typeof listMySymptomReports>['symptomReportList'];

const programQuery = queryOptions({
  queryKey: programKeys.program,
  queryFn: async ({ signal }) => {
    const { prescriptions, recentSessions, romDays } = await api.callApi(getMyProgram, {}, { signal });
    return { prescriptions, recentSessions, romDays };
  },
});

/** The patient's open prescriptions, the device's last sessions and the range of motion of the last days. */
export function useProgram(): UseQueryResult<Omit<MyProgram, 'isSuccess'>> {
  return useQuery(programQuery);
}

/** Asks for the program while the screen's code loads (screens/screens.ts); the screen then reads it from the cache. */
export function prefetchProgram(): Promise<void> {
  return queryClient.prefetchQuery(programQuery);
}

/** The patient's last symptom reports, newest first, as the server has them. */
export function useSymptomReports(): UseQueryResult<MySymptomReports> {
  return useQuery({
    queryKey: programKeys.symptomReports,
    queryFn: async ({ signal }) => (await api.callApi(listMySymptomReports, {}, { signal })).symptomReportList,
  });
}
