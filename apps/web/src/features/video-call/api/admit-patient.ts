import { admitPatient, type ReplyOf, type RequestOf } from '@clinic/contract';
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { waitingPatientsQuery } from './get-waiting-patients.ts';

type AdmitPatientInput = RequestOf<typeof admitPatient>;
type AdmitPatientReply = ReplyOf<typeof admitPatient>;

/** Lets the waiting patient into the open call of their visit; SE0124 once they have left the waiting room. */
function admitPatientRequest(input: AdmitPatientInput): Promise<AdmitPatientReply> {
  return callApi(admitPatient, input);
}

export function useAdmitPatient(): UseMutationResult<AdmitPatientReply, Error, AdmitPatientInput> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: admitPatientRequest,
    // Let in, or gone: either way the list has changed. Admitting lasts until it is read again, so
    // that Admit is not offered once more meanwhile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: waitingPatientsQuery.queryKey }),
  });
}
