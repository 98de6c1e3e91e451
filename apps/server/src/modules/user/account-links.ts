import { links } from '@clinic/contract';
import type { Database } from '../../db/client.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import type { RateLimit } from '../../security/rate-limiter.ts';
import { randomToken, sha256 } from '../../security/secrets.ts';
import type { UserDependencies } from './account.ts';
import { emailTokenRepository } from './session.repository.ts';
import { userRepository, type UserRow } from './user.repository.ts';

export const mailPerAccount: RateLimit = { max: 5, windowSeconds: 60 * 60 };
export const mailPerAddress: RateLimit = { max: 30, windowSeconds: 60 * 60 };

export interface AccountLinks {
  verifyLink: (token: string) => string;
  resetPage: string;
  newLink: (database: Database, seqUser: number, purpose: 'verify_email' | 'reset_password') => Promise<string>;
  mailNewLink: (
    user: UserRow,
    purpose: 'verify_email' | 'reset_password',
    message: (link: string) => MailMessage,
  ) => Promise<void>;
}

/** The links mailed to an account's owner: e-mail verification and password reset. */
export function accountLinks({
  db,
  mailer,
  now,
  publicUrl,
}: Pick<UserDependencies, 'db' | 'mailer' | 'now' | 'publicUrl'>): AccountLinks {
  const verifyLink = (token: string): string => `${publicUrl}/login#verify=${token}`;
  const resetPage = `${publicUrl}/login/findPassword`;
  const resetLink = (token: string): string => `${publicUrl}/login/findPassword#reset=${token}`;

  /** Ends the open links of a kind and makes a new one; the raw token goes only into the mail. */
  async function newLink(database: Database, seqUser: number, purpose: 'verify_email' | 'reset_password') {
    const at = now();
    const tokens = emailTokenRepository(database);
    await tokens.invalidateAll(seqUser, purpose, at);
    const token = randomToken();
    const lifetimeMs =
      purpose === 'verify_email' ? links.verifyEmailHours * 3_600_000 : links.resetPasswordMinutes * 60_000;
    await tokens.insert(sha256(token), seqUser, purpose, new Date(at.getTime() + lifetimeMs));
    return token;
  }

  /** A new link mailed in one transaction with the user's row locked: only the newest link works. */
  async function mailNewLink(
    user: UserRow,
    purpose: 'verify_email' | 'reset_password',
    message: (link: string) => MailMessage,
  ): Promise<void> {
    await db.transaction(async (tx) => {
      await userRepository(tx).lockForUpdate(user.seqUser);
      const token = await newLink(tx, user.seqUser, purpose);
      await mailer.send(message(purpose === 'verify_email' ? verifyLink(token) : resetLink(token)));
    });
  }

  return { verifyLink, resetPage, newLink, mailNewLink };
}
