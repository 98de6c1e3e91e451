import {
  acknowledgeMonitoringAlert,
  getMonitoringSettings,
  listMonitoringAlerts,
  saveMonitoringSettings,
  snoozeMonitoringAlert,
  type MonitoringAlert,
  type MonitoringSettings,
} from '@clinic/contract';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationResult,
  type UseQueryResult,
} from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { queryClient } from '../../../shared/api/query-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

const settingsKey = ['monitoring', 'settings'] as const;

const monitoringAlertsQuery = queryOptions({
  queryKey: queryKeys.monitoringAlerts,
  queryFn: async ({ signal }) => (await callApi(listMonitoringAlerts, {}, { signal })).alertList,
});

/** Asks for the alerts while home's code loads, so the list can show in home's first render. */
export function prefetchMonitoringAlerts(): Promise<void> {
  return queryClient.prefetchQuery(monitoringAlertsQuery);
}

/** The clinician's alerts that need attention, most severe then newest first. */
export function useMonitoringAlerts(): UseQueryResult<MonitoringAlert[]> {
  return useQuery(monitoringAlertsQuery);
}

export function useAcknowledgeAlert(): UseMutationResult<void, Error, { seqMonitoringAlert: number; note: string }> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ seqMonitoringAlert, note }) => {
      await callApi(acknowledgeMonitoringAlert, { seqMonitoringAlert, ...(note.trim() && { note }) });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.monitoringAlerts }),
  });
}

export function useSnoozeAlert(): UseMutationResult<void, Error, { seqMonitoringAlert: number; days: number }> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input) => {
      await callApi(snoozeMonitoringAlert, input);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.monitoringAlerts }),
  });
}

export function useMonitoringSettings(): UseQueryResult<MonitoringSettings> {
  return useQuery({
    queryKey: settingsKey,
    queryFn: async ({ signal }) => (await callApi(getMonitoringSettings, {}, { signal })).settings,
  });
}

export function useSaveMonitoringSettings(): UseMutationResult<MonitoringSettings, Error, MonitoringSettings> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings) => (await callApi(saveMonitoringSettings, settings)).settings,
    onSuccess: (settings) => queryClient.setQueryData(settingsKey, settings),
  });
}
