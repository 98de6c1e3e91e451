import { randomInt } from 'node:crypto';
import {
  FailedCode,
  instantOf,
  nextDate,
  rules,
  type ConditionEntry,
  type PatientListItem,
  type PatientSummary,
  type BodyOf,
  type addPatient,
  type addPatientNoAuth,
  type appendPatientStatus,
  type updatePatientInfo,
  uploadIdOf,
  type isPatientSyncAuthCodeValid,
  type getPatientDetail,
} from '@clinic/contract';
import type { Database } from '../../db/client.ts';
import type { Answer } from '../../http/route.ts';
import { BusinessFailure, InvalidField, notFound } from '../../domain-error.ts';
import type { Clock, Principal, RequestContext } from '../../context.ts';
import { clientNetwork, enforceLimits, type RateLimit, type RateLimiter } from '../../security/rate-limiter.ts';
import { sha256 } from '../../security/secrets.ts';
import { actorOf, auditInsert, recordAudit, relationEntry } from '../audit/index.ts';
import {
  ownedRelationOr404,
  ownershipRepository,
  patientAccountRepository,
  todayIn,
  uploadRepository,
} from '../shared/index.ts';
import { accountOf } from '../user/index.ts';
import { toConditionEntry, toSummary } from './patient.mapper.ts';
import { patientRepository } from './patient.repository.ts';
import type { PlanLimits } from './plan-limit.ts';

export interface PatientDependencies {
  db: Database;
  limiter: RateLimiter;
  plans: PlanLimits;
  now: Clock;
}

type AddWithCode = BodyOf<typeof addPatient>;
type AddWithoutCode = BodyOf<typeof addPatientNoAuth>;
type UpdateInfo = BodyOf<typeof updatePatientInfo>;
type StatusFields = BodyOf<typeof appendPatientStatus>['status'];

/** Guessing six-digit codes is slowed down per clinician. */
const syncCodeAttempts: RateLimit = { max: 20, windowSeconds: 15 * 60 };
const syncCodeAttemptsInAll: RateLimit = { max: 1000, windowSeconds: 15 * 60 };

export interface PatientService {
  listMine(
    principal: Principal,
    context: RequestContext,
  ): Promise<{ patientList: PatientListItem[]; activeLimit: number }>;
  previewSyncCode(
    principal: Principal,
    code: string,
    context: RequestContext,
  ): Promise<Answer<typeof isPatientSyncAuthCodeValid>['patient']>;
  addWithCode(principal: Principal, body: AddWithCode, context: RequestContext): Promise<Answer<typeof addPatient>>;
  addWithoutCode(
    principal: Principal,
    body: AddWithoutCode,
    context: RequestContext,
  ): Promise<Answer<typeof addPatientNoAuth>>;
  update(principal: Principal, body: UpdateInfo, context: RequestContext): Promise<PatientSummary>;
  setActivation(
    principal: Principal,
    seqMedicalRelation: number,
    isEnabled: boolean,
    context: RequestContext,
  ): Promise<void>;
  appendStatus(
    principal: Principal,
    seqMedicalRelation: number,
    fields: StatusFields,
    context: RequestContext,
  ): Promise<Answer<typeof appendPatientStatus>['status']>;
  removeStatus(principal: Principal, seqPatientStatus: number, context: RequestContext): Promise<void>;
  listStatus(principal: Principal, seqMedicalRelation: number, context: RequestContext): Promise<ConditionEntry[]>;
  detail(
    principal: Principal,
    seqMedicalRelation: number,
    context: RequestContext,
    readFor?: 'patient_detail' | 'report' | 'report_list',
  ): Promise<Answer<typeof getPatientDetail>>;
  issueSyncCode(seqPatient: number): Promise<{ patientSyncAuthCode: string; expiresAt: string }>;
}

export function patientService({ db, limiter, plans, now }: PatientDependencies): PatientService {
  async function assertRoomForOneMore(database: Database, seqManager: number): Promise<void> {
    const limit = await plans.activePatientLimit(database, seqManager);
    // A limit of 0 means unlimited (SPEC 9).
    if (limit > 0 && (await ownershipRepository(database).countActive(seqManager)) >= limit) {
      throw new BusinessFailure(FailedCode.PlanLimitReached);
    }
  }

  /** SPEC 5: a patient's e-mail may be neither the clinician's own nor another of their patients'. */
  async function assertEmailFree(database: Database, principal: Principal, email: string | undefined, except?: number) {
    if (!email) return;
    const clinician = await accountOf(database, principal.seqUser);
    if (
      clinician?.userEmail === email ||
      (await patientRepository(database).emailInUse(principal.seqManager, email, except))
    ) {
      throw new InvalidField('patientEmail', 'account.email_already_exist');
    }
  }

  /** Six digits can be guessed: tries are limited per clinician, per address and in all. */
  function attemptSyncCode(principal: Principal, context: RequestContext): Promise<void> {
    return enforceLimits(limiter, [
      [`sync-code:manager:${principal.seqManager}`, syncCodeAttempts],
      [`sync-code:ip:${clientNetwork(context.ip)}`, syncCodeAttempts],
      ['sync-code:all', syncCodeAttemptsInAll],
    ]);
  }

  return {
    async listMine(principal, context) {
      const today = todayIn(now(), context.timeZone);
      return patientRepository(db).listForManager({
        seqManager: principal.seqManager,
        today,
        from: instantOf(today, 0, context.timeZone),
        to: instantOf(nextDate(today), 0, context.timeZone),
        timeZone: context.timeZone,
        activeLimit: plans.activePatientLimitSql(principal.seqManager),
        audit: (count) =>
          auditInsert(actorOf(principal, context), now(), { action: 'read', entity: 'patient_list', entityId: count }),
      });
    },

    async previewSyncCode(principal, code, context) {
      await attemptSyncCode(principal, context);
      const repository = patientRepository(db);
      const seqPatient = await repository.findLiveSyncCode(sha256(code), now());
      const member = seqPatient === undefined ? undefined : await repository.findPatient(seqPatient);
      if (!member) throw new BusinessFailure(FailedCode.InvalidSyncCode);
      if (await repository.findRelation(principal.seqManager, member.seqPatient)) {
        throw new BusinessFailure(FailedCode.AlreadyLinked);
      }
      await recordAudit(db, principal, context, now(), [
        { action: 'read', entity: 'sync_code', seqPatient: member.seqPatient },
      ]);
      return {
        patientName: member.patientName,
        patientInfoBirth: member.birthDate,
        patientInfoGender: member.gender,
      };
    },

    async addWithCode(principal, body, context) {
      await attemptSyncCode(principal, context);
      return db.transaction(async (tx) => {
        const repository = patientRepository(tx);
        await ownershipRepository(tx).lockManager(principal.seqManager);
        const seqPatient = await repository.consumeSyncCode(sha256(body.patientSyncAuthCode), now());
        const member = seqPatient === undefined ? undefined : await repository.findPatient(seqPatient);
        if (!member) throw new BusinessFailure(FailedCode.InvalidSyncCode);
        if (await repository.findRelation(principal.seqManager, member.seqPatient)) {
          throw new BusinessFailure(FailedCode.AlreadyLinked);
        }
        await assertRoomForOneMore(tx, principal.seqManager);
        const relation = await repository.insertRelation({
          seqManager: principal.seqManager,
          seqPatient: member.seqPatient,
          patientName: member.patientName,
          patientEmail: member.patientEmail,
          birthDate: member.birthDate,
          gender: member.gender,
          heightCm: body.heightCm,
          weightKg: body.weightKg,
          deviceType: body.deviceType,
          updatedAt: now(),
        });
        await recordAudit(tx, principal, context, now(), [relationEntry('create', 'medical_relation', relation)]);
        return { seqMedicalRelation: relation.seqMedicalRelation, seqPatient: member.seqPatient };
      });
    },

    async addWithoutCode(principal, body, context) {
      return db.transaction(async (tx) => {
        const repository = patientRepository(tx);
        await ownershipRepository(tx).lockManager(principal.seqManager);
        const email = body.patientEmail || undefined;
        await assertEmailFree(tx, principal, email);
        await assertRoomForOneMore(tx, principal.seqManager);
        const person = await patientAccountRepository(tx).insertPatient({
          patientName: body.patientName,
          patientEmail: email ?? null,
          birthDate: body.patientInfoBirth,
          gender: body.patientInfoGender,
        });
        const relation = await repository.insertRelation({
          seqManager: principal.seqManager,
          seqPatient: person.seqPatient,
          patientName: body.patientName,
          patientEmail: email ?? null,
          birthDate: body.patientInfoBirth,
          gender: body.patientInfoGender,
          heightCm: body.heightCm,
          weightKg: body.weightKg,
          deviceType: body.deviceType,
          updatedAt: now(),
        });
        await recordAudit(tx, principal, context, now(), [relationEntry('create', 'medical_relation', relation)]);
        return { seqMedicalRelation: relation.seqMedicalRelation, seqPatient: person.seqPatient };
      });
    },

    async update(principal, body, context) {
      return db.transaction(async (tx) => {
        const relation = await ownedRelationOr404(tx, principal.seqManager, body.seqMedicalRelation);
        const email = body.patientEmail || undefined;
        await assertEmailFree(tx, principal, email, relation.seqMedicalRelation);
        const changesDevice = body.deviceType !== relation.deviceType;
        if (changesDevice && (await patientRepository(tx).hasOpenExercises(relation.seqMedicalRelation))) {
          throw new InvalidField('deviceType', 'validation.device_has_open_exercises');
        }
        let imageUploadId: string | null = null;
        if (body.imageUrl !== null) {
          const id = uploadIdOf(body.imageUrl);
          const image = id === undefined ? undefined : await uploadRepository(tx).findOwned(id, principal.seqManager);
          if (!image || image.folder !== 'profile') throw new InvalidField('imageUrl', 'validation.invalid');
          imageUploadId = image.id;
        }
        const repository = patientRepository(tx);
        await repository.updateRelation(relation.seqMedicalRelation, {
          patientName: body.patientName,
          patientEmail: email ?? null,
          birthDate: body.patientInfoBirth,
          gender: body.patientInfoGender,
          heightCm: body.heightCm,
          weightKg: body.weightKg,
          deviceType: body.deviceType,
          imageUploadId,
          updatedAt: now(),
        });
        await recordAudit(tx, principal, context, now(), [relationEntry('update', 'medical_relation', relation)]);
        const updated = await ownedRelationOr404(tx, principal.seqManager, relation.seqMedicalRelation);
        return toSummary(updated, todayIn(now(), context.timeZone));
      });
    },

    async setActivation(principal, seqMedicalRelation, isEnabled, context) {
      await db.transaction(async (tx) => {
        const repository = patientRepository(tx);
        await ownershipRepository(tx).lockManager(principal.seqManager);
        const relation = await ownedRelationOr404(tx, principal.seqManager, seqMedicalRelation);
        if (relation.isEnabled === isEnabled) return;
        if (isEnabled) await assertRoomForOneMore(tx, principal.seqManager);
        await repository.updateRelation(seqMedicalRelation, { isEnabled, updatedAt: now() });
        await recordAudit(tx, principal, context, now(), [
          relationEntry('update', 'activation', relation, isEnabled ? 'enabled' : 'disabled'),
        ]);
      });
    },

    async appendStatus(principal, seqMedicalRelation, fields, context) {
      return db.transaction(async (tx) => {
        const relation = await ownedRelationOr404(tx, principal.seqManager, seqMedicalRelation);
        const row = await patientRepository(tx).insertStatus({
          seqMedicalRelation,
          recordedAt: now(),
          primaryDiagnosis: fields.primaryDiagnosis || null,
          secondaryDiagnosis: fields.secondaryDiagnosis || null,
          onsetDate: fields.onsetDate ?? null,
          onsetKind: fields.onsetKind ?? null,
          onsetPeriod: fields.onsetPeriod ?? null,
          durationMonths: fields.durationMonths ?? null,
          brainLesion: fields.brainLesion ?? null,
          paralysisPart: fields.paralysisPart ?? null,
          paralysisPosition: fields.paralysisPosition ?? null,
          joint: fields.joint ?? null,
          infection: fields.infection ?? null,
          medication: fields.medication || null,
          dose: fields.dose || null,
          mmt: fields.mmt ?? null,
          mrs: fields.mrs ?? null,
          chiefComplaint: fields.chiefComplaint || null,
        });
        await recordAudit(tx, principal, context, now(), [
          relationEntry('create', 'patient_status', relation, row.seqPatientStatus),
        ]);
        return toConditionEntry(row);
      });
    },

    async removeStatus(principal, seqPatientStatus, context) {
      await db.transaction(async (tx) => {
        const repository = patientRepository(tx);
        const status = await repository.findOwnedStatus(seqPatientStatus, principal.seqManager);
        if (!status) throw notFound();
        const relation = await ownedRelationOr404(tx, principal.seqManager, status.seqMedicalRelation);
        await repository.markStatusRemoved(seqPatientStatus, now());
        await recordAudit(tx, principal, context, now(), [
          relationEntry('delete', 'patient_status', relation, seqPatientStatus),
        ]);
      });
    },

    async listStatus(principal, seqMedicalRelation, context) {
      const relation = await ownedRelationOr404(db, principal.seqManager, seqMedicalRelation);
      const rows = await patientRepository(db).listStatus(seqMedicalRelation);
      await recordAudit(db, principal, context, now(), [relationEntry('read', 'patient_status', relation)]);
      return rows.map(toConditionEntry);
    },

    /** The patient's detail, recorded as read for what the caller reads it: a report reads it too. */
    async detail(principal, seqMedicalRelation, context, readFor = 'patient_detail') {
      const relation = await ownedRelationOr404(db, principal.seqManager, seqMedicalRelation);
      const history = await patientRepository(db).listStatus(seqMedicalRelation);
      await recordAudit(db, principal, context, now(), [relationEntry('read', readFor, relation)]);
      const first = history.at(-1);
      const latest = history.at(0);
      return {
        patient: toSummary(relation, todayIn(now(), context.timeZone)),
        firstStatus: first ? toConditionEntry(first) : null,
        latestStatus: latest ? toConditionEntry(latest) : null,
      };
    },

    /** A new six-digit code for a patient app member; earlier codes stop working. */
    async issueSyncCode(seqPatient) {
      const at = now();
      const expiresAt = new Date(at.getTime() + rules.syncCodeMinutes * 60_000);
      return db.transaction(async (tx) => {
        const repository = patientRepository(tx);
        // One issue at a time per patient, so only the newest code stays live.
        await ownershipRepository(tx).lockPatient(seqPatient);
        await repository.expireSyncCodes(seqPatient, at);
        for (;;) {
          const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
          if (await repository.insertSyncCode(sha256(code), seqPatient, expiresAt, at)) {
            return { patientSyncAuthCode: code, expiresAt: expiresAt.toISOString() };
          }
        }
      });
    },
  };
}
