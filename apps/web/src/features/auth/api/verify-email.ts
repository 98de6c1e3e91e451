import { FailedCode, linkTokenField, verifyEmail, type ReplyOf } from '@clinic/contract';
import { callApi } from '../../../shared/api/api-client.ts';
import { once } from '../link-token.ts';

export type VerifyEmailReply = ReplyOf<typeof verifyEmail>;

/** Activates an account from a mailed link; each token is sent once per page, a malformed one never. */
export function verifyEmailRequest(token: string): Promise<VerifyEmailReply> {
  if (!linkTokenField.safeParse(token).success) {
    return Promise.resolve({ isSuccess: false, failedCode: FailedCode.LinkInvalid, message: '' });
  }
  return once(`verify:${token}`, () => callApi(verifyEmail, { token }));
}
