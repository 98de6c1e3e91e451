import { FailedCode, type LoginUser, type TokenPair } from '@clinic/contract';
import type { RequestContext } from '../../context.ts';
import { BusinessFailure, HttpFailure } from '../../domain-error.ts';
import { loginFailuresMail } from '../../mail/templates.ts';
import { dummyPasswordHash, verifyPassword } from '../../security/password.ts';
import { clientNetwork, type RateLimit } from '../../security/rate-limiter.ts';
import { sha256 } from '../../security/secrets.ts';
import { fullName, mailLanguageOf, patientAccountRepository } from '../shared/index.ts';
import { managerOf, openClinicianSession, pushTokenCheck, type UserDependencies } from './account.ts';
import { accountLinks } from './account-links.ts';
import { loginRecord } from './account-security.service.ts';
import { type LoginSecondStep, secondStepAfterPassword } from './second-factor-login.ts';
import { userRepository, type UserRow } from './user.repository.ts';

/** Guessing passwords (docs/decisions/0001-accounts.md): */
const dayInSeconds = 24 * 3600;
/** failed logins from one address, whatever the account, before it waits for the window's end; */
const loginFailuresPerAddress: RateLimit = { max: 20, windowSeconds: 3600 };
/** tries from one address for one account, forgotten at a successful login; */
const loginTriesPerPair: RateLimit = { max: Number.MAX_SAFE_INTEGER, windowSeconds: dayInSeconds };
/** from this try on, each makes the next one from that address wait 1 s, 2 s, 4 s … up to an hour; */
const loginFreeTries = 5;
const loginWait: RateLimit = { max: 1, windowSeconds: 3600 };
/** wrong passwords for an account, from any address, that pile up into one mail to its owner a day. */
const loginFailuresPerAccount: RateLimit = { max: 10, windowSeconds: dayInSeconds };
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

/** Logging in and out, with the slowing down of password guessing (docs/decisions/0001-accounts.md). */
export function loginService(deps: UserDependencies): LoginService {
  const { db, mails, limiter, sessions, acceptsPushToken } = deps;
  const checkPushToken = pushTokenCheck(acceptsPushToken);
  const { resetPage } = accountLinks(deps);
  const record = loginRecord(deps);
  const secondStep = secondStepAfterPassword(deps);

  /**
   * Counts a try from this address (an IPv6 client's /64) for this account; from the free tries on, the try takes a wait
   * that the next one must let pass, so that tries sent at once cannot outrun it.
   */
  async function takeLoginTry(seqUser: number, address: string): Promise<void> {
    const pair = `login-tries:user:${seqUser}:ip:${address}`;
    const { count } = await limiter.hit(pair, loginTriesPerPair);
    if (count < loginFreeTries) return;
    const delay = Math.min(2 ** (count - loginFreeTries), loginWait.windowSeconds);
    const { wait } = await limiter.hit(`login-wait:user:${seqUser}:ip:${address}`, loginWait, delay);
    if (wait === 0) return;
    // A try refused for its wait was no guess.
    await Promise.all([
      limiter.unhit(pair, loginTriesPerPair),
      limiter.unhit(`login-failures:ip:${address}`, loginFailuresPerAddress),
    ]);
    throw new HttpFailure(429, FailedCode.TooManyRequests, wait);
  }

  async function loginSucceeded(seqUser: number, address: string): Promise<void> {
    await Promise.all([
      limiter.unhit(`login-failures:ip:${address}`, loginFailuresPerAddress),
      limiter.reset(`login-tries:user:${seqUser}:ip:${address}`, loginTriesPerPair),
      limiter.reset(`login-wait:user:${seqUser}:ip:${address}`, loginWait),
    ]);
  }

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
      const address = clientNetwork(context.ip);
      // Counted before the check, so that tries sent at once cannot outrun it; a success takes it back.
      const { wait } = await limiter.hit(`login-failures:ip:${address}`, loginFailuresPerAddress);
      if (wait > 0) throw new HttpFailure(429, FailedCode.TooManyRequests, wait);
      const users = userRepository(db);
      const user = await users.findLiveByLogin(login);
      if (!user) {
        await verifyPassword(await dummyPasswordHash, request.userPassword);
        const deleted = await users.findDeletedByLogin(login);
        throw new BusinessFailure(deleted ? FailedCode.AccountDeleted : FailedCode.NotMember);
      }
      // Tries are counted per account and address: another address, the owner's, is not held up.
      await takeLoginTry(user.seqUser, address);
      if (!(await verifyPassword(user.passwordHash, request.userPassword))) {
        await record.wrongPassword(user, context);
        await wrongPassword(user);
        throw new BusinessFailure(FailedCode.WrongCredentials);
      }
      await loginSucceeded(user.seqUser, address);
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
