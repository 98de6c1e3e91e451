import { FailedCode, subscriptionRules } from '@clinic/contract';
import type { Database } from '../../db/client.ts';
import type { MailQueue } from '../../mail/mail-queue.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { confirmPaymentMail, renewalFailedMail, trialEndingMail, type SubscriptionMail } from '../../mail/templates.ts';
import { fullName, mailLanguageOf } from '../shared/index.ts';
import { isUnknown, type GatewayOutcome } from './gateway.ts';
import { paymentRepository, type ProductRow, type SubscriptionRow } from './payment.repository.ts';
import { whilePaymentsLocked } from './payment-lock.ts';
import type { PaymentDependencies } from './payment.service.ts';
import { addMonth, dayMs, isDue, planCharge } from './subscription-period.ts';

/** How soon a renewal charge whose outcome is unknown is made again, with its key (well within Stripe's 24 h). */
export const unknownChargeRetryMs = 5 * 60_000;

export interface RenewalJob {
  run(database: Database): Promise<() => Promise<void>>;
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
  receipts,
}: PaymentDependencies & { mails: MailQueue; publicUrl: string }): RenewalJob {
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
    async run(database): Promise<() => Promise<void>> {
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
    // A charge waiting for its holder is not made again: the processor says whether they confirmed it.
    if (current.pendingIntent) {
      const intent = await gateway.findIntent(current.pendingIntent);
      if (intent?.status !== 'succeeded') return [];
    }
    // A new card the clinician is paying with in a tab would charge the month again: it is cancelled
    // first; when it was paid already, its record (the browser's or the webhook's) settles the month.
    if (current.openIntent) {
      const closed = await gateway.cancelIntent(current.openIntent);
      if (closed !== 'cancelled') return [];
      await paymentRepository(db).updateSubscription(seqManager, { openIntent: null });
    }
    const isRetry = current.status === 'grace';
    // Kept until the outcome is known, so a charge whose answer was lost is made again with its key.
    const chargeKey =
      current.chargeKey ??
      (isRetry
        ? `retry:${seqManager}:${at.toISOString()}`
        : `renewal:${seqManager}:${current.currentPeriodEnd.toISOString()}`);
    if (!current.chargeKey) await paymentRepository(db).updateSubscription(seqManager, { chargeKey });
    const charge = current.pendingIntent
      ? ({ ok: true, value: { chargeId: current.pendingIntent } } as const)
      : current.cardToken
        ? await gateway.charge({
            token: current.cardToken,
            amountMinor: current.product.priceMinor,
            currency: current.product.currency,
            idempotencyKey: chargeKey,
            metadata: { seq_manager: String(seqManager), purpose: 'renewal' },
          })
        : ({ ok: false, failedCode: FailedCode.PaymentFailed } satisfies GatewayOutcome<never>);
    // Nothing is known, so nothing changes (no grace period, no mail): the claim and the key stay,
    // and the job charges again in a few minutes.
    if (isUnknown(charge)) return [];
    const periodStart = isRetry ? at : current.currentPeriodEnd;
    const graceEndsAt = current.graceEndsAt ?? new Date(at.getTime() + subscriptionRules.graceDays * dayMs);
    return db.transaction(async (tx) => {
      const books = paymentRepository(tx);
      await receipts.issue(
        tx,
        await books.insertPayment(
          planCharge(current, isRetry ? 'retry' : 'renewal', charge, periodStart, current.cardLast4, at),
        ),
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
              pendingIntent: null,
              updatedAt: at,
            }
          : {
              status: 'grace',
              graceEndsAt,
              chargeKey: null,
              // A charge the holder must confirm waits for them; the webhook records it once confirmed.
              pendingIntent: charge.waitingForHolder ?? null,
              updatedAt: at,
            },
      );
      // The first refusal starts the grace period: the clinician hears of it once, not at each retry.
      const failed =
        charge.ok || isRetry
          ? []
          : await mailAbout(tx, current, graceEndsAt, charge.waitingForHolder ? confirmPaymentMail : renewalFailedMail);
      return mails.enqueue(tx, failed);
    });
  }
}
