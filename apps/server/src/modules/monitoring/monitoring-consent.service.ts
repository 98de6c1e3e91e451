import {
  FailedCode,
  type addMonitoringConsent,
  type BodyOf,
  type MonitoringConsent,
  type withdrawMonitoringConsent,
} from '@clinic/contract';
import type { Clock, Principal, RequestContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { uniqueViolationOf } from '../../db/errors.ts';
import { BusinessFailure, InvalidField, notFound } from '../../domain-error.ts';
import { recordAudit, relationEntry } from '../audit/index.ts';
import { fullName, ownedRelationOr404, todayIn } from '../shared/index.ts';
import { monitoringConsentRepository, type NamedConsentRow } from './monitoring-consent.repository.ts';

function toConsent(row: NamedConsentRow): MonitoringConsent {
  return {
    seqMonitoringConsent: row.seqMonitoringConsent,
    givenOn: row.givenOn,
    method: row.method,
    recordedBy: fullName(row.recorder),
    recordedAt: row.recordedAt.toISOString(),
    withdrawnOn: row.withdrawnOn,
    withdrawnBy: row.withdrawer ? fullName(row.withdrawer) : null,
  };
}

export interface MonitoringConsentService {
  get(
    principal: Principal,
    seqMedicalRelation: number,
    context: RequestContext,
  ): Promise<{ current: MonitoringConsent | null; history: MonitoringConsent[] }>;
  add(
    principal: Principal,
    body: BodyOf<typeof addMonitoringConsent>,
    context: RequestContext,
  ): Promise<MonitoringConsent>;
  withdraw(
    principal: Principal,
    body: BodyOf<typeof withdrawMonitoringConsent>,
    context: RequestContext,
  ): Promise<MonitoringConsent>;
}

/**
 * The patient's consent to remote monitoring (docs/decisions/0013-remote-monitoring.md): recorded
 * and withdrawn by the clinician, kept as a history; the monitoring codes count only the days it was
 * in force. Its dates name the UTC days billing counts; none may lie after today in the clinician's
 * calendar (the days they see).
 */
export function monitoringConsentService({ db, now }: { db: Database; now: Clock }): MonitoringConsentService {
  const readBack = async (database: Database, seqMedicalRelation: number, seqMonitoringConsent: number) =>
    toConsent(
      (await monitoringConsentRepository(database).listByRelation(seqMedicalRelation, seqMonitoringConsent))[0]!,
    );

  return {
    async get(principal, seqMedicalRelation, context) {
      const relation = await ownedRelationOr404(db, principal.seqManager, seqMedicalRelation);
      const history = (await monitoringConsentRepository(db).listByRelation(seqMedicalRelation)).map(toConsent);
      await recordAudit(db, principal, context, now(), [relationEntry('read', 'monitoring_consent', relation)]);
      return { current: history.find((consent) => consent.withdrawnOn === null) ?? null, history };
    },

    add(principal, body, context) {
      return db.transaction(async (tx) => {
        const relation = await ownedRelationOr404(tx, principal.seqManager, body.seqMedicalRelation);
        const at = now();
        if (body.givenOn > todayIn(at, context.timeZone))
          throw new InvalidField('givenOn', 'validation.consent_date_future');
        const repository = monitoringConsentRepository(tx);
        if (await repository.findInForce(body.seqMedicalRelation)) throw new BusinessFailure(FailedCode.ConsentInForce);
        const lastWithdrawal = await repository.lastWithdrawal(body.seqMedicalRelation);
        // The consents' days never overlap, so each day of data is counted under one consent at most.
        if (lastWithdrawal !== null && body.givenOn < lastWithdrawal)
          throw new InvalidField('givenOn', 'validation.consent_before_withdrawal');
        const row = await repository
          .insert({
            seqMedicalRelation: body.seqMedicalRelation,
            givenOn: body.givenOn,
            method: body.method,
            recordedBy: principal.seqManager,
            recordedAt: at,
          })
          .catch((error: unknown) => {
            // Another request recorded one in the meantime.
            if (uniqueViolationOf(error) === 'monitoring_consent_in_force')
              throw new BusinessFailure(FailedCode.ConsentInForce);
            throw error;
          });
        await recordAudit(tx, principal, context, at, [
          relationEntry('create', 'monitoring_consent', relation, row.seqMonitoringConsent),
        ]);
        return readBack(tx, body.seqMedicalRelation, row.seqMonitoringConsent);
      });
    },

    withdraw(principal, body, context) {
      return db.transaction(async (tx) => {
        const repository = monitoringConsentRepository(tx);
        const consent = await repository.findOwned(body.seqMonitoringConsent, principal.seqManager);
        if (!consent) throw notFound();
        if (consent.withdrawnOn !== null) throw new BusinessFailure(FailedCode.ConsentNotInForce);
        const at = now();
        if (body.withdrawnOn > todayIn(at, context.timeZone))
          throw new InvalidField('withdrawnOn', 'validation.consent_date_future');
        if (body.withdrawnOn < consent.givenOn)
          throw new InvalidField('withdrawnOn', 'validation.withdrawal_before_consent');
        const withdrawn = await repository.withdraw(body.seqMonitoringConsent, {
          on: body.withdrawnOn,
          by: principal.seqManager,
          at,
        });
        if (!withdrawn) throw new BusinessFailure(FailedCode.ConsentNotInForce);
        await recordAudit(tx, principal, context, at, [
          relationEntry('update', 'monitoring_consent', consent, body.seqMonitoringConsent),
        ]);
        return readBack(tx, consent.seqMedicalRelation, body.seqMonitoringConsent);
      });
    },
  };
}
