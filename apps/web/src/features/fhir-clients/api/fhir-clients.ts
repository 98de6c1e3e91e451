import { listFhirClients, registerFhirClient, revokeFhirClient, type ReplyOf, type RequestOf } from '@clinic/contract';
import {
  queryOptions,
  useMutation,
  type UseMutationResult,
  useQuery,
  useQueryClient,
  type UseQueryResult,
} from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';

const fhirClientsKey = ['fhirClient', 'list'] as const;

const fhirClientsQuery = queryOptions({
  queryKey: fhirClientsKey,
  queryFn: ({ signal }) => callApi(listFhirClients, {}, { signal }),
});

export const useFhirClients = (): UseQueryResult<ReplyOf<typeof listFhirClients>> => useQuery(fhirClientsQuery);

interface FhirClientChanges {
  register: UseMutationResult<ReplyOf<typeof registerFhirClient>, Error, RequestOf<typeof registerFhirClient>>;
  revoke: UseMutationResult<ReplyOf<typeof revokeFhirClient>, Error, { clientId: string }>;
}

/** Registering and revoking a system, each refreshing the list. */
export function useFhirClientChanges(): FhirClientChanges {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: fhirClientsKey });
  return {
    register: useMutation({ mutationFn: (request) => callApi(registerFhirClient, request), onSuccess: refresh }),
    revoke: useMutation({ mutationFn: (request) => callApi(revokeFhirClient, request), onSuccess: refresh }),
  };
}
