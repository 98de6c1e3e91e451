import { FailedCode, type BodyOf, type findUserId } from '@clinic/contract';
import type { RequestContext } from '../../context.ts';
import { BusinessFailure } from '../../domain-error.ts';
import { passwordResetMail, userIdMail } from '../../mail/templates.ts';
import { hashPassword } from '../../security/password.ts';
import { clientNetwork } from '../../security/rate-limiter.ts';
import { sha256 } from '../../security/secrets.ts';
import { fullName, mailLanguageOf } from '../shared/index.ts';
import { limitOf, managerOf, type UserDependencies } from './account.ts';
import { accountLinks, mailPerAccount, mailPerAddress } from './account-links.ts';
import { emailTokenRepository, sessionRepository } from './session.repository.ts';
import { userRepository } from './user.repository.ts';

/** Shows the first two and the last character of an ID: enough to recognise it, not to give it away. */
function maskUserId(userId: string): string {
  if (userId.length <= 3) return `${userId[0]}${'*'.repeat(userId.length - 1)}`;
  return `${userId.slice(0, 2)}${'*'.repeat(userId.length - 3)}${userId.slice(-1)}`;
}

export interface AccountRecoveryService {
  findUserId(request: BodyOf<typeof findUserId>, context: RequestContext): Promise<{ maskedUserId: string }>;
  requestPasswordReset(userEmail: string, context: RequestContext): Promise<void>;
  completePasswordReset(token: string, newPassword: string, context: RequestContext): Promise<void>;
}

/** A forgotten user ID or password: the ID mailed, a reset link mailed and used. */
export function accountRecoveryService(deps: UserDependencies): AccountRecoveryService {
  const { db, mailer, limiter, sessions, now } = deps;
  const limit = limitOf(limiter);
  const { mailNewLink } = accountLinks(deps);

  return {
    async findUserId(request, context): Promise<{ maskedUserId: string }> {
      await limit([
        [`mail:ip:${clientNetwork(context.ip)}`, mailPerAddress],
        [`mail:account:${request.userEmail}`, mailPerAccount],
      ]);
      const user = await userRepository(db).findLiveByEmail(request.userEmail);
      const manager = user && (await managerOf(db, user));
      const same = (a: string, b: string): boolean => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;
      if (
        !user ||
        !manager ||
        !same(manager.firstName, request.firstName) ||
        !same(manager.lastName, request.lastName)
      ) {
        throw new BusinessFailure(FailedCode.WrongNameOrEmail);
      }
      await mailer.send(userIdMail(mailLanguageOf(user), user.userEmail, fullName(manager), user.userId));
      return { maskedUserId: maskUserId(user.userId) };
    },

    async requestPasswordReset(userEmail, context): Promise<void> {
      await limit([
        [`reset:ip:${clientNetwork(context.ip)}`, mailPerAddress],
        [`reset:account:${userEmail}`, mailPerAccount],
      ]);
      const users = userRepository(db);
      const user = await users.findLiveByEmail(userEmail);
      if (!user) {
        throw new BusinessFailure(
          (await users.findDeletedByLogin(userEmail)) ? FailedCode.AccountDeleted : FailedCode.NotMember,
        );
      }
      const manager = await managerOf(db, user);
      if (!manager) throw new BusinessFailure(FailedCode.RecoverInApp);
      await mailNewLink(user, 'reset_password', (link) =>
        passwordResetMail(mailLanguageOf(user), user.userEmail, fullName(manager), link),
      );
    },

    async completePasswordReset(token, newPassword, context): Promise<void> {
      await limit([[`reset:ip:${clientNetwork(context.ip)}`, mailPerAddress]]);
      // Hashing is costly: only for a link that can still work.
      if (!(await emailTokenRepository(db).isLive(sha256(token), 'reset_password', now()))) {
        throw new BusinessFailure(FailedCode.LinkInvalid);
      }
      const passwordHash = await hashPassword(newPassword);
      const seqUser = await db.transaction(async (tx) => {
        const at = now();
        const seqUser = await emailTokenRepository(tx).consume(sha256(token), 'reset_password', at);
        const user = seqUser === undefined ? undefined : await userRepository(tx).findById(seqUser);
        if (!user || user.deletedAt) throw new BusinessFailure(FailedCode.LinkInvalid);
        await userRepository(tx).setPasswordHash(user.seqUser, passwordHash);
        // The mailed link proves the address too.
        await userRepository(tx).setEmailVerified(user.seqUser, at);
        await sessionRepository(tx).revokeAllOfUser(user.seqUser, 'password_reset', at);
        return user.seqUser;
      });
      await sessions.endedAllOf(seqUser);
    },
  };
}
