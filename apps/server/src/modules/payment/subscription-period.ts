import type { NewPayment, ProductRow, SubscriptionRow } from './payment.repository.ts';
import type { GatewayOutcome } from './gateway.ts';

export const dayMs = 86_400_000;

/** The same day of the next month (the last day when the next month is shorter), same time. */
export function addMonth(at: Date): Date {
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(year, month, Math.min(at.getUTCDate(), lastDay), at.getUTCHours(), at.getUTCMinutes(), at.getUTCSeconds()),
  );
}

/** A subscription that still grants its plan: trial, active, or in its grace period. */
export const isLive = (row: SubscriptionRow | undefined): row is SubscriptionRow =>
  row !== undefined && row.status !== 'ended';

/** A subscription to charge now: its period is over, or its grace period retries; never a cancelled one. */
export const isDue = (row: SubscriptionRow, at: Date): boolean =>
  !row.cancelAtPeriodEnd && (row.status === 'grace' || (isLive(row) && row.currentPeriodEnd <= at));

/** The record of a charge of a subscription's plan: a month from `periodStart` paid, or a failure. */
export function planCharge(
  row: SubscriptionRow & { product: ProductRow },
  kind: 'renewal' | 'retry',
  charge: GatewayOutcome<{ chargeId: string }>,
  periodStart: Date,
  cardLast4: string | null,
  at: Date,
): NewPayment {
  return {
    seqManager: row.seqManager,
    seqProduct: row.seqProduct,
    kind,
    status: charge.ok ? 'paid' : 'failed',
    amountMinor: row.product.priceMinor,
    currency: row.product.currency,
    periodStart: charge.ok ? periodStart : null,
    periodEnd: charge.ok ? addMonth(periodStart) : null,
    cardLast4,
    chargeId: charge.ok ? charge.value.chargeId : null,
    failedCode: charge.ok ? null : charge.failedCode,
    createdAt: at,
  };
}
