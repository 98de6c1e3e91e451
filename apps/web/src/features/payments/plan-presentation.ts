import type { Product, SubscribeStatus, SubscriptionStatus } from '@clinic/contract';

/** The plans cheapest first, as the plans screen shows them. */
export function sortPlans(products: readonly Product[]): Product[] {
  return [...products].sort((a, b) => a.priceMinor - b.priceMinor || a.seqProduct - b.seqProduct);
}

/** A patient limit: 0 means no limit. */
export function isUnlimited(limit: number): boolean {
  return limit <= 0;
}

/** A subscription that still applies (the plan's limit counts): trial, active or grace. */
export function isLiveStatus(status: SubscribeStatus): boolean {
  return status === 'trial' || status === 'active' || status === 'grace';
}

/** The date that goes with a status: when the trial ends, the next renewal, the end of the grace period. */
export function statusDate(subscription: SubscriptionStatus): string | null {
  switch (subscription.subscribeStatus) {
    case 'trial':
      return subscription.trialEndsAt;
    case 'active':
      return subscription.currentPeriodEnd;
    case 'grace':
      return subscription.graceEndsAt;
    default:
      return null;
  }
}

/** The product a subscription runs on, by its seqProduct. */
export function currentProduct(
  subscription: SubscriptionStatus,
  products: readonly Product[] | undefined,
): Product | undefined {
  const seqProduct = subscription.currentSubscriptionInfo?.seqProduct;
  if (seqProduct === undefined || !isLiveStatus(subscription.subscribeStatus)) return undefined;
  return products?.find((product) => product.seqProduct === seqProduct);
}

/** What a plan card offers: the current plan, a change to it, or a subscription. */
export function planAction(
  product: Product,
  subscription: SubscriptionStatus | undefined,
): 'current' | 'change' | 'subscribe' {
  if (!subscription || !isLiveStatus(subscription.subscribeStatus)) return 'subscribe';
  return subscription.currentSubscriptionInfo?.seqProduct === product.seqProduct ? 'current' : 'change';
}

/** Whether the active patients fit a plan's limit (a downgrade below the count blocks the clinician). */
export function fitsPlan(activePatients: number, limit: number): boolean {
  return isUnlimited(limit) || activePatients <= limit;
}
