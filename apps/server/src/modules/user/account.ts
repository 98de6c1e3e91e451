import { FailedCode, type LoginUser, type TokenPair } from '@clinic/contract';
import type { Clock } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { BusinessFailure, InvalidField } from '../../domain-error.ts';
import { verifyPassword } from '../../security/password.ts';
import type { MailQueue } from '../../mail/mail-queue.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { DeviceCookies } from '../../security/device-cookie.ts';
import type { SecondFactorKeys } from '../../security/sealed-secret.ts';
import { enforceLimits, type RateLimit, type RateLimiter } from '../../security/rate-limiter.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { fullName, managerRepository, type ManagerRow } from '../shared/index.ts';
import { secondFactorRepository } from './second-factor.repository.ts';
import type { SessionClient, SessionService } from './session.service.ts';
import { sessionRepository } from './session.repository.ts';
import { type UserRow, userRepository } from './user.repository.ts';

export interface UserDependencies {
  db: Database;
  mailer: Mailer;
  mails: MailQueue;
  limiter: RateLimiter;
  storage: FileStorage;
  sessions: SessionService;
  /** Whether a push token may be stored: a browser's subscription must name a public push service. */
  acceptsPushToken: (fcmToken: string) => Promise<boolean>;
  now: Clock;
  publicUrl: string;
  /** The keys of the second factor and whether clinicians must have one (REQUIRE_MFA). */
  secondFactor: { keys: SecondFactorKeys; required: boolean };
  /** The signed cookies of the browsers that have logged in to an account before. */
  devices: DeviceCookies;
}

/** Counts a hit against each key and refuses with 429 when any is over its limit. */
export const limitOf =
  (limiter: RateLimiter) =>
  (keys: [string, RateLimit][]): Promise<void> =>
    enforceLimits(limiter, keys);

/** Passwords checked before a change of the second factor, as for other changes of the account. */
const passwordChecks: RateLimit = { max: 10, windowSeconds: 15 * 60 };

/** Checks the clinician's password before a change of the second factor, counted against the account. */
export async function checkPasswordForChange(
  { db, limiter }: Pick<UserDependencies, 'db' | 'limiter'>,
  seqUser: number,
  password: string,
): Promise<void> {
  await enforceLimits(limiter, [[`confirm:user:${seqUser}`, passwordChecks]]);
  const user = await userRepository(db).findById(seqUser);
  if (!user || !(await verifyPassword(user.passwordHash, password))) {
    throw new BusinessFailure(FailedCode.WrongPassword);
  }
}

/** Refuses a push token that names no public push service. */
export const pushTokenCheck =
  (acceptsPushToken: UserDependencies['acceptsPushToken']) =>
  async (fcmToken: string | undefined): Promise<void> => {
    if (fcmToken && !(await acceptsPushToken(fcmToken))) throw new InvalidField('fcmToken', 'validation.push_endpoint');
  };

/** The clinician profile behind an account; none for a patient's. */
export async function managerOf(database: Database, user: UserRow): Promise<ManagerRow | undefined> {
  return user.userType === 'manager' ? managerRepository(database).findByUser(user.seqUser) : undefined;
}

/** An account as other modules see it: its login names, and whether it is verified or deleted. */
export type AccountSummary = Pick<UserRow, 'seqUser' | 'userId' | 'userEmail' | 'emailVerifiedAt' | 'deletedAt'>;

const summaryOf = (user: UserRow | undefined): AccountSummary | undefined =>
  user && {
    seqUser: user.seqUser,
    userId: user.userId,
    userEmail: user.userEmail,
    emailVerifiedAt: user.emailVerifiedAt,
    deletedAt: user.deletedAt,
  };

/** The account of a user, also when deleted. */
export async function accountOf(database: Database, seqUser: number): Promise<AccountSummary | undefined> {
  return summaryOf(await userRepository(database).findById(seqUser));
}

/** The live account of an e-mail address. */
export async function liveAccountByEmail(database: Database, userEmail: string): Promise<AccountSummary | undefined> {
  return summaryOf(await userRepository(database).findLiveByEmail(userEmail));
}

/** Whether any account exists. */
export function anyAccount(database: Database): Promise<boolean> {
  return userRepository(database).any();
}

/** Takes the account's e-mail address as verified (once; a later call keeps the first time). */
export function markEmailVerified(database: Database, seqUser: number, at: Date): Promise<void> {
  return userRepository(database).setEmailVerified(seqUser, at);
}

/** The push tokens of the user's open sessions, by session. */
export function pushTargetsOf(database: Database, seqUser: number): Promise<{ id: string; fcmToken: string }[]> {
  return sessionRepository(database).listPushTokens(seqUser);
}

/** Forgets a session's push token, one the push service no longer knows. */
export function forgetPushToken(database: Database, sessionId: string): Promise<void> {
  return sessionRepository(database).setFcmToken(sessionId, null);
}

/** When the session last confirmed its user's password, if it did. */
export async function passwordConfirmedAt(database: Database, sessionId: string): Promise<Date | undefined> {
  return (await sessionRepository(database).findById(sessionId))?.passwordConfirmedAt ?? undefined;
}

/** Erases an account in its deletion's transaction: the user marked deleted, the clinician profile erased (and its FHIR clients revoked), every session revoked. */
export async function eraseAccount(tx: Database, seqUser: number, at: Date): Promise<void> {
  await userRepository(tx).markDeleted(seqUser, at);
  await managerRepository(tx).eraseProfile(seqUser, at);
  await sessionRepository(tx).revokeAllOfUser(seqUser, 'account_deleted', at);
  await secondFactorRepository(tx).removeAll(seqUser);
}

/** Opens a clinician's session: the end of a login, after the password or after its second step. */
export async function openClinicianSession(
  sessions: SessionService,
  user: UserRow,
  manager: ManagerRow,
  client: SessionClient,
): Promise<{ token: TokenPair; user: LoginUser }> {
  const token = await sessions.open({ seqUser: user.seqUser, seqManager: manager.seqManager }, client);
  return {
    token,
    user: {
      seqUser: user.seqUser,
      seqManager: manager.seqManager,
      seqPatient: null,
      userId: user.userId,
      userEmail: user.userEmail,
      userName: fullName(manager),
    },
  };
}
