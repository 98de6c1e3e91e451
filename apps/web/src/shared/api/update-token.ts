import { updateToken, type ReplyOf } from '@clinic/contract';
import { hasAccessToken } from '../session/auth-store.ts';
import { readItem, removeItem, storageKeys, writeItem } from '../storage/local-storage.ts';
import { callApi } from './api-client.ts';

type UpdateTokenResult = ReplyOf<typeof updateToken> | { isSuccess: false; skipped: true };

/**
 * SPEC 7 PUT /user/updateToken: keeps this browser's push subscription for the session (an empty
 * token clears it, as a forced logout does), and remembers what the server holds. Skipped locally
 * when there is no access token.
 */
export async function updateTokenRequest(fcmToken: string): Promise<UpdateTokenResult> {
  if (!hasAccessToken()) return { isSuccess: false, skipped: true };
  const reply = await callApi(updateToken, { fcmToken }, { silent: true });
  if (reply.isSuccess) {
    if (fcmToken !== '') writeItem(storageKeys.fcmToken, fcmToken);
    else if (readItem(storageKeys.fcmToken) !== null) removeItem(storageKeys.fcmToken);
  }
  return reply;
}
