import type {
  CardType,
  IntentToConfirm,
  Payment,
  Product,
  SubscriptionStatus,
  completePayment,
  getMyPurchaseHistory,
  getMyPurchaseSummary,
} from '@clinic/contract';
import { FailedCode, subscriptionRules } from '@clinic/contract';
import type { Clock, Principal } from '../../context.ts';
import type { Database, Locks } from '../../db/client.ts';
import type { Answer } from '../../http/route.ts';
import { BusinessFailure, HttpFailure, notFound } from '../../domain-error.ts';
import { recordAudit, type AuditOrigin } from '../audit/index.ts';
import type { ReceiptService } from '../receipt/index.ts';
import { ownershipRepository } from '../shared/index.ts';
import type { GatewayFailure, GatewayOutcome, IntentState, PaymentGateway, SavedCard } from './gateway.ts';
import { toPayment, toProduct } from './payment.mapper.ts';
import { whilePaymentsLocked } from './payment-lock.ts';
import { paymentRepository, type PaymentRow, type ProductRow, type SubscriptionRow } from './payment.repository.ts';
import { addMonth, dayMs, isLive, planCharge } from './subscription-period.ts';
import { subscriptionStatusOf } from './subscription-status.ts';

/**
 * The processor did not say whether it charged: nothing is recorded and the answer is a server
 * error, so the browser keeps its idempotency key and its retry gets the first outcome.
 */
export const processorSilent = (): HttpFailure => new HttpFailure(503, FailedCode.PaymentFailed);

/**
 * Who made a change, for the audit log: the clinician, from their browser, or from the processor's
 * webhook request when the processor told us of a payment they confirmed.
 */
interface Who {
  principal: Pick<Principal, 'seqUser' | 'seqManager'>;
  context: AuditOrigin;
}

/** What the payment service and the renewal job work with. */
export interface PaymentDependencies {
  db: Database;
  now: Clock;
  gateway: PaymentGateway;
  locks: Locks;
  /** Issues the receipt of each charge recorded as paid, in the transaction that records it. */
  receipts: Pick<ReceiptService, 'issue'>;
}

/** A checkout to record: the plan chosen, the subscription it follows, the card, and the charge made (none for a trial). */
interface CheckoutToRecord {
  seqManager: number;
  chosen: ProductRow;
  current: SubscriptionRow | undefined;
  card: SavedCard;
  charge: GatewayOutcome<{ chargeId: string }> | undefined;
  idempotencyKey: string;
}

/** The clinician's payment records: what they read of them, and how the other parts record outcomes in them. */
export interface PaymentRecords {
  products: () => Promise<Product[]>;
  summary: (principal: Principal) => Promise<Answer<typeof getMyPurchaseSummary>>;
  history: (principal: Principal, page: number, size: number) => Promise<Answer<typeof getMyPurchaseHistory>>;
  /** The clinician's subscription as answered, read in the transaction given. */
  statusOf: (database: Database, seqManager: number) => Promise<SubscriptionStatus>;
  answerCheckout: (
    row: PaymentRow,
    productTitle: string,
  ) => Promise<{ subscription: SubscriptionStatus; payment: Payment }>;
  recordCheckout: (checkout: CheckoutToRecord, who: Who) => Promise<PaymentRow>;
  recordIntent: (intent: IntentState, who: Who) => Promise<Answer<typeof completePayment>>;
  makeOnlyOpenIntent: (current: SubscriptionRow, confirm: IntentToConfirm, who: Who) => Promise<boolean>;
}

export function paymentRecords({ db, now, gateway, locks, receipts }: PaymentDependencies): PaymentRecords {
  const statusOf = (database: Database, seqManager: number): Promise<SubscriptionStatus> =>
    subscriptionStatusOf(database, seqManager, now());

  const methodOf = (card: SavedCard) => ({
    paymentType: 'card' as const,
    cardType: card.cardType,
    last4: card.last4,
    expiry: card.expiry,
  });

  /** A checkout's recorded outcome as answered: a refusal is its code. */
  async function answerCheckout(row: PaymentRow, productTitle: string) {
    if (row.status === 'failed') throw new BusinessFailure(row.failedCode as GatewayFailure);
    return { subscription: await statusOf(db, row.seqManager), payment: toPayment(row, productTitle) };
  }

  /**
   * Records a checkout: a trial started (no charge) or a month charged, the subscription and its
   * card; a refused charge is kept under the browser's key, so a retry finds it, but changes nothing
   * else. The card it replaced is forgotten at the processor after this committed.
   */
  async function recordCheckout(
    { seqManager, chosen, current, card, charge, idempotencyKey }: CheckoutToRecord,
    who: Who,
  ): Promise<PaymentRow> {
    const at = now();
    const periodEnd = charge ? addMonth(at) : new Date(at.getTime() + subscriptionRules.trialDays * dayMs);
    const paid = await db.transaction(async (tx) => {
      const books = paymentRepository(tx);
      await ownershipRepository(tx).lockManager(seqManager);
      const row = await books.insertPayment({
        seqManager,
        seqProduct: chosen.seqProduct,
        kind: 'subscribe',
        status: !charge ? 'trial' : charge.ok ? 'paid' : 'failed',
        amountMinor: charge ? chosen.priceMinor : 0,
        currency: chosen.currency,
        periodStart: charge?.ok === false ? null : at,
        periodEnd: charge?.ok === false ? null : periodEnd,
        cardLast4: card.last4,
        chargeId: charge?.ok ? charge.value.chargeId : null,
        failedCode: charge?.ok === false ? charge.failedCode : null,
        idempotencyKey,
        createdAt: at,
      });
      await receipts.issue(tx, row);
      if (charge?.ok === false) return row;
      await books.saveSubscription({
        seqManager,
        seqProduct: chosen.seqProduct,
        status: charge ? 'active' : 'trial',
        trialEndsAt: charge ? (current?.trialEndsAt ?? null) : periodEnd,
        currentPeriodEnd: periodEnd,
        graceEndsAt: null,
        lastAttemptAt: null,
        // Settled here: a renewal charge left unknown is not made again under its old key.
        chargeKey: null,
        pendingIntent: null,
        openIntent: null,
        planChangedAt: current && current.seqProduct !== chosen.seqProduct ? at : (current?.planChangedAt ?? null),
        cancelAtPeriodEnd: false,
        cardType: card.cardType,
        cardLast4: card.last4,
        cardExpiry: card.expiry,
        cardToken: card.token,
        createdAt: at,
        updatedAt: at,
      });
      await recordAudit(tx, who.principal, who.context, now(), [{ action: 'update', entity: 'subscription' }]);
      return row;
    });
    // The card this one replaced stays with the processor no longer.
    if (current?.cardToken && current.cardToken !== card.token && paid.status !== 'failed')
      await gateway.forgetCard(current.cardToken);
    return paid;
  }

  /**
   * Records a new card on file; a charge made with it settles the grace period (a refused one is
   * kept in the history). The card it replaced is forgotten at the processor after this committed.
   */
  async function recordCard(
    {
      current,
      card,
      charge,
      at,
    }: {
      current: SubscriptionRow & { product: ProductRow };
      card: SavedCard;
      charge: GatewayOutcome<{ chargeId: string }> | undefined;
      at: Date;
    },
    who: Who,
  ): Promise<void> {
    await db.transaction(async (tx) => {
      const books = paymentRepository(tx);
      await books.updateSubscription(current.seqManager, {
        cardType: card.cardType,
        cardLast4: card.last4,
        cardExpiry: card.expiry,
        cardToken: card.token,
        ...(charge?.ok && {
          status: 'active' as const,
          currentPeriodEnd: addMonth(at),
          graceEndsAt: null,
          lastAttemptAt: null,
          chargeKey: null,
          pendingIntent: null,
          openIntent: null,
        }),
        updatedAt: at,
      });
      if (charge)
        await receipts.issue(tx, await books.insertPayment(planCharge(current, 'retry', charge, at, card.last4, at)));
      await recordAudit(tx, who.principal, who.context, now(), [{ action: 'update', entity: 'payment_method' }]);
    });
    if (current.cardToken && current.cardToken !== card.token) await gateway.forgetCard(current.cardToken);
  }

  /**
   * Records what became of an intent, told by the browser (completeIntent) or by a webhook event,
   * as the processor has it, audited as the clinician's: each at most once, whoever tells first. A
   * checkout finds its first record by the browser's key; a card change and a renewal by the
   * intent's id.
   */
  function recordIntent(intent: IntentState, who: Who): Promise<Answer<typeof completePayment>> {
    return whilePaymentsLocked(locks, Number(intent.metadata.seq_manager), () => recordIntentLocked(intent, who));
  }

  /** recordIntent, under the clinician's payment lock. */
  async function recordIntentLocked(intent: IntentState, who: Who): Promise<Answer<typeof completePayment>> {
    const seqManager = Number(intent.metadata.seq_manager);
    const payments = paymentRepository(db);
    const current = await payments.findSubscription(seqManager);
    const answer = async (payment: Payment | null = null) => ({
      subscription: await statusOf(db, seqManager),
      payment,
      paymentMethod: intent.card ? methodOf(intent.card) : null,
    });
    if (intent.metadata.purpose === 'checkout') {
      const chosen = await payments.findProduct(Number(intent.metadata.seq_product));
      const key = intent.metadata.checkout_key;
      if (!chosen || !key) throw notFound();
      const earlier = await payments.findPaymentByKey(seqManager, key);
      if (earlier) return answer((await answerCheckout(earlier, chosen.title)).payment);
      if (intent.status === 'failed') throw new BusinessFailure(intent.failedCode);
      if (intent.status === 'waiting' || !intent.card) throw processorSilent();
      const charge = intent.kind === 'payment' ? { ok: true as const, value: { chargeId: intent.id } } : undefined;
      // A trial is started once: another tab may have subscribed meanwhile.
      if (!charge && current && current.status !== 'ended') throw new BusinessFailure(FailedCode.ProductInUse);
      const row = await recordCheckout(
        { seqManager, chosen, current, card: intent.card, charge, idempotencyKey: key },
        who,
      );
      return answer((await answerCheckout(row, chosen.title)).payment);
    }
    if (intent.status === 'failed') throw new BusinessFailure(intent.failedCode);
    if (intent.status === 'waiting') throw processorSilent();
    if (!current) throw new BusinessFailure(FailedCode.NoSubscription);
    if (!(await payments.recordEvent(`intent:${intent.id}`, intent.metadata.purpose ?? '', now()))) return answer();
    if (intent.metadata.purpose === 'card' && intent.card) {
      const charge = intent.kind === 'payment' ? { ok: true as const, value: { chargeId: intent.id } } : undefined;
      await recordCard({ current, card: intent.card, charge, at: now() }, who);
    } else if (intent.metadata.purpose === 'renewal' && current.pendingIntent === intent.id) {
      await recordConfirmedRenewal(current, intent.id, who);
    }
    return answer();
  }

  /**
   * Makes a PaymentIntent answered to a browser the clinician's only open one: the one answered
   * before (another tab's, say) and a renewal charge waiting for its holder are cancelled at the
   * processor first, so neither can charge the same month again. When one charged before it could
   * be cancelled, it is recorded, the new one is cancelled instead, and false asks the caller to
   * look at the request again (the plan is now paid). Under the clinician's payment lock.
   */
  async function makeOnlyOpenIntent(current: SubscriptionRow, confirm: IntentToConfirm, who: Who): Promise<boolean> {
    const earlier = [current.openIntent, current.pendingIntent].filter(
      (intentId): intentId is string => intentId !== null && intentId !== confirm.intentId,
    );
    for (const intentId of earlier) {
      const closed = await gateway.cancelIntent(intentId);
      if (closed === 'succeeded') {
        const paid = await gateway.findIntent(intentId);
        if (!paid) throw processorSilent();
        // No browser was given the new one; cancelled, it waits at the processor for nothing.
        await gateway.cancelIntent(confirm.intentId);
        await recordIntentLocked(paid, who).catch((error: unknown) => {
          if (!(error instanceof BusinessFailure)) throw error;
        });
        await paymentRepository(db).updateSubscription(current.seqManager, { openIntent: null });
        return false;
      }
      if (closed !== 'cancelled') throw processorSilent();
    }
    await paymentRepository(db).updateSubscription(current.seqManager, {
      openIntent: confirm.intentId,
      pendingIntent: null,
    });
    return true;
  }

  /** A renewal charge its holder confirmed: the month from now is paid and the grace period over. */
  async function recordConfirmedRenewal(
    current: SubscriptionRow & { product: ProductRow },
    intentId: string,
    who: Who,
  ): Promise<void> {
    const at = now();
    await db.transaction(async (tx) => {
      const books = paymentRepository(tx);
      await receipts.issue(
        tx,
        await books.insertPayment(
          planCharge(current, 'retry', { ok: true, value: { chargeId: intentId } }, at, current.cardLast4, at),
        ),
      );
      await books.updateSubscription(current.seqManager, {
        status: 'active',
        currentPeriodEnd: addMonth(at),
        graceEndsAt: null,
        lastAttemptAt: null,
        chargeKey: null,
        pendingIntent: null,
        updatedAt: at,
      });
      await recordAudit(tx, who.principal, who.context, at, [{ action: 'update', entity: 'subscription' }]);
    });
  }

  return {
    statusOf,
    answerCheckout,
    recordCheckout,
    recordIntent,
    makeOnlyOpenIntent,

    async products(): Promise<Product[]> {
      return (await paymentRepository(db).listProducts()).map(toProduct);
    },

    async summary(principal) {
      const row = await paymentRepository(db).findSubscription(principal.seqManager);
      const live = isLive(row);
      const renews = live && !row.cancelAtPeriodEnd;
      return {
        product: live ? toProduct(row.product) : null,
        nextChargeAt: renews ? row.currentPeriodEnd.toISOString() : null,
        nextAmountMinor: renews ? row.product.priceMinor : null,
        paymentMethod:
          row?.cardType && row.cardLast4 && row.cardExpiry
            ? {
                paymentType: 'card' as const,
                cardType: row.cardType as CardType,
                last4: row.cardLast4,
                expiry: row.cardExpiry,
              }
            : null,
      };
    },

    async history(principal, page, size) {
      const { rows, totalCount } = await paymentRepository(db).pagePayments(principal.seqManager, page, size);
      return { purchaseList: rows.map((row) => toPayment(row.payment, row.productTitle)), totalCount };
    },
  };
}
