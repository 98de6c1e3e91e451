import {
  FailedCode,
  rules,
  subscriptionRules,
  type Card,
  type CardType,
  type Payment,
  type Product,
  type SubscriptionStatus,
} from '@clinic/contract';
import { sql } from 'drizzle-orm';
import type { Clock, Principal, RequestContext } from '../../context.ts';
import type { Database, Locks } from '../../db/client.ts';
import { product, subscription } from '../../db/schema.ts';
import { BusinessFailure, HttpFailure, notFound } from '../../domain-error.ts';
import { actorOf, auditRepository } from '../audit/index.ts';
import { fullName, mailLanguageOf, ownershipRepository } from '../shared/index.ts';
import type { PlanLimits } from '../patient/index.ts';
import type { MailQueue } from '../../mail/mail-queue.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { renewalFailedMail, trialEndingMail, type SubscriptionMail } from '../../mail/templates.ts';
import { isUnknown, type GatewayFailure, type GatewayOutcome, type PaymentGateway } from './gateway.ts';
import {
  paymentRepository,
  type NewPayment,
  type PaymentRow,
  type ProductRow,
  type SubscriptionRow,
} from './payment.repository.ts';

const dayMs = 86_400_000;

/** How soon a renewal charge whose outcome is unknown is made again, with its key (well within Stripe's 24 h). */
export const unknownChargeRetryMs = 5 * 60_000;

/**
 * The processor did not say whether it charged: nothing is recorded and the answer is a server
 * error, so the browser keeps its idempotency key and its retry gets the first outcome.
 */
const processorSilent = (): HttpFailure => new HttpFailure(503, FailedCode.PaymentFailed);

/** The advisory lock space of one clinician's payments (the key is the clinician). */
const paymentLockSpace = 7_240_515;

/**
 * Runs one clinician's checkout, card change, plan change, cancellation, renewal or account
 * deletion alone, processor calls included: two of them never both see "no subscription yet".
 */
export function whilePaymentsLocked<T>(locks: Locks, seqManager: number, work: () => Promise<T>): Promise<T> {
  return locks.hold(paymentLockSpace, seqManager, work);
}

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
const isLive = (row: SubscriptionRow | undefined): row is SubscriptionRow =>
  row !== undefined && row.status !== 'ended';

/** A subscription to charge now: its period is over, or its grace period retries; never a cancelled one. */
const isDue = (row: SubscriptionRow, at: Date): boolean =>
  !row.cancelAtPeriodEnd && (row.status === 'grace' || (isLive(row) && row.currentPeriodEnd <= at));

/** The record of a charge of a subscription's plan: a month from `periodStart` paid, or a failure. */
function planCharge(
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

function toProduct(row: ProductRow): Product {
  return {
    seqProduct: row.seqProduct,
    productCode: row.code,
    defaultProductTitle: row.title,
    defaultProductSubTitle: row.subtitle,
    productPatientProfileLimit: row.patientLimit,
    priceMinor: row.priceMinor,
    currency: row.currency,
  };
}

function toPayment(row: PaymentRow, productTitle: string): Payment {
  return {
    seqPayment: row.seqPayment,
    productTitle,
    amountMinor: row.amountMinor,
    currency: row.currency,
    status: row.status,
    kind: row.kind,
    periodStart: row.periodStart?.toISOString() ?? null,
    periodEnd: row.periodEnd?.toISOString() ?? null,
    cardLast4: row.cardLast4,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The active-patient limit read from the subscription: its plan's, or the free limit without one. */
export const subscriptionPlanLimits: PlanLimits = {
  async activePatientLimit(database, seqManager) {
    const row = await paymentRepository(database).findSubscription(seqManager);
    return isLive(row) ? row.product.patientLimit : rules.freePatientLimit;
  },
  activePatientLimitSql: (seqManager) => sql<number>`coalesce((
    select ${product.patientLimit} from ${subscription} join ${product} on ${product.seqProduct} = ${subscription.seqProduct}
    where ${subscription.seqManager} = ${seqManager} and ${subscription.status} <> 'ended'), ${rules.freePatientLimit})::int`,
};

export type PaymentService = ReturnType<typeof paymentService>;

/** What the payment service and the renewal job work with. */
export interface PaymentDependencies {
  db: Database;
  now: Clock;
  gateway: PaymentGateway;
  locks: Locks;
}

export function paymentService({ db, now, gateway, locks }: PaymentDependencies) {
  async function statusOf(database: Database, seqManager: number): Promise<SubscriptionStatus> {
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
      planChangeAllowedAt: changeAllowedAt && changeAllowedAt > now() ? changeAllowedAt.toISOString() : null,
      cancelAtPeriodEnd: live && row.cancelAtPeriodEnd,
      activePatients,
      patientLimit,
      isOverLimit: patientLimit > 0 && activePatients > patientLimit,
    };
  }

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

  const audit = (database: Database, principal: Principal, context: RequestContext, entity: string) =>
    auditRepository(database).append(actorOf(principal, context), now(), [{ action: 'update', entity }]);

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
            planChangedAt: current && current.seqProduct !== chosen.seqProduct ? at : (current?.planChangedAt ?? null),
            cancelAtPeriodEnd: false,
            cardType: card.cardType,
            cardLast4: card.last4,
            cardExpiry: card.expiry,
            cardToken: card.token,
            createdAt: at,
            updatedAt: at,
          });
          await audit(tx, principal, context, 'subscription');
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
            }),
            updatedAt: at,
          });
          if (charge) await books.insertPayment(planCharge(current, 'retry', charge, at, card.last4, at));
          await audit(tx, principal, context, 'payment_method');
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
          await audit(tx, principal, context, 'subscription');
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
          await audit(tx, principal, context, 'subscription');
          return statusOf(tx, principal.seqManager);
        }),
      );
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

/**
 * The renewal job: a period that ended is charged, or ends the subscription if its renewal was
 * cancelled; a refused charge starts the grace period, in which the charge is tried again once a
 * day; when the grace period is over the subscription ends. The clinician is mailed once when the
 * trial ends soon and once when a renewal is refused, after the change that mail reports committed.
 * Under the job's lock a pass claims what is due (its attempt time), then charges after the claim
 * has committed, outside any transaction; the charge keys name the subscription and its period or
 * day, so a charge interrupted and claimed again is still made once.
 */
export function renewalJob({
  db,
  now,
  gateway,
  locks,
  mails,
  publicUrl,
}: PaymentDependencies & { mails: MailQueue; publicUrl: string }) {
  /** A mail about a subscription to its clinician, in their language; none for a deleted account. */
  async function mailAbout(
    database: Database,
    row: SubscriptionRow & { product: ProductRow },
    at: Date,
    template: (mail: SubscriptionMail) => MailMessage,
  ): Promise<MailMessage[]> {
    const contact = await paymentRepository(database).findMailContact(row.seqManager);
    if (!contact) return [];
    return [
      template({
        language: mailLanguageOf(contact),
        to: contact.email,
        name: fullName(contact),
        plan: row.product,
        last4: row.cardLast4 ?? '',
        at,
        link: `${publicUrl}/options`,
      }),
    ];
  }

  return {
    async run(database: Database): Promise<() => Promise<void>> {
      const payments = paymentRepository(database);
      const at = now();
      await payments.endGracePeriods(at);
      await payments.endCancelledPeriods(at);
      const horizon = new Date(at.getTime() + subscriptionRules.trialReminderDays * dayMs);
      const reminders: MailMessage[] = [];
      for (const seqManager of await payments.claimTrialReminders(at, horizon)) {
        const row = await payments.findSubscription(seqManager);
        if (row?.trialEndsAt)
          reminders.push(...(await mailAbout(database, row, row.trialEndsAt, (mail) => trialEndingMail(mail, at))));
      }
      const queued = await mails.enqueue(database, reminders);
      const claimed = await payments.claimDue(
        at,
        new Date(at.getTime() - dayMs),
        new Date(at.getTime() - unknownChargeRetryMs),
      );
      return async () => {
        await mails.deliver(queued);
        for (const seqManager of claimed) {
          // Mailed after the lock is released: a slow mail server never holds up the clinician's payments.
          await mails.deliver(await whilePaymentsLocked(locks, seqManager, () => renew(seqManager, at)));
        }
      };
    },
  };

  /** Charges one claimed subscription and records the outcome; answers the mail to deliver. */
  async function renew(seqManager: number, at: Date): Promise<number[]> {
    const current = await paymentRepository(db).findSubscription(seqManager);
    // Settled or ended meanwhile (a new card, the account deleted): nothing to charge.
    if (!current || !isDue(current, at)) return [];
    const isRetry = current.status === 'grace';
    // Kept until the outcome is known, so a charge whose answer was lost is made again with its key.
    const chargeKey =
      current.chargeKey ??
      (isRetry
        ? `retry:${seqManager}:${at.toISOString()}`
        : `renewal:${seqManager}:${current.currentPeriodEnd.toISOString()}`);
    if (!current.chargeKey) await paymentRepository(db).updateSubscription(seqManager, { chargeKey });
    const charge = current.cardToken
      ? await gateway.charge({
          token: current.cardToken,
          amountMinor: current.product.priceMinor,
          currency: current.product.currency,
          idempotencyKey: chargeKey,
        })
      : ({ ok: false, failedCode: FailedCode.PaymentFailed } as const);
    // Nothing is known, so nothing changes (no grace period, no mail): the claim and the key stay,
    // and the job charges again in a few minutes.
    if (isUnknown(charge)) return [];
    const periodStart = isRetry ? at : current.currentPeriodEnd;
    const graceEndsAt = current.graceEndsAt ?? new Date(at.getTime() + subscriptionRules.graceDays * dayMs);
    return db.transaction(async (tx) => {
      const books = paymentRepository(tx);
      await books.insertPayment(
        planCharge(current, isRetry ? 'retry' : 'renewal', charge, periodStart, current.cardLast4, at),
      );
      await books.updateSubscription(
        seqManager,
        charge.ok
          ? {
              status: 'active',
              currentPeriodEnd: addMonth(periodStart),
              graceEndsAt: null,
              lastAttemptAt: null,
              chargeKey: null,
              updatedAt: at,
            }
          : { status: 'grace', graceEndsAt, chargeKey: null, updatedAt: at },
      );
      // The first refusal starts the grace period: the clinician hears of it once, not at each retry.
      const failed = charge.ok || isRetry ? [] : await mailAbout(tx, current, graceEndsAt, renewalFailedMail);
      return mails.enqueue(tx, failed);
    });
  }
}
