import { login, type ReplyOf } from '@clinic/contract';
import { browserStorage, patientStorageKeys, tokenStore } from '../session/token-store.ts';
import { api } from './client.ts';

/** The login request's checks, from the contract. */
export const loginChecks = login.request;

/** Logs in as a patient app member; on success the tokens and the name are kept in this browser. */
export async function patientLogin(credentials: {
  userEmail: string;
  userPassword: string;
}): Promise<ReplyOf<typeof login>> {
  const reply = await api.callApi(login, { ...credentials, userType: 'patient' });
  if (reply.isSuccess) {
    try {
      browserStorage()?.setItem(patientStorageKeys.userName, reply.user.userName);
    } catch {
      // Private mode: the greeting goes without the name.
    }
    tokenStore.save(reply.token);
  }
  return reply;
}
