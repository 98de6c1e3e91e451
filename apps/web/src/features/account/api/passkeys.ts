import {
  beginPasskeyRegistration,
  finishPasskeyRegistration,
  listPasskeys,
  type PasskeyCredential,
  removePasskey,
  renamePasskey,
  type ReplyOf,
} from '@clinic/contract';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';

const passkeysKey = ['passkey', 'list'] as const;

const passkeysQuery = queryOptions({
  queryKey: passkeysKey,
  queryFn: ({ signal }) => callApi(listPasskeys, {}, { signal }),
});

export const usePasskeys = () => useQuery(passkeysQuery);

/**
 * Registers a passkey after the password: the server's options go to the device, which makes the
 * key after its fingerprint, face or PIN. Throws when the person cancelled or the device could not.
 */
async function registerPasskey({ name, password }: { name: string; password: string }) {
  const begun = await callApi(beginPasskeyRegistration, { password });
  if (!begun.isSuccess) return begun;
  // The WebAuthn code loads only when a passkey is added.
  const { startRegistration } = await import('@simplewebauthn/browser');
  const optionsJSON = begun.options as unknown as PublicKeyCredentialCreationOptionsJSON;
  const credential = (await startRegistration({ optionsJSON })) as unknown as PasskeyCredential;
  return callApi(finishPasskeyRegistration, { name, credential });
}

/** The passkeys' changes, each refreshing the list. */
export function usePasskeyChanges() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: passkeysKey });
  return {
    register: useMutation({ mutationFn: registerPasskey, onSuccess: refresh }),
    rename: useMutation({
      mutationFn: (input: { seqPasskey: number; name: string }) => callApi(renamePasskey, input),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (input: { seqPasskey: number; password: string }): Promise<ReplyOf<typeof removePasskey>> =>
        callApi(removePasskey, input),
      onSuccess: refresh,
    }),
  };
}
