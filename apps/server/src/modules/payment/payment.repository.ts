import { pageOffset } from '@clinic/contract';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { appUser, manager, payment, paymentEvent, penalty, product, subscription } from '../../db/schema.ts';

export type ProductRow = typeof product.$inferSelect;
export type SubscriptionRow = typeof subscription.$inferSelect;
export type PaymentRow = typeof payment.$inferSelect;
export type NewPayment = Omit<typeof payment.$inferInsert, 'seqPayment'>;

export interface PaymentRepository {
  listProducts(): Promise<ProductRow[]>;
  findProduct(seqProduct: number): Promise<ProductRow | undefined>;
  findSubscription(seqManager: number): Promise<(SubscriptionRow & { product: ProductRow }) | undefined>;
  saveSubscription(row: typeof subscription.$inferInsert): Promise<void>;
  updateSubscription(seqManager: number, changes: Partial<typeof subscription.$inferInsert>): Promise<void>;
  endGracePeriods(at: Date): Promise<void>;
  endCancelledPeriods(at: Date): Promise<void>;
  endForDeletedAccount(seqManager: number, at: Date): Promise<void>;
  claimDue(at: Date, dayBefore: Date, unknownBefore: Date): Promise<number[]>;
  claimTrialReminders(at: Date, horizon: Date): Promise<number[]>;
  findMailContact(
    seqManager: number,
  ): Promise<{ email: string; language: string; firstName: string; lastName: string } | undefined>;
  /** The clinician's user account, whose changes the processor tells by webhook are audited as. */
  findUserOf(seqManager: number): Promise<number | undefined>;
  insertPayment(row: NewPayment): Promise<PaymentRow>;
  findPaymentByKey(seqManager: number, idempotencyKey: string): Promise<PaymentRow | undefined>;
  pagePayments(
    seqManager: number,
    page: number,
    size: number,
  ): Promise<{ rows: { payment: PaymentRow; productTitle: string }[]; totalCount: number }>;
  insertPenalty(row: Omit<typeof penalty.$inferInsert, 'seqPenalty'>): Promise<typeof penalty.$inferSelect>;
  hasEvent(eventId: string): Promise<boolean>;
  /** Notes a webhook event as handled; false when it already was. */
  recordEvent(eventId: string, type: string, at: Date): Promise<boolean>;
}

export function paymentRepository(db: Database): PaymentRepository {
  return {
    async listProducts(): Promise<ProductRow[]> {
      return db.select().from(product).where(eq(product.isOffered, true)).orderBy(asc(product.sortOrder));
    },

    async findProduct(seqProduct: number): Promise<ProductRow | undefined> {
      const [row] = await db
        .select()
        .from(product)
        .where(and(eq(product.seqProduct, seqProduct), eq(product.isOffered, true)));
      return row;
    },

    async findSubscription(seqManager: number): Promise<(SubscriptionRow & { product: ProductRow }) | undefined> {
      const [row] = await db
        .select({ subscription, product })
        .from(subscription)
        .innerJoin(product, eq(product.seqProduct, subscription.seqProduct))
        .where(eq(subscription.seqManager, seqManager));
      return row && { ...row.subscription, product: row.product };
    },

    async saveSubscription(row: typeof subscription.$inferInsert): Promise<void> {
      await db
        .insert(subscription)
        .values(row)
        .onConflictDoUpdate({ target: subscription.seqManager, set: { ...row, createdAt: undefined } });
    },

    async updateSubscription(seqManager: number, changes: Partial<typeof subscription.$inferInsert>): Promise<void> {
      await db.update(subscription).set(changes).where(eq(subscription.seqManager, seqManager));
    },

    /** Grace periods that are over end the subscription. */
    async endGracePeriods(at: Date): Promise<void> {
      await db
        .update(subscription)
        .set({ status: 'ended', updatedAt: at })
        .where(and(eq(subscription.status, 'grace'), lte(subscription.graceEndsAt, at)));
    },

    /** A period that is over ends the subscription whose renewal was cancelled, without a charge. */
    async endCancelledPeriods(at: Date): Promise<void> {
      await db
        .update(subscription)
        .set({ status: 'ended', updatedAt: at })
        .where(
          and(
            eq(subscription.cancelAtPeriodEnd, true),
            inArray(subscription.status, ['trial', 'active']),
            lte(subscription.currentPeriodEnd, at),
          ),
        );
    },

    /** The account is gone: its subscription ends at once and the card on file is forgotten. */
    async endForDeletedAccount(seqManager: number, at: Date): Promise<void> {
      await db
        .update(subscription)
        .set({ status: 'ended', cardToken: null, cardType: null, cardLast4: null, cardExpiry: null, updatedAt: at })
        .where(eq(subscription.seqManager, seqManager));
    },

    /**
     * Claims the subscriptions to charge now: a period that ended, or a grace period whose last
     * attempt is a day old, unless the renewal was cancelled. Answers their clinicians; a claim is
     * not made twice in a day, except for a charge whose outcome is unknown, again after
     * `unknownBefore`.
     */
    async claimDue(at: Date, dayBefore: Date, unknownBefore: Date): Promise<number[]> {
      const rows = await db
        .update(subscription)
        .set({ lastAttemptAt: at })
        .where(
          and(
            or(
              and(inArray(subscription.status, ['trial', 'active']), lte(subscription.currentPeriodEnd, at)),
              eq(subscription.status, 'grace'),
            ),
            eq(subscription.cancelAtPeriodEnd, false),
            or(
              isNull(subscription.lastAttemptAt),
              lte(subscription.lastAttemptAt, dayBefore),
              and(isNotNull(subscription.chargeKey), lte(subscription.lastAttemptAt, unknownBefore)),
            ),
          ),
        )
        .returning({ seqManager: subscription.seqManager });
      return rows.map((row) => row.seqManager);
    },

    /**
     * Claims the trials that end before `horizon` (and not before `at`) whose clinician was not
     * told yet and did not cancel the renewal; answers their clinicians.
     */
    async claimTrialReminders(at: Date, horizon: Date): Promise<number[]> {
      const rows = await db
        .update(subscription)
        .set({ trialRemindedAt: at })
        .where(
          and(
            eq(subscription.status, 'trial'),
            eq(subscription.cancelAtPeriodEnd, false),
            isNull(subscription.trialRemindedAt),
            gt(subscription.trialEndsAt, at),
            lte(subscription.trialEndsAt, horizon),
          ),
        )
        .returning({ seqManager: subscription.seqManager });
      return rows.map((row) => row.seqManager);
    },

    /** Where mail about a clinician's subscription goes, in their language; none for a deleted account. */
    async findMailContact(seqManager: number) {
      const [row] = await db
        .select({
          email: appUser.userEmail,
          language: appUser.language,
          firstName: manager.firstName,
          lastName: manager.lastName,
        })
        .from(manager)
        .innerJoin(appUser, eq(appUser.seqUser, manager.seqUser))
        .where(and(eq(manager.seqManager, seqManager), isNull(appUser.deletedAt)));
      return row;
    },

    async findUserOf(seqManager: number) {
      const [row] = await db
        .select({ seqUser: manager.seqUser })
        .from(manager)
        .where(eq(manager.seqManager, seqManager));
      return row?.seqUser;
    },

    async insertPayment(row: NewPayment): Promise<PaymentRow> {
      const [inserted] = await db.insert(payment).values(row).returning();
      return inserted!;
    },

    async findPaymentByKey(seqManager: number, idempotencyKey: string): Promise<PaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(payment)
        .where(and(eq(payment.seqManager, seqManager), eq(payment.idempotencyKey, idempotencyKey)));
      return row;
    },

    async pagePayments(seqManager: number, page: number, size: number) {
      // One query after the other: the handle may be a transaction, whose one connection takes one at a time.
      const rows = await db
        .select({ payment, productTitle: product.title })
        .from(payment)
        .innerJoin(product, eq(product.seqProduct, payment.seqProduct))
        .where(eq(payment.seqManager, seqManager))
        .orderBy(desc(payment.createdAt), desc(payment.seqPayment))
        .limit(size)
        .offset(pageOffset(page, size));
      return { rows, totalCount: await db.$count(payment, eq(payment.seqManager, seqManager)) };
    },

    async hasEvent(eventId: string): Promise<boolean> {
      return (await db.$count(paymentEvent, eq(paymentEvent.eventId, eventId))) > 0;
    },

    async recordEvent(eventId: string, type: string, at: Date): Promise<boolean> {
      const rows = await db
        .insert(paymentEvent)
        .values({ eventId, type, receivedAt: at })
        .onConflictDoNothing()
        .returning({ eventId: paymentEvent.eventId });
      return rows.length > 0;
    },

    async insertPenalty(row: Omit<typeof penalty.$inferInsert, 'seqPenalty'>) {
      const [inserted] = await db.insert(penalty).values(row).returning();
      return inserted!;
    },
  };
}
