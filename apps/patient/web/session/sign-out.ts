import { patientLogout } from '@clinic/contract';
import { api } from '../api/client.ts';

/** Ends the session on the server; the browser forgets it whatever the answer (signed-in.tsx). */
export async function logOutOnServer(): Promise<void> {
  await api.callApi(patientLogout, {});
}
