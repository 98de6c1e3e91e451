import {
  addMonitoringConsent,
  getMonitoringConsent,
  withdrawMonitoringConsent,
  type MonitoringConsent,
  type ReplyOf,
  type RequestOf,
} from '@clinic/contract';
import {
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationResult,
  type UseQueryResult,
} from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { monitoringBillingKeys } from './monitoring-billing.ts';

const consentKey = monitoringBillingKeys.consent;

/** The patient's consent to remote monitoring in force, if any, and its history, newest first. */
export function useMonitoringConsent(
  seqMedicalRelation: number,
): UseQueryResult<{ current: MonitoringConsent | null; history: MonitoringConsent[] }> {
  return useQuery({
    queryKey: consentKey(seqMedicalRelation),
    queryFn: async ({ signal }) => {
      const { current, history } = await callApi(getMonitoringConsent, { seqMedicalRelation }, { signal });
      return { current, history };
    },
  });
}

/**
 * Recording and withdrawing consent. Each reads the consent again, and the monitoring of the patient
 * and the monthly sheets, whose codes count only the days with consent in force.
 */
export function useConsentChanges(seqMedicalRelation: number): {
  add: UseMutationResult<ReplyOf<typeof addMonitoringConsent>, Error, RequestOf<typeof addMonitoringConsent>>;
  withdraw: UseMutationResult<
    ReplyOf<typeof withdrawMonitoringConsent>,
    Error,
    RequestOf<typeof withdrawMonitoringConsent>
  >;
} {
  const queryClient = useQueryClient();
  const onSuccess = async (): Promise<void> => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: consentKey(seqMedicalRelation) }),
      queryClient.invalidateQueries({ queryKey: monitoringBillingKeys.patient(seqMedicalRelation) }),
      queryClient.invalidateQueries({ queryKey: monitoringBillingKeys.sheets }),
    ]);
  };
  return {
    add: useMutation({ mutationFn: (request) => callApi(addMonitoringConsent, request), onSuccess }),
    withdraw: useMutation({ mutationFn: (request) => callApi(withdrawMonitoringConsent, request), onSuccess }),
  };
}
