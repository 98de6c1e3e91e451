import { rules, subscriptionRules, type SubscriptionStatus } from '@clinic/contract';
import type { Database } from '../../db/client.ts';
import { ownershipRepository } from '../shared/index.ts';
import { paymentRepository } from './payment.repository.ts';
import { dayMs, isLive } from './subscription-period.ts';

/** The clinician's subscription as the options screen shows it, with the patients it covers. */
export async function subscriptionStatusOf(
  database: Database,
  seqManager: number,
  at: Date,
): Promise<SubscriptionStatus> {
  const row = await paymentRepository(database).findSubscription(seqManager);
  const activePatients = await ownershipRepository(database).countActive(seqManager);
  const live = isLive(row);
  const patientLimit = live ? row.product.patientLimit : rules.freePatientLimit;
  const changeAllowedAt = row?.planChangedAt
    ? new Date(row.planChangedAt.getTime() + subscriptionRules.planChangeDays * dayMs)
    : undefined;
  return {
    isSubscribeActive: live,
    subscribeStatus: row?.status ?? 'none',
    isGracePeriod: row?.status === 'grace',
    currentSubscriptionInfo: live
      ? {
          productPatientProfileLimit: row.product.patientLimit,
          seqProduct: row.product.seqProduct,
          defaultProductTitle: row.product.title,
          defaultProductSubTitle: row.product.subtitle,
          paymentType: 'card',
        }
      : null,
    trialEndsAt: row?.status === 'trial' ? (row.trialEndsAt?.toISOString() ?? null) : null,
    currentPeriodEnd: live ? row.currentPeriodEnd.toISOString() : null,
    graceEndsAt: row?.status === 'grace' ? (row.graceEndsAt?.toISOString() ?? null) : null,
    planChangeAllowedAt: changeAllowedAt && changeAllowedAt > at ? changeAllowedAt.toISOString() : null,
    cancelAtPeriodEnd: live && row.cancelAtPeriodEnd,
    activePatients,
    patientLimit,
    isOverLimit: patientLimit > 0 && activePatients > patientLimit,
  };
}
