import {
  endOtherSessions,
  endSession,
  listSessions,
  loginHistory,
  type LoginAttempt,
  type OpenSession,
} from '@clinic/contract';
import {
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationResult,
  type UseQueryResult,
} from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';

const sessionsKey = ['account', 'sessions'] as const;

export function useSessions(): UseQueryResult<OpenSession[]> {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: async ({ signal }) => (await callApi(listSessions, {}, { signal })).sessions,
  });
}

export function useLoginHistory(): UseQueryResult<LoginAttempt[]> {
  return useQuery({
    queryKey: ['account', 'logins'],
    queryFn: async ({ signal }) => (await callApi(loginHistory, {}, { signal })).logins,
  });
}

/** Ends one other session, or with no id every other one; the list is read again after. */
export function useEndSessions(): UseMutationResult<unknown, Error, string | undefined> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | undefined) => (id ? callApi(endSession, { id }) : callApi(endOtherSessions, {})),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
