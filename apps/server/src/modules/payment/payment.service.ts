import {
  FailedCode,
  subscriptionRules,
  type CardType,
  type Payment,
  type Product,
  type SubscriptionStatus,
  type checkout,
  type completePayment,
  type IntentToConfirm,
  type getMyPurchaseSummary,
  type getPendingPayment,
  type getMyPurchaseHistory,
  type updatePaymentMethod,
  type updatePenaltyInfo,
  type BodyOf,
} from '@clinic/contract';
import type Stripe from 'stripe';
import type { Clock, Principal, RequestContext } from '../../context.ts';
import type { Database, Locks } from '../../db/client.ts';
import type { Answer } from '../../http/route.ts';
import { BusinessFailure, HttpFailure, notFound } from '../../domain-error.ts';
import { recordAudit, type AuditOrigin } from '../audit/index.ts';
import type { ReceiptService } from '../receipt/index.ts';
import { ownershipRepository } from '../shared/index.ts';
import {
  isUnknown,
  type GatewayFailure,
  type GatewayOutcome,
  type IntentState,
  type PaymentGateway,
  type SavedCard,
} from './gateway.ts';
import { toPayment, toProduct } from './payment.mapper.ts';
import type { ProcessorInBrowser } from './processor-browser.ts';
import { whilePaymentsLocked } from './payment-lock.ts';
import { paymentRepository, type PaymentRow, type ProductRow, type SubscriptionRow } from './payment.repository.ts';
import { addMonth, dayMs, isLive, planCharge } from './subscription-period.ts';
import { subscriptionStatusOf } from './subscription-status.ts';

/**
 * The processor did not say whether it charged: nothing is recorded and the answer is a server
 * error, so the browser keeps its idempotency key and its retry gets the first outcome.
 */
const processorSilent = (): HttpFailure => new HttpFailure(503, FailedCode.PaymentFailed);

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

export interface PaymentService {
  products(): Promise<Product[]>;
  status(principal: Principal): Promise<SubscriptionStatus>;
  summary(principal: Principal): Promise<Answer<typeof getMyPurchaseSummary>>;
  history(principal: Principal, page: number, size: number): Promise<Answer<typeof getMyPurchaseHistory>>;
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
  changePlan(principal: Principal, seqProduct: number, context: RequestContext): Promise<SubscriptionStatus>;
  changeRenewal(principal: Principal, cancelAtPeriodEnd: boolean, context: RequestContext): Promise<SubscriptionStatus>;
  recordPenaltyChoice(
    principal: Principal,
    choice: 'pay' | 'deactivate' | 'later',
  ): Promise<Answer<typeof updatePenaltyInfo>['penalty']>;
  /**
   * A webhook event of the processor: refused unless its signature is the processor's, handled
   * once (by its id) and in any order; 'retry' asks the processor to deliver it again later.
   */
  receiveEvent(payload: string, signature: string, origin: AuditOrigin): Promise<'handled' | 'refused' | 'retry'>;
}

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

export function paymentService({
  db,
  now,
  gateway,
  locks,
  receipts,
  browser,
}: PaymentDependencies & { browser: ProcessorInBrowser }): PaymentService {
  const statusOf = (database: Database, seqManager: number): Promise<SubscriptionStatus> =>
    subscriptionStatusOf(database, seqManager, now());

  const fail = (failedCode: GatewayFailure | typeof FailedCode.NoPaymentMethod): never => {
    throw new BusinessFailure(failedCode);
  };

  /** The card on file, to charge. */
  function cardOnFile(row: SubscriptionRow | undefined): SavedCard {
    if (!row?.cardToken || !row.cardType || !row.cardLast4 || !row.cardExpiry) return fail(FailedCode.NoPaymentMethod);
    return { token: row.cardToken, cardType: row.cardType as CardType, last4: row.cardLast4, expiry: row.cardExpiry };
  }

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

  /** An intent started for the browser to confirm, or why not. */
  function started(result: Awaited<ReturnType<PaymentGateway['startIntent']>>): IntentToConfirm {
    if (isUnknown(result)) throw processorSilent();
    return result.ok ? result.value : fail(result.failedCode);
  }

  /**
   * Records a checkout: a trial started (no charge) or a month charged, the subscription and its
   * card; a refused charge is kept under the browser's key, so a retry finds it, but changes nothing
   * else. The card it replaced is forgotten at the processor after this committed.
   */
  async function recordCheckout(
    {
      seqManager,
      chosen,
      current,
      card,
      charge,
      idempotencyKey,
    }: {
      seqManager: number;
      chosen: ProductRow;
      current: SubscriptionRow | undefined;
      card: SavedCard;
      charge: GatewayOutcome<{ chargeId: string }> | undefined;
      idempotencyKey: string;
    },
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
    async products(): Promise<Product[]> {
      return (await paymentRepository(db).listProducts()).map(toProduct);
    },

    status(principal): Promise<SubscriptionStatus> {
      return statusOf(db, principal.seqManager);
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

    async receiveEvent(payload, signature, origin) {
      let event: Stripe.Event;
      try {
        event = gateway.verifyEvent(payload, signature);
      } catch {
        return 'refused';
      }
      const payments = paymentRepository(db);
      if (await payments.hasEvent(event.id)) return 'handled';
      const object = (event.data as { object?: { id?: string; metadata?: Record<string, string> } } | undefined)
        ?.object;
      if (object?.id && object.metadata?.seq_manager && /^(setup|payment)_intent\./.test(event.type)) {
        // The event says something happened, not what is true now (events come in any order): the
        // processor is asked for the intent as it is.
        const intent = await gateway.findIntent(object.id);
        if (!intent) return 'retry';
        const seqManager = Number(intent.metadata.seq_manager);
        const seqUser = await payments.findUserOf(seqManager);
        if (intent.status === 'succeeded' && seqUser !== undefined)
          await recordIntent(intent, { principal: { seqUser, seqManager }, context: origin }).catch(
            (error: unknown) => {
              // Refused by our rules (another tab subscribed first, say): nothing to record.
              if (!(error instanceof BusinessFailure)) throw error;
            },
          );
      }
      await payments.recordEvent(event.id, event.type, now());
      return 'handled';
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
