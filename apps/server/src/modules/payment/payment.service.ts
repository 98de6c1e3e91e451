import {
  FailedCode,
  subscriptionRules,
  type Card,
  type CardType,
  type Payment,
  type Product,
  type SubscriptionStatus,
  type getMyPurchaseSummary,
  type getMyPurchaseHistory,
  type updatePaymentMethod,
  type updatePenaltyInfo,
} from '@clinic/contract';
import type Stripe from 'stripe';
import type { Clock, Principal, RequestContext } from '../../context.ts';
import type { Database, Locks } from '../../db/client.ts';
import type { Answer } from '../../http/route.ts';
import { BusinessFailure, HttpFailure, notFound } from '../../domain-error.ts';
import { recordAudit } from '../audit/index.ts';
import { ownershipRepository } from '../shared/index.ts';
import { isUnknown, type GatewayFailure, type PaymentGateway } from './gateway.ts';
import { toPayment, toProduct } from './payment.mapper.ts';
import { whilePaymentsLocked } from './payment-lock.ts';
import { paymentRepository, type PaymentRow, type SubscriptionRow } from './payment.repository.ts';
import { addMonth, dayMs, isLive, planCharge } from './subscription-period.ts';
import { subscriptionStatusOf } from './subscription-status.ts';

/**
 * The processor did not say whether it charged: nothing is recorded and the answer is a server
 * error, so the browser keeps its idempotency key and its retry gets the first outcome.
 */
const processorSilent = (): HttpFailure => new HttpFailure(503, FailedCode.PaymentFailed);

/** What the payment service and the renewal job work with. */
export interface PaymentDependencies {
  db: Database;
  now: Clock;
  gateway: PaymentGateway;
  locks: Locks;
}

export interface PaymentService {
  products(): Promise<Product[]>;
  status(principal: Principal): Promise<SubscriptionStatus>;
  summary(principal: Principal): Promise<Answer<typeof getMyPurchaseSummary>>;
  history(principal: Principal, page: number, size: number): Promise<Answer<typeof getMyPurchaseHistory>>;
  checkout(
    principal: Principal,
    request: { seqProduct: number; card?: Card | undefined; idempotencyKey: string },
    context: RequestContext,
  ): Promise<{ subscription: SubscriptionStatus; payment: Payment | null }>;
  updateCard(
    principal: Principal,
    request: { card: Card; idempotencyKey: string },
    context: RequestContext,
  ): Promise<Answer<typeof updatePaymentMethod>>;
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
  receiveEvent(payload: string, signature: string): Promise<'handled' | 'refused' | 'retry'>;
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

export function paymentService({ db, now, gateway, locks }: PaymentDependencies): PaymentService {
  const statusOf = (database: Database, seqManager: number): Promise<SubscriptionStatus> =>
    subscriptionStatusOf(database, seqManager, now());

  const fail = (failedCode: GatewayFailure | typeof FailedCode.NoPaymentMethod): never => {
    throw new BusinessFailure(failedCode);
  };

  /** The card to charge: a new one saved with the processor (under the request's key), or the one on file. */
  async function cardFor(card: Card | undefined, row: SubscriptionRow | undefined, idempotencyKey: string) {
    if (!card) {
      if (!row?.cardToken || !row.cardType || !row.cardLast4 || !row.cardExpiry)
        return fail(FailedCode.NoPaymentMethod);
      return { token: row.cardToken, cardType: row.cardType as CardType, last4: row.cardLast4, expiry: row.cardExpiry };
    }
    const saved = await gateway.saveCard(card, idempotencyKey);
    if (isUnknown(saved)) throw processorSilent();
    return saved.ok ? saved.value : fail(saved.failedCode);
  }

  return {
    async products(): Promise<Product[]> {
      return (await paymentRepository(db).listProducts()).map(toProduct);
    },

    status(principal: Principal): Promise<SubscriptionStatus> {
      return statusOf(db, principal.seqManager);
    },

    async summary(principal: Principal) {
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
                cardType: row.cardType as Card['cardType'],
                last4: row.cardLast4,
                expiry: row.cardExpiry,
              }
            : null,
      };
    },

    async history(principal: Principal, page: number, size: number) {
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
    async checkout(
      principal: Principal,
      request: { seqProduct: number; card?: Card | undefined; idempotencyKey: string },
      context: RequestContext,
    ): Promise<{ subscription: SubscriptionStatus; payment: Payment | null }> {
      const payments = paymentRepository(db);
      const chosen = await payments.findProduct(request.seqProduct);
      if (!chosen) throw notFound();
      const answer = async (row: PaymentRow) => {
        if (row.status === 'failed') throw new BusinessFailure(row.failedCode as GatewayFailure);
        return { subscription: await statusOf(db, principal.seqManager), payment: toPayment(row, chosen.title) };
      };
      return whilePaymentsLocked(locks, principal.seqManager, async () => {
        const earlier = await payments.findPaymentByKey(principal.seqManager, request.idempotencyKey);
        if (earlier) return answer(earlier);
        const current = await payments.findSubscription(principal.seqManager);
        // A running subscription is paid for: another plan is a plan change (changeSubscription).
        if (current && (current.status === 'trial' || current.status === 'active'))
          throw new BusinessFailure(FailedCode.ProductInUse);
        const key = `checkout:${principal.seqManager}:${request.idempotencyKey}`;
        const card = await cardFor(request.card, current, key);
        const at = now();
        const charge = current
          ? await gateway.charge({
              token: card.token,
              amountMinor: chosen.priceMinor,
              currency: chosen.currency,
              idempotencyKey: key,
            })
          : undefined;
        if (charge && isUnknown(charge)) throw processorSilent();
        const periodEnd = current ? addMonth(at) : new Date(at.getTime() + subscriptionRules.trialDays * dayMs);
        const paid = await db.transaction(async (tx) => {
          const books = paymentRepository(tx);
          await ownershipRepository(tx).lockManager(principal.seqManager);
          const row = await books.insertPayment({
            seqManager: principal.seqManager,
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
            idempotencyKey: request.idempotencyKey,
            createdAt: at,
          });
          // A refused charge is kept, so a retry finds it, but changes nothing else.
          if (charge?.ok === false) return row;
          await books.saveSubscription({
            seqManager: principal.seqManager,
            seqProduct: chosen.seqProduct,
            status: charge ? 'active' : 'trial',
            trialEndsAt: charge ? (current?.trialEndsAt ?? null) : periodEnd,
            currentPeriodEnd: periodEnd,
            graceEndsAt: null,
            lastAttemptAt: null,
            // Settled here: a renewal charge left unknown is not made again under its old key.
            chargeKey: null,
            pendingIntent: null,
            planChangedAt: current && current.seqProduct !== chosen.seqProduct ? at : (current?.planChangedAt ?? null),
            cancelAtPeriodEnd: false,
            cardType: card.cardType,
            cardLast4: card.last4,
            cardExpiry: card.expiry,
            cardToken: card.token,
            createdAt: at,
            updatedAt: at,
          });
          await recordAudit(tx, principal, context, now(), [{ action: 'update', entity: 'subscription' }]);
          return row;
        });
        // The card this one replaced stays with the processor no longer.
        if (current?.cardToken && current.cardToken !== card.token && paid.status !== 'failed')
          await gateway.forgetCard(current.cardToken);
        return answer(paid);
      });
    },

    /** Replaces the card on file; in the grace period the overdue month is charged to it at once. */
    async updateCard(principal: Principal, request: { card: Card; idempotencyKey: string }, context: RequestContext) {
      return whilePaymentsLocked(locks, principal.seqManager, async () => {
        const payments = paymentRepository(db);
        const current = await payments.findSubscription(principal.seqManager);
        if (!current) throw new BusinessFailure(FailedCode.NoSubscription);
        const key = `card:${principal.seqManager}:${request.idempotencyKey}`;
        const card = await cardFor(request.card, current, key);
        const at = now();
        // A cancelled renewal is not settled: the plan ends with the grace period.
        const charge =
          current.status === 'grace' && !current.cancelAtPeriodEnd
            ? await gateway.charge({
                token: card.token,
                amountMinor: current.product.priceMinor,
                currency: current.product.currency,
                idempotencyKey: key,
              })
            : undefined;
        if (charge && isUnknown(charge)) throw processorSilent();
        await db.transaction(async (tx) => {
          const books = paymentRepository(tx);
          await books.updateSubscription(principal.seqManager, {
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
            }),
            updatedAt: at,
          });
          if (charge) await books.insertPayment(planCharge(current, 'retry', charge, at, card.last4, at));
          await recordAudit(tx, principal, context, now(), [{ action: 'update', entity: 'payment_method' }]);
        });
        if (current.cardToken && current.cardToken !== card.token) await gateway.forgetCard(current.cardToken);
        if (charge?.ok === false) throw new BusinessFailure(charge.failedCode);
        return {
          subscription: await statusOf(db, principal.seqManager),
          paymentMethod: {
            paymentType: 'card' as const,
            cardType: card.cardType,
            last4: card.last4,
            expiry: card.expiry,
          },
        };
      });
    },

    /** Moves to another plan, once a month: its limit at once, its price from the next charge. */
    async changePlan(principal: Principal, seqProduct: number, context: RequestContext): Promise<SubscriptionStatus> {
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
    async changeRenewal(
      principal: Principal,
      cancelAtPeriodEnd: boolean,
      context: RequestContext,
    ): Promise<SubscriptionStatus> {
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

    async receiveEvent(payload: string, signature: string) {
      let event: Stripe.Event;
      try {
        event = gateway.verifyEvent(payload, signature);
      } catch {
        return 'refused';
      }
      const payments = paymentRepository(db);
      if (await payments.hasEvent(event.id)) return 'handled';
      const intentId = event.type.startsWith('payment_intent.')
        ? (event.data as { object?: { id?: string } } | undefined)?.object?.id
        : undefined;
      const waiting = intentId ? await payments.findSubscriptionWaitingFor(intentId) : undefined;
      if (!intentId || !waiting) {
        await payments.recordEvent(event.id, event.type, now());
        return 'handled';
      }
      // The event says something happened, not what is true now (events come in any order): the
      // processor is asked for the intent as it is.
      const intent = await gateway.findIntent(intentId);
      if (!intent) return 'retry';
      await whilePaymentsLocked(locks, waiting, () =>
        db.transaction(async (tx) => {
          const books = paymentRepository(tx);
          if (!(await books.recordEvent(event.id, event.type, now()))) return;
          const current = await books.findSubscription(waiting);
          if (intent.status !== 'succeeded' || current?.pendingIntent !== intentId) return;
          const at = now();
          await books.insertPayment(
            planCharge(current, 'retry', { ok: true, value: { chargeId: intent.id } }, at, current.cardLast4, at),
          );
          await books.updateSubscription(waiting, {
            status: 'active',
            currentPeriodEnd: addMonth(at),
            graceEndsAt: null,
            lastAttemptAt: null,
            chargeKey: null,
            pendingIntent: null,
            updatedAt: at,
          });
        }),
      );
      return 'handled';
    },

    /** Records what a clinician over the limit chose in the pay pop-up, with the numbers at that moment. */
    async recordPenaltyChoice(principal: Principal, choice: 'pay' | 'deactivate' | 'later') {
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
