import { randomUUID } from 'node:crypto';
import { FailedCode, pngDataUrlPrefix, type BodyOf, type patientSignUp, type SignUpRequest } from '@clinic/contract';
import type { RequestContext } from '../../context.ts';
import { uniqueViolationOf } from '../../db/errors.ts';
import { BusinessFailure, InvalidField } from '../../domain-error.ts';
import { verificationMail } from '../../mail/templates.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { clientNetwork, type RateLimit } from '../../security/rate-limiter.ts';
import { hashPassword } from '../../security/password.ts';
import { sha256 } from '../../security/secrets.ts';
import {
  fullName,
  mailLanguageOf,
  managerRepository,
  patientAccountRepository,
  uploadRepository,
} from '../shared/index.ts';
import { limitOf, managerOf, type UserDependencies } from './account.ts';
import { accountLinks, mailPerAccount, mailPerAddress } from './account-links.ts';
import { emailTokenRepository } from './session.repository.ts';
import { userRepository } from './user.repository.ts';

/** Whether an address is registered is told for sign-up, which needs one or two; more is enumeration. */
const emailChecksPerAddress: RateLimit = { max: 20, windowSeconds: 3600 };

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Two sign-ups racing for the same ID or e-mail: the unique index decides, the loser is told why. */
function takenLogin(error: unknown): BusinessFailure | undefined {
  const index = uniqueViolationOf(error);
  if (index === 'app_user_user_id_live') return new BusinessFailure(FailedCode.UserIdExists);
  if (index === 'app_user_user_email_live') return new BusinessFailure(FailedCode.EmailExists);
  return undefined;
}

export interface SignUpService {
  checkEmailAvailable(userEmail: string, context: RequestContext): Promise<void>;
  signUp(request: SignUpRequest, context: RequestContext): Promise<{ userEmail: string }>;
  signUpPatient(request: BodyOf<typeof patientSignUp>, context: RequestContext): Promise<{ userEmail: string }>;
  resendVerification(userEmail: string, context: RequestContext): Promise<void>;
  verifyEmail(token: string): Promise<{ userEmail: string }>;
}

/** Sign-up of clinicians and patient app members, and the verification of their e-mail address. */
export function signUpService(deps: UserDependencies): SignUpService {
  const { db, mailer, limiter, storage, now } = deps;
  const limit = limitOf(limiter);
  const { verifyLink, newLink, mailNewLink } = accountLinks(deps);

  /** Sent inside the sign-up transaction: an account whose mail could not go out is not kept. */
  async function sendOrFailSignUp(message: MailMessage): Promise<void> {
    await mailer.send(message).catch((error: unknown) => {
      throw new BusinessFailure(FailedCode.SignUpFailed, { cause: error });
    });
  }

  return {
    async checkEmailAvailable(userEmail, context): Promise<void> {
      await limit([[`email-check:ip:${clientNetwork(context.ip)}`, emailChecksPerAddress]]);
      if (await userRepository(db).findLiveByEmail(userEmail)) throw new BusinessFailure(FailedCode.EmailExists);
    },

    async signUp(request, context): Promise<{ userEmail: string }> {
      await limit([[`signup:ip:${clientNetwork(context.ip)}`, mailPerAddress]]);
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
    async signUpPatient(request, context): Promise<{ userEmail: string }> {
      await limit([[`signup:ip:${clientNetwork(context.ip)}`, mailPerAddress]]);
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

    async resendVerification(userEmail, context): Promise<void> {
      await limit([
        [`mail:ip:${clientNetwork(context.ip)}`, mailPerAddress],
        [`mail:account:${userEmail}`, mailPerAccount],
      ]);
      const user = await userRepository(db).findLiveByEmail(userEmail);
      const manager = user && (await managerOf(db, user));
      if (!user || !manager) throw new BusinessFailure(FailedCode.EmailNotExist);
      if (user.emailVerifiedAt) throw new BusinessFailure(FailedCode.AlreadyVerified);
      await mailNewLink(user, 'verify_email', (link) =>
        verificationMail(mailLanguageOf(user), user.userEmail, fullName(manager), link),
      );
    },

    async verifyEmail(token): Promise<{ userEmail: string }> {
      return db.transaction(async (tx) => {
        const seqUser = await emailTokenRepository(tx).consume(sha256(token), 'verify_email', now());
        const user = seqUser === undefined ? undefined : await userRepository(tx).findById(seqUser);
        if (!user || user.deletedAt) throw new BusinessFailure(FailedCode.LinkInvalid);
        await userRepository(tx).setEmailVerified(user.seqUser, now());
        return { userEmail: user.userEmail };
      });
    },
  };
}
