import {
  addPatient,
  addPatientNoAuth,
  isPatientSyncAuthCodeValid,
  type ReplyOf,
  type RequestOf,
} from '@clinic/contract';
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export type AddPatientNoAuthInput = RequestOf<typeof addPatientNoAuth>;
export type AddPatientWithCodeInput = RequestOf<typeof addPatient>;
export type AddPatientReply = ReplyOf<typeof addPatient>;
export type SyncCodeReply = ReplyOf<typeof isPatientSyncAuthCodeValid>;

/** Registers a patient who is not an app member yet. */
export function addPatientNoAuthRequest(input: AddPatientNoAuthInput): Promise<AddPatientReply> {
  return callApi(addPatientNoAuth, input);
}

/** Registers an app member with the six-digit code their app shows. */
export function addPatientWithCodeRequest(input: AddPatientWithCodeInput): Promise<AddPatientReply> {
  return callApi(addPatient, input);
}

/** Whose a sync code is, to show before adding them. */
export function checkSyncCodeRequest(patientSyncAuthCode: string): Promise<SyncCodeReply> {
  return callApi(isPatientSyncAuthCodeValid, { patientSyncAuthCode });
}

export type AddPatientInput =
  { mode: 'noAuth'; body: AddPatientNoAuthInput } | { mode: 'code'; body: AddPatientWithCodeInput };

export function useAddPatient(): UseMutationResult<AddPatientReply, Error, AddPatientInput> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddPatientInput) =>
      input.mode === 'noAuth' ? addPatientNoAuthRequest(input.body) : addPatientWithCodeRequest(input.body),
    onSuccess: (reply) => {
      if (!reply.isSuccess) return;
      void queryClient.invalidateQueries({ queryKey: queryKeys.patientList });
      void queryClient.invalidateQueries({ queryKey: queryKeys.payments });
    },
  });
}

export function useCheckSyncCode(): UseMutationResult<SyncCodeReply, Error, string> {
  return useMutation({ mutationFn: checkSyncCodeRequest });
}
