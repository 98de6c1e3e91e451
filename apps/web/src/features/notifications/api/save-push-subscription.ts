import { updateToken } from '@clinic/contract';
import { callApi } from '../../../shared/api/api-client.ts';
import { hasAccessToken } from '../../../shared/session/auth-store.ts';
import { storageKeys, writeItem } from '../../../shared/storage/local-storage.ts';

/**
 * SPEC 7 PUT /user/updateToken: keeps this browser's push subscription for the session. The auth
 * feature clears it on a forced logout; features do not import each other, hence this caller.
 */
export async function savePushSubscriptionRequest(subscription: PushSubscription): Promise<boolean> {
  if (!hasAccessToken()) return false;
  const fcmToken = JSON.stringify(subscription.toJSON());
  const reply = await callApi(updateToken, { fcmToken }, { silent: true });
  if (reply.isSuccess) writeItem(storageKeys.fcmToken, fcmToken);
  return reply.isSuccess;
}
