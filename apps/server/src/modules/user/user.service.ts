import { randomUUID } from 'node:crypto';
import {
  defaultLanguage,
  FailedCode,
  isLanguage,
  links,
  pngDataUrlPrefix,
  type BodyOf,
  type Language,
  type LoginUser,
  type SignUpRequest,
  type patientSignUp,
  type TokenPair,
} from '@clinic/contract';
import type { Database } from '../../db/client.ts';
import { uniqueViolationOf } from '../../db/errors.ts';
import { BusinessFailure, HttpFailure, InvalidField } from '../../domain-error.ts';
import type { Clock, Principal, RequestContext } from '../../context.ts';
import type { MailMessage, Mailer } from '../../mail/mailer.ts';
import type { MailQueue } from '../../mail/mail-queue.ts';
import { loginFailuresMail, passwordResetMail, userIdMail, verificationMail } from '../../mail/templates.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../security/password.ts';
import { enforceLimits, type RateLimit, type RateLimiter } from '../../security/rate-limiter.ts';
import { randomToken, sha256 } from '../../security/secrets.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { patientAccountRepository } from '../shared/index.ts';
import { uploadRepository } from '../storage/index.ts';
import { emailTokenRepository, sessionRepository } from './session.repository.ts';
import type { SessionService } from './session.service.ts';
import { managerRepository, userRepository, type ManagerRow, type UserRow } from './user.repository.ts';

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
}

const perAccount: RateLimit = { max: 10, windowSeconds: 15 * 60 };
/** Whether an address is registered is told for sign-up, which needs one or two; more is enumeration. */
const emailChecksPerAddress: RateLimit = { max: 20, windowSeconds: 3600 };

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
const mailPerAccount: RateLimit = { max: 5, windowSeconds: 60 * 60 };
const mailPerAddress: RateLimit = { max: 30, windowSeconds: 60 * 60 };

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export const fullName = (row: Pick<ManagerRow, 'firstName' | 'lastName'>): string => `${row.firstName} ${row.lastName}`;

/** Shows the first two and the last character of an ID: enough to recognise it, not to give it away. */
export function maskUserId(userId: string): string {
  if (userId.length <= 3) return `${userId[0]}${'*'.repeat(userId.length - 1)}`;
  return `${userId.slice(0, 2)}${'*'.repeat(userId.length - 3)}${userId.slice(-1)}`;
}

/** Two sign-ups racing for the same ID or e-mail: the unique index decides, the loser is told why. */
function takenLogin(error: unknown): BusinessFailure | undefined {
  const index = uniqueViolationOf(error);
  if (index === 'app_user_user_id_live') return new BusinessFailure(FailedCode.UserIdExists);
  if (index === 'app_user_user_email_live') return new BusinessFailure(FailedCode.EmailExists);
  return undefined;
}

/** Mail to an account is written in the language its owner chose (on My page, else at sign-up), whoever asked for it. */
export const mailLanguageOf = (user: Pick<UserRow, 'language'>): Language =>
  isLanguage(user.language) ? user.language : defaultLanguage;

export type UserService = ReturnType<typeof userService>;

export function userService({
  db,
  mailer,
  mails,
  limiter,
  storage,
  sessions,
  acceptsPushToken,
  now,
  publicUrl,
}: UserDependencies) {
  /** Counts a hit against each key and refuses with 429 when any is over its limit. */
  const limit = (keys: [string, RateLimit][]): Promise<void> => enforceLimits(limiter, keys);
  const checkPushToken = async (fcmToken: string | undefined): Promise<void> => {
    if (fcmToken && !(await acceptsPushToken(fcmToken))) throw new InvalidField('fcmToken', 'validation.push_endpoint');
  };

  /**
   * Counts a try from this address for this account; from the free tries on, the try takes a wait
   * that the next one must let pass, so that tries sent at once cannot outrun it.
   */
  async function takeLoginTry(seqUser: number, ip: string): Promise<void> {
    const pair = `login-tries:user:${seqUser}:ip:${ip}`;
    const { count } = await limiter.hit(pair, loginTriesPerPair);
    if (count < loginFreeTries) return;
    const delay = Math.min(2 ** (count - loginFreeTries), loginWait.windowSeconds);
    const { wait } = await limiter.hit(`login-wait:user:${seqUser}:ip:${ip}`, loginWait, delay);
    if (wait === 0) return;
    // A try refused for its wait was no guess.
    await Promise.all([
      limiter.unhit(pair, loginTriesPerPair),
      limiter.unhit(`login-failures:ip:${ip}`, loginFailuresPerAddress),
    ]);
    throw new HttpFailure(429, FailedCode.TooManyRequests, wait);
  }

  async function loginSucceeded(seqUser: number, ip: string): Promise<void> {
    await Promise.all([
      limiter.unhit(`login-failures:ip:${ip}`, loginFailuresPerAddress),
      limiter.reset(`login-tries:user:${seqUser}:ip:${ip}`, loginTriesPerPair),
      limiter.reset(`login-wait:user:${seqUser}:ip:${ip}`, loginWait),
    ]);
  }

  /** Counts a wrong password for the account; the one that makes them pile up mails its clinician. */
  async function wrongPassword(user: UserRow): Promise<void> {
    const { count } = await limiter.hit(`login-failures:user:${user.seqUser}`, loginFailuresPerAccount);
    if (count !== loginFailuresPerAccount.max) return;
    const manager = await managerOf(user);
    if (!manager) return;
    const message = loginFailuresMail(mailLanguageOf(user), user.userEmail, fullName(manager), count, resetPage);
    await mails.deliver(await mails.enqueue(db, [message]));
  }

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

  /** Sent inside the sign-up transaction: an account whose mail could not go out is not kept. */
  async function sendOrFailSignUp(message: MailMessage): Promise<void> {
    await mailer.send(message).catch((error: unknown) => {
      throw new BusinessFailure(FailedCode.SignUpFailed, { cause: error });
    });
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

  const verifyLink = (token: string): string => `${publicUrl}/login#verify=${token}`;
  const resetPage = `${publicUrl}/login/findPassword`;
  const resetLink = (token: string): string => `${publicUrl}/login/findPassword#reset=${token}`;

  async function managerOf(user: UserRow): Promise<ManagerRow | undefined> {
    return user.userType === 'manager' ? managerRepository(db).findByUser(user.seqUser) : undefined;
  }

  return {
    async checkEmailAvailable(userEmail: string, context: RequestContext): Promise<void> {
      await limit([[`email-check:ip:${context.ip}`, emailChecksPerAddress]]);
      if (await userRepository(db).findLiveByEmail(userEmail)) throw new BusinessFailure(FailedCode.EmailExists);
    },

    async signUp(request: SignUpRequest, context: RequestContext): Promise<{ userEmail: string }> {
      await limit([[`signup:ip:${context.ip}`, mailPerAddress]]);
      const signature = Buffer.from(request.signatureImage.slice(pngDataUrlPrefix.length), 'base64');
      if (!pngSignature.every((byte, index) => signature[index] === byte)) {
        throw new InvalidField('signatureImage', 'validation.signature_required');
      }
      const passwordHash = await hashPassword(request.userPassword);
      const signatureKey = `signatures/${randomUUID()}.png`;
      await storage.put(signatureKey, signature);
      try {
        await db.transaction(async (tx) => {
          const users = userRepository(tx);
          if (await users.findLiveByUserId(request.userId)) throw new BusinessFailure(FailedCode.UserIdExists);
          if (await users.findLiveByEmail(request.userEmail)) throw new BusinessFailure(FailedCode.EmailExists);
          // An ID that is someone's e-mail address, or the reverse, would make logins ambiguous.
          if (await users.findLiveByLogin(request.userId)) throw new BusinessFailure(FailedCode.UserIdExists);
          const user = await users.insert({
            userId: request.userId,
            userEmail: request.userEmail,
            passwordHash,
            userType: 'manager',
            language: context.language,
          });
          const at = now();
          const manager = await managerRepository(tx).insert({
            seqUser: user.seqUser,
            firstName: request.firstName,
            lastName: request.lastName,
            title: request.title,
            npiNumber: request.npiNumber,
            signaturePath: signatureKey,
            certificationCode: request.certificationCode || null,
            termsAgreedAt: at,
            privacyAgreedAt: at,
            personalInfoAgreedAt: at,
            providerConfirmedAt: at,
          });
          // The drawn signature is the clinician's e-signature on reports until they upload another.
          const signatureUploadId = randomUUID();
          await uploadRepository(tx).insert({
            id: signatureUploadId,
            seqManager: manager.seqManager,
            seqUser: user.seqUser,
            folder: 'signature',
            contentType: 'image/png',
            byteSize: signature.length,
            storageKey: signatureKey,
            createdAt: at,
          });
          await managerRepository(tx).updateProfile(user.seqUser, { signatureUploadId });
          const token = await newLink(tx, user.seqUser, 'verify_email');
          await sendOrFailSignUp(
            verificationMail(context.language, user.userEmail, fullName(request), verifyLink(token)),
          );
        });
      } catch (error) {
        await storage.remove(signatureKey);
        throw takenLogin(error) ?? error;
      }
      return { userEmail: request.userEmail };
    },

    /** A patient app member: an account and the person it speaks for, verified like a clinician's. */
    async signUpPatient(
      request: BodyOf<typeof patientSignUp>,
      context: RequestContext,
    ): Promise<{ userEmail: string }> {
      await limit([[`signup:ip:${context.ip}`, mailPerAddress]]);
      const passwordHash = await hashPassword(request.userPassword);
      const emailTaken = (): BusinessFailure => new BusinessFailure(FailedCode.EmailExists);
      await db
        .transaction(async (tx) => {
          const users = userRepository(tx);
          if (await users.findLiveByLogin(request.userEmail)) throw emailTaken();
          const user = await users.insert({
            userId: request.userEmail,
            userEmail: request.userEmail,
            passwordHash,
            userType: 'patient',
            language: context.language,
          });
          await patientAccountRepository(tx).insertPatient({
            seqUser: user.seqUser,
            patientName: request.patientName,
            patientEmail: request.userEmail,
            birthDate: request.patientInfoBirth,
            gender: request.patientInfoGender,
          });
          const token = await newLink(tx, user.seqUser, 'verify_email');
          await sendOrFailSignUp(
            verificationMail(context.language, user.userEmail, request.patientName, verifyLink(token)),
          );
        })
        .catch((error: unknown) => {
          throw uniqueViolationOf(error) ? emailTaken() : error;
        });
      return { userEmail: request.userEmail };
    },

    async resendVerification(userEmail: string, context: RequestContext): Promise<void> {
      await limit([
        [`mail:ip:${context.ip}`, mailPerAddress],
        [`mail:account:${userEmail}`, mailPerAccount],
      ]);
      const user = await userRepository(db).findLiveByEmail(userEmail);
      const manager = user && (await managerOf(user));
      if (!user || !manager) throw new BusinessFailure(FailedCode.EmailNotExist);
      if (user.emailVerifiedAt) throw new BusinessFailure(FailedCode.AlreadyVerified);
      await mailNewLink(user, 'verify_email', (link) =>
        verificationMail(mailLanguageOf(user), user.userEmail, fullName(manager), link),
      );
    },

    async verifyEmail(token: string): Promise<{ userEmail: string }> {
      return db.transaction(async (tx) => {
        const seqUser = await emailTokenRepository(tx).consume(sha256(token), 'verify_email', now());
        const user = seqUser === undefined ? undefined : await userRepository(tx).findById(seqUser);
        if (!user || user.deletedAt) throw new BusinessFailure(FailedCode.LinkInvalid);
        await userRepository(tx).setEmailVerified(user.seqUser, now());
        return { userEmail: user.userEmail };
      });
    },

    async login(
      request: {
        userEmail: string;
        userPassword: string;
        userType: 'manager' | 'patient';
        fcmToken?: string | undefined;
      },
      context: RequestContext,
    ): Promise<{ token: TokenPair; user: LoginUser }> {
      const login = request.userEmail;
      // Counted before the check, so that tries sent at once cannot outrun it; a success takes it back.
      const { wait } = await limiter.hit(`login-failures:ip:${context.ip}`, loginFailuresPerAddress);
      if (wait > 0) throw new HttpFailure(429, FailedCode.TooManyRequests, wait);
      const users = userRepository(db);
      const user = await users.findLiveByLogin(login);
      if (!user) {
        await verifyPassword(await dummyPasswordHash, request.userPassword);
        const deleted = await users.findDeletedByLogin(login);
        throw new BusinessFailure(deleted ? FailedCode.AccountDeleted : FailedCode.NotMember);
      }
      // Tries are counted per account and address: another address, the owner's, is not held up.
      await takeLoginTry(user.seqUser, context.ip);
      if (!(await verifyPassword(user.passwordHash, request.userPassword))) {
        await wrongPassword(user);
        throw new BusinessFailure(FailedCode.WrongCredentials);
      }
      await loginSucceeded(user.seqUser, context.ip);
      await checkPushToken(request.fcmToken);
      const client = { ip: context.ip, userAgent: context.userAgent, fcmToken: request.fcmToken };
      // The patient app signs in through this endpoint too; a clinician account is not for it.
      if (request.userType === 'patient') {
        if (user.userType !== 'patient') throw new BusinessFailure(FailedCode.LoginFailed);
        const member = await patientAccountRepository(db).findPatientByUser(user.seqUser);
        if (!member) throw new BusinessFailure(FailedCode.ProfileNotFound);
        if (!user.emailVerifiedAt) throw new BusinessFailure(FailedCode.NotActivated);
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
      const manager = await managerOf(user);
      if (!manager) throw new BusinessFailure(FailedCode.ProfileNotFound);
      if (!user.emailVerifiedAt) throw new BusinessFailure(FailedCode.NotActivated);
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
    },

    async findUserId(
      request: { firstName: string; lastName: string; userEmail: string },
      context: RequestContext,
    ): Promise<{ maskedUserId: string }> {
      await limit([
        [`mail:ip:${context.ip}`, mailPerAddress],
        [`mail:account:${request.userEmail}`, mailPerAccount],
      ]);
      const user = await userRepository(db).findLiveByEmail(request.userEmail);
      const manager = user && (await managerOf(user));
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

    async requestPasswordReset(userEmail: string, context: RequestContext): Promise<void> {
      await limit([
        [`reset:ip:${context.ip}`, mailPerAddress],
        [`reset:account:${userEmail}`, mailPerAccount],
      ]);
      const users = userRepository(db);
      const user = await users.findLiveByEmail(userEmail);
      if (!user) {
        throw new BusinessFailure(
          (await users.findDeletedByLogin(userEmail)) ? FailedCode.AccountDeleted : FailedCode.NotMember,
        );
      }
      const manager = await managerOf(user);
      if (!manager) throw new BusinessFailure(FailedCode.RecoverInApp);
      await mailNewLink(user, 'reset_password', (link) =>
        passwordResetMail(mailLanguageOf(user), user.userEmail, fullName(manager), link),
      );
    },

    async completePasswordReset(token: string, newPassword: string, context: RequestContext): Promise<void> {
      await limit([[`reset:ip:${context.ip}`, mailPerAddress]]);
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

    async confirmPassword(principal: Principal, password: string): Promise<void> {
      await limit([[`confirm:user:${principal.seqUser}`, perAccount]]);
      const user = await userRepository(db).findById(principal.seqUser);
      if (!user || !(await verifyPassword(user.passwordHash, password))) {
        throw new BusinessFailure(FailedCode.WrongPassword);
      }
      await sessionRepository(db).setPasswordConfirmed(principal.sessionId, now());
    },

    async changePassword(principal: Principal, currentPassword: string, newPassword: string): Promise<void> {
      await limit([[`confirm:user:${principal.seqUser}`, perAccount]]);
      const user = await userRepository(db).findById(principal.seqUser);
      if (!user || !(await verifyPassword(user.passwordHash, currentPassword))) {
        throw new BusinessFailure(FailedCode.WrongPassword);
      }
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await userRepository(tx).setPasswordHash(user.seqUser, passwordHash);
        await sessionRepository(tx).revokeAllOfUser(user.seqUser, 'password_changed', now(), principal.sessionId);
      });
      await sessions.endedAllOf(user.seqUser, principal.sessionId);
    },

    async updateLanguage(principal: Principal, language: Language): Promise<void> {
      await userRepository(db).setLanguage(principal.seqUser, language);
    },

    async updatePushToken(principal: Principal, fcmToken: string): Promise<void> {
      await checkPushToken(fcmToken);
      await sessionRepository(db).setFcmToken(principal.sessionId, fcmToken || null);
    },

    async logout(principal: { sessionId: string }): Promise<void> {
      await sessions.end(principal.sessionId, 'logout');
    },
  };
}
