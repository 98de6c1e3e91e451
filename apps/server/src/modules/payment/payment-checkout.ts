import {
  FailedCode,
  type BodyOf,
  type CardType,
  type IntentToConfirm,
  type checkout,
  type completePayment,
  type getPendingPayment,
  type updatePaymentMethod,
} from '@clinic/contract';
import type { Principal, RequestContext } from '../../context.ts';
import type { Answer } from '../../http/route.ts';
import { BusinessFailure, notFound } from '../../domain-error.ts';
import { isUnknown, type GatewayFailure, type PaymentGateway, type SavedCard } from './gateway.ts';
import type { ProcessorInBrowser } from './processor-browser.ts';
import { whilePaymentsLocked } from './payment-lock.ts';
import { processorSilent, type PaymentDependencies, type PaymentRecords } from './payment-records.ts';
import { paymentRepository, type SubscriptionRow } from './payment.repository.ts';

/** Paying: a checkout, a new card, an intent the browser confirmed, a renewal waiting for its holder. */
export interface PaymentCheckout {
  checkout(
    principal: Principal,
    request: BodyOf<typeof checkout>,
    context: RequestContext,
  ): Promise<Answer<typeof checkout>>;
  updateCard(
    principal: Principal,
    request: BodyOf<typeof updatePaymentMethod>,
    context: RequestContext,
  ): Promise<Answer<typeof updatePaymentMethod>>;
  /** Records what became of an intent the clinician's browser confirmed, as the processor tells it. */
  completeIntent(
    principal: Principal,
    intentId: string,
    context: RequestContext,
  ): Promise<Answer<typeof completePayment>>;
  pendingPayment(principal: Principal): Promise<Answer<typeof getPendingPayment>['pending']>;
  /** The processor whose fields the browser shows. */
  processor(): Pick<ProcessorInBrowser, 'processor' | 'publishableKey' | 'scriptUrl'>;
}

export function paymentCheckout(
  { db, gateway, locks, browser }: PaymentDependencies & { browser: ProcessorInBrowser },
  { statusOf, answerCheckout, recordCheckout, recordIntent, makeOnlyOpenIntent }: PaymentRecords,
): PaymentCheckout {
  const fail = (failedCode: GatewayFailure | typeof FailedCode.NoPaymentMethod): never => {
    throw new BusinessFailure(failedCode);
  };

  /** The card on file, to charge. */
  function cardOnFile(row: SubscriptionRow | undefined): SavedCard {
    if (!row?.cardToken || !row.cardType || !row.cardLast4 || !row.cardExpiry) return fail(FailedCode.NoPaymentMethod);
    return { token: row.cardToken, cardType: row.cardType as CardType, last4: row.cardLast4, expiry: row.cardExpiry };
  }

  /** An intent started for the browser to confirm, or why not. */
  function started(result: Awaited<ReturnType<PaymentGateway['startIntent']>>): IntentToConfirm {
    if (isUnknown(result)) throw processorSilent();
    return result.ok ? result.value : fail(result.failedCode);
  }

  return {
    /**
     * Subscribes to a plan. The first subscription starts the free trial with the card checked;
     * after an ended one, or to settle a grace period, the month is charged at once. The processor
     * is never called inside a transaction; the clinician's checkouts take turns, the browser's key
     * makes a retried request answer the first outcome, and it reaches the processor as the
     * charge's key, so the month is charged once.
     */
    async checkout(principal, request, context) {
      const payments = paymentRepository(db);
      const chosen = await payments.findProduct(request.seqProduct);
      if (!chosen) throw notFound();
      const seqManager = principal.seqManager;
      const who = { principal, context };
      const checkoutLocked = async (): Promise<Answer<typeof checkout>> => {
        const earlier = await payments.findPaymentByKey(seqManager, request.idempotencyKey);
        if (earlier) return { ...(await answerCheckout(earlier, chosen.title)), confirm: null };
        const current = await payments.findSubscription(seqManager);
        // A running subscription is paid for: another plan is a plan change (changeSubscription).
        if (current && (current.status === 'trial' || current.status === 'active'))
          throw new BusinessFailure(FailedCode.ProductInUse);
        const key = `checkout:${seqManager}:${request.idempotencyKey}`;
        const purpose = {
          seq_manager: String(seqManager),
          purpose: 'checkout',
          seq_product: String(chosen.seqProduct),
          checkout_key: request.idempotencyKey,
        };
        if (request.newCard) {
          // The first checkout saves the card for the trial; after an ended plan the month is charged.
          const confirm = started(
            await gateway.startIntent({
              kind: current ? 'payment' : 'setup',
              amountMinor: chosen.priceMinor,
              currency: chosen.currency,
              metadata: purpose,
              idempotencyKey: key,
            }),
          );
          // Another tab's month paid meanwhile: the plan is running now.
          if (current && !(await makeOnlyOpenIntent(current, confirm, who))) return checkoutLocked();
          return { subscription: await statusOf(db, seqManager), payment: null, confirm };
        }
        const card = cardOnFile(current);
        const charge = current
          ? await gateway.charge({
              token: card.token,
              amountMinor: chosen.priceMinor,
              currency: chosen.currency,
              idempotencyKey: key,
              metadata: purpose,
            })
          : undefined;
        if (charge && isUnknown(charge)) throw processorSilent();
        // The holder's bank asks them to confirm the charge: the browser shows its challenge.
        const waiting = charge?.ok === false ? charge.waitingForHolder : undefined;
        if (current && waiting) {
          const intent = await gateway.findIntent(waiting);
          if (!intent?.clientSecret) throw processorSilent();
          const confirm = { intentId: waiting, clientSecret: intent.clientSecret, kind: 'payment' as const };
          if (!(await makeOnlyOpenIntent(current, confirm, who))) return checkoutLocked();
          return { subscription: await statusOf(db, seqManager), payment: null, confirm };
        }
        const row = await recordCheckout(
          { seqManager, chosen, current, card, charge, idempotencyKey: request.idempotencyKey },
          who,
        );
        return { ...(await answerCheckout(row, chosen.title)), confirm: null };
      };
      return whilePaymentsLocked(locks, seqManager, checkoutLocked);
    },

    /** Replaces the card on file; in the grace period the overdue month is charged to it at once. */
    async updateCard(principal, request, context) {
      const seqManager = principal.seqManager;
      const updateLocked = async (): Promise<Answer<typeof updatePaymentMethod>> => {
        const payments = paymentRepository(db);
        const current = await payments.findSubscription(seqManager);
        if (!current) throw new BusinessFailure(FailedCode.NoSubscription);
        // A cancelled renewal is not settled: the plan ends with the grace period.
        const settles = current.status === 'grace' && !current.cancelAtPeriodEnd;
        const key = `card:${seqManager}:${request.idempotencyKey}:${settles ? 'settle' : 'save'}`;
        const purpose = { seq_manager: String(seqManager), purpose: 'card' };
        const confirm = started(
          await gateway.startIntent({
            kind: settles ? 'payment' : 'setup',
            amountMinor: current.product.priceMinor,
            currency: current.product.currency,
            metadata: purpose,
            idempotencyKey: key,
          }),
        );
        // Another tab's new card settled the grace period meanwhile: this one only replaces it.
        if (settles && !(await makeOnlyOpenIntent(current, confirm, { principal, context }))) return updateLocked();
        return { subscription: await statusOf(db, seqManager), confirm };
      };
      return whilePaymentsLocked(locks, seqManager, updateLocked);
    },

    async completeIntent(principal, intentId, context) {
      const intent = await gateway.findIntent(intentId);
      // Another clinician's intent answers like one that does not exist.
      if (!intent || intent.metadata.seq_manager !== String(principal.seqManager)) throw notFound();
      return recordIntent(intent, { principal, context });
    },

    processor() {
      return { processor: browser.processor, publishableKey: browser.publishableKey, scriptUrl: browser.scriptUrl };
    },

    async pendingPayment(principal) {
      const current = await paymentRepository(db).findSubscription(principal.seqManager);
      const intent = current?.pendingIntent ? await gateway.findIntent(current.pendingIntent) : undefined;
      if (!current || intent?.status !== 'waiting' || !intent.clientSecret) return null;
      return {
        intent: { intentId: intent.id, clientSecret: intent.clientSecret, kind: 'payment' as const },
        amountMinor: current.product.priceMinor,
        currency: current.product.currency,
        cardLast4: current.cardLast4 ?? '',
      };
    },
  };
}
