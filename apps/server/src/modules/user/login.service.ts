import { FailedCode, type LoginUser, type TokenPair } from '@clinic/contract';
import type { RequestContext } from '../../context.ts';
import { BusinessFailure } from '../../domain-error.ts';
import { loginFailuresMail } from '../../mail/templates.ts';
import { dummyPasswordHash, verifyPassword } from '../../security/password.ts';
import type { RateLimit } from '../../security/rate-limiter.ts';
import { sha256 } from '../../security/secrets.ts';
import { fullName, mailLanguageOf, patientAccountRepository } from '../shared/index.ts';
import { managerOf, openClinicianSession, pushTokenCheck, type UserDependencies } from './account.ts';
import { accountLinks } from './account-links.ts';
import { loginRecord } from './account-security.service.ts';
import { loginGuessing } from './login-guessing.ts';
import { type LoginSecondStep, secondStepAfterPassword } from './second-factor-login.ts';
import { userRepository, type UserRow } from './user.repository.ts';

/** Wrong passwords for an account, from any address, that pile up into one mail to its owner a day. */
const loginFailuresPerAccount: RateLimit = { max: 10, windowSeconds: 24 * 3600 };

/** A login as the service takes it: the contract's body with the user type settled. */
interface LoginRequest {
  userEmail: string;
  userPassword: string;
  userType: 'manager' | 'patient';
  fcmToken?: string | undefined;
  browserId?: string | undefined;
}

export interface LoginService {
  /** The session, or the second step a clinician's login still needs. */
  login(
    request: LoginRequest,
    context: RequestContext,
  ): Promise<{ token: TokenPair; user: LoginUser } | LoginSecondStep>;
  logout(principal: { sessionId: string }): Promise<void>;
}

/** Logging in and out, with password guessing slowed down (login-guessing.ts, docs/decisions/0001-accounts.md). */
export function loginService(deps: UserDependencies): LoginService {
  const { db, mails, limiter, sessions, acceptsPushToken } = deps;
  const checkPushToken = pushTokenCheck(acceptsPushToken);
  const { resetPage } = accountLinks(deps);
  const record = loginRecord(deps);
  const secondStep = secondStepAfterPassword(deps);
  const guessing = loginGuessing(deps);

  /** Counts a wrong password for the account; the one that makes them pile up mails its clinician. */
  async function wrongPassword(user: UserRow): Promise<void> {
    const { count } = await limiter.hit(`login-failures:user:${user.seqUser}`, loginFailuresPerAccount);
    if (count !== loginFailuresPerAccount.max) return;
    const manager = await managerOf(db, user);
    if (!manager) return;
    const message = loginFailuresMail(mailLanguageOf(user), user.userEmail, fullName(manager), count, resetPage);
    await mails.deliver(await mails.enqueue(db, [message]));
  }

  return {
    async login(request, context): Promise<{ token: TokenPair; user: LoginUser } | LoginSecondStep> {
      const login = request.userEmail;
      const users = userRepository(db);
      const user = await users.findLiveByLogin(login);
      const guess = await guessing.password(user?.seqUser, context);
      if (!user) {
        await verifyPassword(await dummyPasswordHash, request.userPassword);
        const deleted = await users.findDeletedByLogin(login);
        throw new BusinessFailure(deleted ? FailedCode.AccountDeleted : FailedCode.NotMember);
      }
      if (!(await verifyPassword(user.passwordHash, request.userPassword))) {
        await record.wrongPassword(user, context);
        await wrongPassword(user);
        throw new BusinessFailure(FailedCode.WrongCredentials);
      }
      await guess.right();
      await checkPushToken(request.fcmToken);
      const client = {
        ip: context.ip,
        userAgent: context.userAgent,
        fcmToken: request.fcmToken,
        browserHash: request.browserId ? sha256(request.browserId) : undefined,
      };
      // The patient app signs in through this endpoint too; a clinician account is not for it.
      if (request.userType === 'patient') {
        if (user.userType !== 'patient') throw new BusinessFailure(FailedCode.LoginFailed);
        const member = await patientAccountRepository(db).findPatientByUser(user.seqUser);
        if (!member) throw new BusinessFailure(FailedCode.ProfileNotFound);
        if (!user.emailVerifiedAt) throw new BusinessFailure(FailedCode.NotActivated);
        await record.succeeded(user, undefined, context);
        const token = await sessions.open({ seqUser: user.seqUser, seqPatient: member.seqPatient }, client);
        return {
          token,
          user: {
            seqUser: user.seqUser,
            seqManager: null,
            seqPatient: member.seqPatient,
            userId: user.userId,
            userEmail: user.userEmail,
            userName: member.patientName,
          },
        };
      }
      const manager = await managerOf(db, user);
      if (!manager) throw new BusinessFailure(FailedCode.ProfileNotFound);
      if (!user.emailVerifiedAt) throw new BusinessFailure(FailedCode.NotActivated);
      await record.succeeded(user, manager, context, request.browserId);
      const step = await secondStep(user.seqUser, client);
      if (step) return step;
      return openClinicianSession(sessions, user, manager, client);
    },

    async logout(principal): Promise<void> {
      await sessions.end(principal.sessionId, 'logout');
    },
  };
}
