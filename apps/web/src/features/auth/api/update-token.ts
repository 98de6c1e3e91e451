import { updateToken, type ReplyOf } from '@clinic/contract';
import { callApi } from '../../../shared/api/api-client.ts';
import { hasAccessToken } from '../../../shared/session/auth-store.ts';
import { readItem, removeItem, storageKeys } from '../../../shared/storage/local-storage.ts';

export type UpdateTokenResult = ReplyOf<typeof updateToken> | { isSuccess: false; skipped: true };

/** SPEC 7: registers the push token; skipped locally when there is no access token. */
export async function updateTokenRequest(fcmToken: string): Promise<UpdateTokenResult> {
  if (!hasAccessToken()) return { isSuccess: false, skipped: true };
  const reply = await callApi(updateToken, { fcmToken }, { silent: true });
  if (reply.isSuccess && fcmToken === '' && readItem(storageKeys.fcmToken) !== null) removeItem(storageKeys.fcmToken);
  return reply;
}
