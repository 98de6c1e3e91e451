import {
  FailedCode,
  session as sessionRules,
  type BodyOf,
  type ManagerProfile,
  type updateManagerInfo,
  uploadIdOf,
} from '@clinic/contract';
import type { Database, Locks } from '../../db/client.ts';
import { BusinessFailure, InvalidField, unauthorized } from '../../domain-error.ts';
import type { Clock, Principal } from '../../context.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { fullName, imageUrlOf, managerRepository, uploadRepository } from '../shared/index.ts';
import { accountOf, eraseAccount, passwordConfirmedAt, type SessionService } from '../user/index.ts';
import { endSubscriptionOfDeletedAccount, type PaymentGateway, whilePaymentsLocked } from '../payment/index.ts';

export interface ManagerDependencies {
  db: Database;
  storage: FileStorage;
  now: Clock;
  locks: Locks;
  gateway: Pick<PaymentGateway, 'forgetCard'>;
  sessions: Pick<SessionService, 'endedAllOf'>;
}

export interface ManagerService {
  getProfile(principal: Principal): Promise<ManagerProfile>;
  updateProfile(principal: Principal, request: BodyOf<typeof updateManagerInfo>): Promise<ManagerProfile>;
  deleteAccount(principal: Principal): Promise<void>;
}

export function managerService({ db, storage, now, locks, gateway, sessions }: ManagerDependencies): ManagerService {
  return {
    async getProfile(principal) {
      const user = await accountOf(db, principal.seqUser);
      const manager = await managerRepository(db).findByUser(principal.seqUser);
      if (!user || !manager || user.deletedAt) throw unauthorized(FailedCode.SessionEnded);
      return {
        seqManager: manager.seqManager,
        userId: user.userId,
        userEmail: user.userEmail,
        managerName: fullName(manager),
        firstName: manager.firstName,
        lastName: manager.lastName,
        title: manager.title as ManagerProfile['title'],
        npiNumber: manager.npiNumber,
        managerImageUrl: imageUrlOf(manager.imageUploadId),
        managerESignatureImageUrl: imageUrlOf(manager.signatureUploadId),
        managerSpecialty: manager.specialty,
        managerBackground: manager.background,
        managerLanguageList: manager.languageList,
        managerProfessionalEducation: manager.professionalEducation,
        managerYearsOfExperience: manager.yearsOfExperience,
        managerClinicName: manager.clinicName,
        managerClinicAddress: manager.clinicAddress,
      };
    },

    /** Changes the profile; an image or the clinic left out is kept, null removes it; a path must be the clinician's upload. */
    async updateProfile(principal, request) {
      const uploads = uploadRepository(db);
      const imageOf = async (field: string, path: string | null | undefined) => {
        if (path === undefined) return undefined;
        if (path === null) return null;
        const id = uploadIdOf(path);
        const image = id === undefined ? undefined : await uploads.findOwned(id, principal.seqManager);
        if (!image || image.folder === 'symptom') throw new InvalidField(field, 'validation.invalid');
        return image.id;
      };
      const imageUploadId = await imageOf('managerImageUrl', request.managerImageUrl);
      const signatureUploadId = await imageOf('managerESignatureImageUrl', request.managerESignatureImageUrl);
      await managerRepository(db).updateProfile(principal.seqUser, {
        firstName: request.firstName,
        lastName: request.lastName,
        ...(imageUploadId !== undefined && { imageUploadId }),
        ...(signatureUploadId !== undefined && { signatureUploadId }),
        specialty: request.managerSpecialty || null,
        background: request.managerBackground || null,
        languageList: request.managerLanguageList,
        professionalEducation: request.managerProfessionalEducation || null,
        yearsOfExperience: request.managerYearsOfExperience ?? null,
        // The clinic came later than the other fields: an app that does not send it keeps it.
        ...(request.managerClinicName !== undefined && { clinicName: request.managerClinicName || null }),
        ...(request.managerClinicAddress !== undefined && { clinicAddress: request.managerClinicAddress || null }),
      });
      return this.getProfile(principal);
    },

    /**
     * Deletes the account of a clinician who confirmed the password in the last minutes; their
     * subscription ends with it, so nothing is ever charged again, and the processor forgets the card.
     */
    async deleteAccount(principal) {
      const at = now();
      const confirmedAt = (await passwordConfirmedAt(db, principal.sessionId))?.getTime() ?? 0;
      if (at.getTime() - confirmedAt > sessionRules.passwordConfirmationSeconds * 1000) {
        throw new BusinessFailure(FailedCode.PasswordConfirmationRequired);
      }
      const manager = await managerRepository(db).findByUser(principal.seqUser);
      const cardToken = await whilePaymentsLocked(locks, principal.seqManager, () =>
        db.transaction(async (tx) => {
          await eraseAccount(tx, principal.seqUser, at);
          return endSubscriptionOfDeletedAccount(tx, principal.seqManager, at);
        }),
      );
      await sessions.endedAllOf(principal.seqUser);
      if (cardToken) await gateway.forgetCard(cardToken);
      if (manager?.signaturePath) await storage.remove(manager.signaturePath);
    },
  };
}
