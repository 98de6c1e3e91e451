import { FailedCode, subscriptionRules, type SubscriptionStatus, type updatePenaltyInfo } from '@clinic/contract';
import type { Principal, RequestContext } from '../../context.ts';
import type { Answer } from '../../http/route.ts';
import { BusinessFailure, notFound } from '../../domain-error.ts';
import { recordAudit } from '../audit/index.ts';
import { ownershipRepository } from '../shared/index.ts';
import { whilePaymentsLocked } from './payment-lock.ts';
import type { PaymentDependencies, PaymentRecords } from './payment-records.ts';
import { paymentRepository } from './payment.repository.ts';
import { dayMs, isLive } from './subscription-period.ts';

/** A running subscription: its status, its plan, its renewal, and the clinician's choice over the limit. */
export interface SubscriptionLifecycle {
  status(principal: Principal): Promise<SubscriptionStatus>;
  changePlan(principal: Principal, seqProduct: number, context: RequestContext): Promise<SubscriptionStatus>;
  changeRenewal(principal: Principal, cancelAtPeriodEnd: boolean, context: RequestContext): Promise<SubscriptionStatus>;
  recordPenaltyChoice(
    principal: Principal,
    choice: 'pay' | 'deactivate' | 'later',
  ): Promise<Answer<typeof updatePenaltyInfo>['penalty']>;
}

export function subscriptionLifecycle(
  { db, now, locks }: PaymentDependencies,
  { statusOf }: PaymentRecords,
): SubscriptionLifecycle {
  return {
    status(principal): Promise<SubscriptionStatus> {
      return statusOf(db, principal.seqManager);
    },

    /** Moves to another plan, once a month: its limit at once, its price from the next charge. */
    async changePlan(principal, seqProduct, context): Promise<SubscriptionStatus> {
      return whilePaymentsLocked(locks, principal.seqManager, () =>
        db.transaction(async (tx) => {
          const payments = paymentRepository(tx);
          await ownershipRepository(tx).lockManager(principal.seqManager);
          const chosen = await payments.findProduct(seqProduct);
          if (!chosen) throw notFound();
          const current = await payments.findSubscription(principal.seqManager);
          if (!isLive(current)) throw new BusinessFailure(FailedCode.NoSubscription);
          if (current.seqProduct === seqProduct) throw new BusinessFailure(FailedCode.ProductInUse);
          const at = now();
          if (
            current.planChangedAt &&
            at.getTime() - current.planChangedAt.getTime() < subscriptionRules.planChangeDays * dayMs
          )
            throw new BusinessFailure(FailedCode.PlanChangeTooSoon);
          await payments.updateSubscription(principal.seqManager, { seqProduct, planChangedAt: at, updatedAt: at });
          await recordAudit(tx, principal, context, now(), [{ action: 'update', entity: 'subscription' }]);
          return statusOf(tx, principal.seqManager);
        }),
      );
    },

    /** Cancels the renewal (the plan ends with its period, without a charge) or resumes it before then. */
    async changeRenewal(principal, cancelAtPeriodEnd, context): Promise<SubscriptionStatus> {
      return whilePaymentsLocked(locks, principal.seqManager, () =>
        db.transaction(async (tx) => {
          const payments = paymentRepository(tx);
          if (!isLive(await payments.findSubscription(principal.seqManager)))
            throw new BusinessFailure(FailedCode.NoSubscription);
          await payments.updateSubscription(principal.seqManager, { cancelAtPeriodEnd, updatedAt: now() });
          await recordAudit(tx, principal, context, now(), [{ action: 'update', entity: 'subscription' }]);
          return statusOf(tx, principal.seqManager);
        }),
      );
    },

    /** Records what a clinician over the limit chose in the pay pop-up, with the numbers at that moment. */
    async recordPenaltyChoice(principal, choice) {
      const status = await statusOf(db, principal.seqManager);
      const row = await paymentRepository(db).insertPenalty({
        seqManager: principal.seqManager,
        choice,
        activePatients: status.activePatients,
        patientLimit: status.patientLimit,
        createdAt: now(),
      });
      return {
        choice: row.choice,
        activePatients: row.activePatients,
        patientLimit: row.patientLimit,
        recordedAt: row.createdAt.toISOString(),
      };
    },
  };
}
