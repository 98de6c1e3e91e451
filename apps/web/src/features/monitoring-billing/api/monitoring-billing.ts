import {
  addMonitoringTime,
  getMonitoringSheet,
  getPatientMonitoring,
  removeMonitoringTime,
  setMonitoringStart,
  type PatientMonitoring,
  type RequestOf,
  type MonitoringCodeTableName,
  type MonitoringSheetRow,
} from '@clinic/contract';
import {
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationResult,
  type UseQueryResult,
} from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';

/** The query keys of monitoring billing: a patient's monitoring, the monthly sheets, a patient's consent. */
export const monitoringBillingKeys = {
  patient: (seqMedicalRelation: number) => ['monitoring', 'patient', seqMedicalRelation] as const,
  sheets: ['monitoring', 'sheet'] as const,
  sheet: (month: string) => [...monitoringBillingKeys.sheets, month] as const,
  consent: (seqMedicalRelation: number) => ['monitoring', 'consent', seqMedicalRelation] as const,
};
const { patient: patientKey, sheet: sheetKey } = monitoringBillingKeys;

/** A patient's monitoring periods, and one calendar month's minutes, logged time and codes. */
export function usePatientMonitoring(seqMedicalRelation: number, month: string): UseQueryResult<PatientMonitoring> {
  return useQuery({
    queryKey: [...patientKey(seqMedicalRelation), month],
    queryFn: async ({ signal }) =>
      (await callApi(getPatientMonitoring, { seqMedicalRelation, month }, { signal })).monitoring,
  });
}

/** The changes of a patient's monitoring; each reads the patient's monitoring again. */
export function useMonitoringChanges(seqMedicalRelation: number): {
  add: UseMutationResult<void, Error, Omit<RequestOf<typeof addMonitoringTime>, 'seqMedicalRelation'>>;
  remove: UseMutationResult<void, Error, number>;
  setStart: UseMutationResult<void, Error, string | null>;
} {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: patientKey(seqMedicalRelation) });
  return {
    add: useMutation({
      mutationFn: async (entry) => {
        await callApi(addMonitoringTime, { seqMedicalRelation, ...entry });
      },
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: async (seqMonitoringTime) => {
        await callApi(removeMonitoringTime, { seqMonitoringTime });
      },
      onSuccess,
    }),
    setStart: useMutation({
      mutationFn: async (startDate) => {
        await callApi(setMonitoringStart, { seqMedicalRelation, startDate });
      },
      onSuccess,
    }),
  };
}

/** The monthly monitoring sheet of every patient with device days or minutes in the month. */
export function useMonitoringSheet(month: string): UseQueryResult<{
  rows: MonitoringSheetRow[];
  codeTable: MonitoringCodeTableName | null;
}> {
  return useQuery({
    queryKey: sheetKey(month),
    queryFn: async ({ signal }) => {
      const { rows, codeTable } = await callApi(getMonitoringSheet, { month }, { signal });
      return { rows, codeTable };
    },
  });
}
