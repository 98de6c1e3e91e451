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
import {
  queryOptions,
  useMutation,
  type UseMutationResult,
  useQuery,
  useQueryClient,
  type UseQueryResult,
} from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { secondFactorStatusKey } from './second-factor-status.ts';

const passkeysKey = ['passkey', 'list'] as const;

const passkeysQuery = queryOptions({
  queryKey: passkeysKey,
  queryFn: ({ signal }) => callApi(listPasskeys, {}, { signal }),
});

export const usePasskeys = (): UseQueryResult<ReplyOf<typeof listPasskeys>> => useQuery(passkeysQuery);

/**
 * Registers a passkey after the password: the server's options go to the device, which makes the
 * key after its fingerprint, face or PIN. Throws when the person cancelled or the device could not.
 */
type RegisterReply = ReplyOf<typeof beginPasskeyRegistration> | ReplyOf<typeof finishPasskeyRegistration>;

async function registerPasskey({ name, password }: { name: string; password: string }): Promise<RegisterReply> {
  const begun = await callApi(beginPasskeyRegistration, { password });
  if (!begun.isSuccess) return begun;
  // The WebAuthn code loads only when a passkey is added.
  const { startRegistration } = await import('@simplewebauthn/browser');
  const optionsJSON = begun.options as unknown as PublicKeyCredentialCreationOptionsJSON;
  const credential = (await startRegistration({ optionsJSON })) as unknown as PasskeyCredential;
  return callApi(finishPasskeyRegistration, { name, credential });
}

/** The passkeys' changes, each refreshing the list. */
interface PasskeyChanges {
  register: UseMutationResult<RegisterReply, Error, { name: string; password: string }>;
  rename: UseMutationResult<ReplyOf<typeof renamePasskey>, Error, { seqPasskey: number; name: string }>;
  remove: UseMutationResult<ReplyOf<typeof removePasskey>, Error, { seqPasskey: number; password: string }>;
}

export function usePasskeyChanges(): PasskeyChanges {
  const queryClient = useQueryClient();
  // Recovery codes are offered, and go, with the second factors: the status follows the passkeys.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: passkeysKey }),
      queryClient.invalidateQueries({ queryKey: secondFactorStatusKey }),
    ]);
  return {
    register: useMutation({ mutationFn: registerPasskey, onSuccess: refresh }),
    rename: useMutation({
      mutationFn: (input: { seqPasskey: number; name: string }) => callApi(renamePasskey, input),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (input: { seqPasskey: number; password: string }) => callApi(removePasskey, input),
      onSuccess: refresh,
    }),
  };
}
