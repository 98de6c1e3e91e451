import { login, type ReplyOf, type RequestOf } from '@clinic/contract';
import { callApi } from '../../../shared/api/api-client.ts';
import { authActions } from '../../../shared/session/auth-store.ts';
import { readItem, storageKeys, writeItem } from '../../../shared/storage/local-storage.ts';

export type LoginInput = Pick<RequestOf<typeof login>, 'userEmail' | 'userPassword'>;
export type LoginReply = ReplyOf<typeof login>;

/** This browser's lasting random id: the server mails the clinician at a login from one it has not seen. */
export function browserId(): string {
  const kept = readItem(storageKeys.devId);
  if (kept) return kept;
  const id = crypto.randomUUID();
  writeItem(storageKeys.devId, id);
  return id;
}

/** Logs in as a clinician; a success keeps the tokens and the user for every tab. */
export async function loginRequest(input: LoginInput): Promise<LoginReply> {
  const reply = await callApi(login, { ...input, userType: 'manager', browserId: browserId() });
  if (reply.isSuccess) authActions.setSession(reply.token, reply.user);
  return reply;
}

/** The login request's checks, as the server makes them (a clinician's login unless said otherwise). */
export const loginChecks = login.request;
