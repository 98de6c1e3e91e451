import { login, type ReplyOf, type RequestOf } from '@clinic/contract';
import { callApi } from '../../../shared/api/api-client.ts';
import { authActions } from '../../../shared/session/auth-store.ts';

export type LoginInput = Pick<RequestOf<typeof login>, 'userEmail' | 'userPassword'>;
export type LoginReply = ReplyOf<typeof login>;

/** Logs in as a clinician; a success keeps the tokens and the user for every tab. */
export async function loginRequest(input: LoginInput): Promise<LoginReply> {
  const reply = await callApi(login, { ...input, userType: 'manager' });
  if (reply.isSuccess) authActions.setSession(reply.token, reply.user);
  return reply;
}

/** The login form's values checked as the server will check them. */
export function parseLogin(values: LoginInput): ReturnType<typeof login.request.safeParse> {
  return login.request.safeParse({ ...values, userType: 'manager' });
}
