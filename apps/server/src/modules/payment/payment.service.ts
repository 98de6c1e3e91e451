import type { Database } from '../../db/client.ts';
import { paymentCheckout, type PaymentCheckout } from './payment-checkout.ts';
import { paymentRecords, type PaymentDependencies, type PaymentRecords } from './payment-records.ts';
import { paymentRepository } from './payment.repository.ts';
import type { ProcessorInBrowser } from './processor-browser.ts';
import { processorEvents, type ProcessorEvents } from './processor-events.ts';
import { subscriptionLifecycle, type SubscriptionLifecycle } from './subscription-lifecycle.ts';

export type { PaymentDependencies } from './payment-records.ts';

/** What the payment routes call: the records' reads, paying, a running subscription, the processor's events. */
export type PaymentService = Pick<PaymentRecords, 'products' | 'summary' | 'history'> &
  PaymentCheckout &
  SubscriptionLifecycle &
  ProcessorEvents;

/**
 * Ends the subscription of a clinician whose account is being deleted, in the deletion's
 * transaction (taken under the payments lock); answers the card token the processor is to forget.
 */
export async function endSubscriptionOfDeletedAccount(
  tx: Database,
  seqManager: number,
  at: Date,
): Promise<string | undefined> {
  const payments = paymentRepository(tx);
  const cardToken = (await payments.findSubscription(seqManager))?.cardToken;
  await payments.endForDeletedAccount(seqManager, at);
  return cardToken ?? undefined;
}

export function paymentService(dependencies: PaymentDependencies & { browser: ProcessorInBrowser }): PaymentService {
  const records = paymentRecords(dependencies);
  return {
    products: records.products,
    summary: records.summary,
    history: records.history,
    ...paymentCheckout(dependencies, records),
    ...subscriptionLifecycle(dependencies, records),
    ...processorEvents(dependencies, records),
  };
}
