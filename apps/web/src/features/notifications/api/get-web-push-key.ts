import { getWebPushKey } from '@clinic/contract';
import { callApi } from '../../../shared/api/api-client.ts';

/** The server's VAPID public key (base64url); silent, since the push path never shows its failures. */
export async function getWebPushKeyRequest(): Promise<string> {
  const reply = await callApi(getWebPushKey, {}, { silent: true });
  return reply.publicKey;
}
