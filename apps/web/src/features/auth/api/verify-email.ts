import { verifyEmail, type ReplyOf } from '@clinic/contract';
import { callApi } from '../../../shared/api/api-client.ts';
import { once } from '../link-token.ts';

export type VerifyEmailReply = ReplyOf<typeof verifyEmail>;

/** Activates an account from a mailed link; each token is sent once per page. */
export function verifyEmailRequest(token: string): Promise<VerifyEmailReply> {
  return once(`verify:${token}`, () => callApi(verifyEmail, { token }));
}
