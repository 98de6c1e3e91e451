import { beginPasskeyLogin, passkeyLogin, type PasskeyCredential, type ReplyOf } from '@clinic/contract';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { callApi } from '../../../shared/api/api-client.ts';
import { authActions } from '../../../shared/session/auth-store.ts';
import { completeLoginRequest } from './complete-login.ts';
import { browserId } from './login.ts';

type LoginReply = ReplyOf<typeof passkeyLogin>;

/**
 * Asks the device for a passkey of this site; `challenge` is a login's second step, none a login
 * with a passkey alone. Answers the failure code when the server refused the options, and throws
 * when the person cancelled or the device could not answer.
 */
async function assertion(challenge?: string): Promise<PasskeyCredential | string> {
  const begun = await callApi(beginPasskeyLogin, challenge ? { challenge } : {});
  if (!begun.isSuccess) return begun.failedCode;
  // The WebAuthn code loads only when a passkey is used.
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const optionsJSON = begun.options as unknown as PublicKeyCredentialRequestOptionsJSON;
  return (await startAuthentication({ optionsJSON })) as unknown as PasskeyCredential;
}

/** Logs in with a passkey alone; a success keeps the session like a login does. */
export async function passkeyLoginRequest(): Promise<Pick<LoginReply, 'isSuccess'> & { failedCode?: string }> {
  const credential = await assertion();
  if (typeof credential === 'string') return { isSuccess: false, failedCode: credential };
  const reply = await callApi(passkeyLogin, { credential, browserId: browserId() });
  if (reply.isSuccess) authActions.setSession(reply.token, reply.user);
  return reply;
}

/** Finishes a login's second step with a passkey. */
export async function passkeySecondStep(
  challenge: string,
): Promise<Pick<LoginReply, 'isSuccess'> & { failedCode?: string }> {
  const credential = await assertion(challenge);
  if (typeof credential === 'string') return { isSuccess: false, failedCode: credential };
  return completeLoginRequest({ challenge, method: 'passkey', credential });
}
