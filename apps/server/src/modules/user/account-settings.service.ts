import { FailedCode, type Language } from '@clinic/contract';
import type { PatientPrincipal, Principal } from '../../context.ts';
import { BusinessFailure } from '../../domain-error.ts';
import { hashPassword, verifyPassword } from '../../security/password.ts';
import type { RateLimit } from '../../security/rate-limiter.ts';
import { limitOf, pushTokenCheck, type UserDependencies } from './account.ts';
import { queueLoginChangeMail } from './account-security.service.ts';
import { sessionRepository } from './session.repository.ts';
import { userRepository } from './user.repository.ts';

const perAccount: RateLimit = { max: 10, windowSeconds: 15 * 60 };
export interface AccountSettingsService {
  confirmPassword(principal: Principal, password: string): Promise<void>;
  changePassword(principal: Principal, currentPassword: string, newPassword: string): Promise<void>;
  updateLanguage(principal: Principal, language: Language): Promise<void>;
  updatePushToken(principal: Principal, fcmToken: string): Promise<void>;
  updatePatientPushToken(patient: PatientPrincipal, fcmToken: string, reader: PushReader): Promise<void>;
}

/** The language and time zone a patient's notifications are written in: those of the browser that subscribed. */
interface PushReader {
  language: Language;
  timeZone: string;
}

/**
 * A browser's subscription as stored for a patient's session: its JSON with the reader's
 * `language` and `timeZone` beside the endpoint and keys (the push sender reads them there). A
 * token that is not a subscription's JSON, the mobile app's own, is stored as it is.
 */
function withReader(fcmToken: string, { language, timeZone }: PushReader): string {
  let value: unknown;
  try {
    value = JSON.parse(fcmToken);
  } catch {
    return fcmToken;
  }
  if (typeof value !== 'object' || value === null || !('endpoint' in value)) return fcmToken;
  return JSON.stringify({ ...value, language, timeZone });
}

/** What a signed-in user changes of their own account: password, language, push token (a patient's too). */
export function accountSettingsService(deps: UserDependencies): AccountSettingsService {
  const { db, limiter, sessions, acceptsPushToken, now } = deps;
  const limit = limitOf(limiter);
  const checkPushToken = pushTokenCheck(acceptsPushToken);

  return {
    async confirmPassword(principal, password): Promise<void> {
      await limit([[`confirm:user:${principal.seqUser}`, perAccount]]);
      const user = await userRepository(db).findById(principal.seqUser);
      if (!user || !(await verifyPassword(user.passwordHash, password))) {
        throw new BusinessFailure(FailedCode.WrongPassword);
      }
      await sessionRepository(db).setPasswordConfirmed(principal.sessionId, now());
    },

    async changePassword(principal, currentPassword, newPassword): Promise<void> {
      await limit([[`confirm:user:${principal.seqUser}`, perAccount]]);
      const user = await userRepository(db).findById(principal.seqUser);
      if (!user || !(await verifyPassword(user.passwordHash, currentPassword))) {
        throw new BusinessFailure(FailedCode.WrongPassword);
      }
      const passwordHash = await hashPassword(newPassword);
      const queued = await db.transaction(async (tx) => {
        await userRepository(tx).setPasswordHash(user.seqUser, passwordHash);
        await sessionRepository(tx).revokeAllOfUser(user.seqUser, 'password_changed', now(), principal.sessionId);
        return queueLoginChangeMail(deps, tx, user.seqUser, 'password_changed');
      });
      await sessions.endedAllOf(user.seqUser, principal.sessionId);
      await deps.mails.deliver(queued);
    },

    async updateLanguage(principal, language): Promise<void> {
      await userRepository(db).setLanguage(principal.seqUser, language);
    },

    async updatePushToken(principal, fcmToken): Promise<void> {
      await checkPushToken(fcmToken);
      await sessionRepository(db).setFcmToken(principal.sessionId, fcmToken || null);
    },

    async updatePatientPushToken(patient, fcmToken, reader): Promise<void> {
      await checkPushToken(fcmToken);
      await sessionRepository(db).setFcmToken(patient.sessionId, fcmToken ? withReader(fcmToken, reader) : null);
    },
  };
}
