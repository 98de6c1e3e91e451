import { randomUUID } from 'node:crypto';
import {
  FailedCode,
  addPatientNoAuth,
  changeActivationStatus,
  changeRenewal,
  changeSubscription,
  checkout,
  completePayment,
  confirmUserPassword,
  deleteManagerAccount,
  getManagerInfo,
  getMyPatients,
  endpoints,
  getMyPurchaseHistory,
  getMyPurchaseSummary,
  getPaymentProcessor,
  getPendingPayment,
  getProductList,
  getReceipt,
  getSubscriptionStatus,
  translate,
  updatePaymentMethod,
  updatePenaltyInfo,
  type Endpoint,
  type IntentToConfirm,
  type RequestOf,
} from '@clinic/contract';
import { sandboxTestCards } from '@clinic/payment-sandbox';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { password, relogin, verifiedClinician, callApi } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import {
  browserProcessor,
  clinicianClock,
  confirmWithCard,
  day,
  type BrowserProcessor,
  type Clinician,
} from '../../../test/payments.ts';
import { payment, sandboxObject, subscription } from '../../db/schema.ts';
import { mailRetryDelaysMs } from '../../mail/mail-queue.ts';
import { unknownChargeRetryMs } from './renewal-job.ts';

const visa = '4242424242424242';

let t: TestApp;
let clinician: Clinician;
let other: Clinician;
let products: { seqProduct: number; productCode: string; priceMinor: number }[];

type Caller = { tokens: { accessToken: string } };
const callAs = <E extends Endpoint>(who: Caller, endpoint: E, body: RequestOf<E>) =>
  callApi(t.app, endpoint, body, { token: who.tokens.accessToken });
const renewal = (who: Caller, cancelAtPeriodEnd: boolean) => callAs(who, changeRenewal, { cancelAtPeriodEnd });
const seqManagerOf = async (who: Caller) => (await callAs(who, getManagerInfo, {})).success.manager.seqManager;
const subscriptionOf = async (who: Caller) => {
  const seqManager = await seqManagerOf(who);
  return (await t.app.db.select().from(subscription).where(eq(subscription.seqManager, seqManager)))[0];
};
let processor: BrowserProcessor;
const confirmed = (who: Caller, intent: IntentToConfirm, cardNumber: string) =>
  confirmWithCard(t.app, who.tokens.accessToken, processor, intent, cardNumber);
const replaceCard = async (who: Caller, cardNumber: string) =>
  confirmed(
    who,
    (await callAs(who, updatePaymentMethod, { idempotencyKey: randomUUID() })).success.confirm,
    cardNumber,
  );
/** The sandbox processor's books: its objects of a kind. */
const sandboxObjects = async (kind: string) =>
  (await t.app.db.select().from(sandboxObject).where(eq(sandboxObject.kind, kind))).map((row) => row.body);
/** Whether the processor still keeps the card of a token (its customer not deleted). */
const processorKeeps = async (token: string) => {
  const [customer] = await t.app.db
    .select()
    .from(sandboxObject)
    .where(and(eq(sandboxObject.kind, 'customer'), eq(sandboxObject.id, token.split('/')[0]!)));
  return customer?.body.deleted !== true;
};
const plan = (code: string) => products.find((item) => item.productCode === code)!.seqProduct;
const subscribe = async (who: Caller, code: string, cardNumber = visa) => {
  const started = await callAs(who, checkout, { seqProduct: plan(code), newCard: true, idempotencyKey: randomUUID() });
  return confirmed(who, started.success.confirm!, cardNumber);
};
const status = async (who: Caller) => (await callAs(who, getSubscriptionStatus, {})).success.subscription;
const history = async (who: Caller) =>
  (await callAs(who, getMyPurchaseHistory, { page: 1, size: 50 })).success.purchaseList;
const { newClinician: clinicianOf, pass } = clinicianClock(() => t);
const newClinician = (language?: string) => clinicianOf({}, language);

beforeAll(async () => {
  t = await createTestApp();
  clinician = await newClinician();
  other = await newClinician();
  products = (await callAs(clinician, getProductList, {})).success.productList;
  processor = await browserProcessor(t.app, clinician.tokens.accessToken);
});
afterAll(() => t.close());

describe('cards', () => {
  it('shows the processor’s refusal, declined or expired, and keeps nothing', async () => {
    for (const [number, code] of [
      [sandboxTestCards.declined, FailedCode.CardDeclined],
      [sandboxTestCards.expired, FailedCode.CardExpired],
      [sandboxTestCards.processingError, FailedCode.PaymentFailed],
    ] as const) {
      expect((await subscribe(clinician, 'basic', number)).failedCode).toBe(code);
    }
    expect(await status(clinician)).toMatchObject({ subscribeStatus: 'none', isSubscribeActive: false });
    expect(await history(clinician)).toEqual([]);
  });
});

describe('a clinician without a subscription', () => {
  /** A call to an endpoint with a body its contract accepts. */
  const call = <E extends Endpoint>(endpoint: E, body: RequestOf<E>) => ({ endpoint, body });
  const calls = () => [
    call(getProductList, {}),
    call(checkout, { seqProduct: plan('basic'), idempotencyKey: randomUUID() }),
    call(checkout, { seqProduct: plan('basic'), newCard: true, idempotencyKey: randomUUID() }),
    call(completePayment, { intentId: 'pi_unknown' }),
    call(getPaymentProcessor, {}),
    call(getPendingPayment, {}),
    call(getMyPurchaseSummary, {}),
    call(getMyPurchaseHistory, { page: 1, size: 20 }),
    call(getSubscriptionStatus, {}),
    call(updatePaymentMethod, { idempotencyKey: randomUUID() }),
    call(changeSubscription, { seqProduct: plan('standard') }),
    call(changeRenewal, { cancelAtPeriodEnd: true }),
    call(getReceipt, { seqPayment: 1 }),
    call(updatePenaltyInfo, { choice: 'later' }),
  ];

  it('is answered by every payment endpoint without a server error, in their language', async () => {
    const newcomer = await verifiedClinician(t.app, t.mail, {}, 'cs');
    const covered = new Set<Endpoint>(calls().map(({ endpoint }) => endpoint));
    expect(endpoints.filter((endpoint) => endpoint.tag === 'payment' && !covered.has(endpoint))).toEqual([]);
    for (const { endpoint, body } of calls()) {
      const answer = await callApi(t.app, endpoint, body, { token: newcomer.tokens.accessToken, language: 'cs' });
      expect(answer.status, `${endpoint.path}: ${answer.text}`).toBeLessThan(500);
      // A failure is a code of the catalogue with its message, parsed by the endpoint's contract.
      const failure = answer.status === 200 ? answer.reply : answer.error;
      if (failure.isSuccess) continue;
      expect(Object.values(FailedCode), endpoint.path).toContain(failure.failedCode);
      expect(failure.message, endpoint.path).toBe(translate('cs', failure.failedCode));
    }
    const card = await callApi(
      t.app,
      updatePaymentMethod,
      { idempotencyKey: randomUUID() },
      {
        token: newcomer.tokens.accessToken,
        language: 'cs',
      },
    );
    expect(card.failure).toEqual({
      isSuccess: false,
      failedCode: FailedCode.NoSubscription,
      message: 'Zatím nemáte předplatné. Nejprve zvolte tarif.',
    });
  });
});

describe('a subscription', () => {
  it('starts with the 30-day free trial once, however often the browser retries the checkout', async () => {
    const request = { seqProduct: plan('basic'), newCard: true, idempotencyKey: randomUUID() };
    const methodsBefore = (await sandboxObjects('payment_method')).length;
    // The retry leaves while the first request is still running: both get the same intent.
    const [started, restarted] = await Promise.all([
      callAs(clinician, checkout, request),
      callAs(clinician, checkout, request),
    ]);
    expect(started.success.confirm).toEqual(restarted.success.confirm);
    const first = await confirmed(clinician, started.success.confirm!, visa);
    // Told again (a second tab, the webhook): the first answer, nothing more.
    const retry = await callAs(clinician, completePayment, { intentId: started.success.confirm!.intentId });
    expect(first.reply).toEqual(retry.reply);
    expect(await sandboxObjects('payment_method')).toHaveLength(methodsBefore + 1);
    expect(first.reply).toMatchObject({
      isSuccess: true,
      subscription: {
        subscribeStatus: 'trial',
        isSubscribeActive: true,
        trialEndsAt: new Date(t.clock().getTime() + 30 * day).toISOString(),
        patientLimit: 50,
        currentSubscriptionInfo: { productPatientProfileLimit: 50, paymentType: 'card' },
      },
      payment: { status: 'trial', amountMinor: 0, cardLast4: '4242' },
    });
    expect(await history(clinician)).toHaveLength(1);
    expect((await callAs(clinician, checkout, { ...request, idempotencyKey: randomUUID() })).failedCode).toBe(
      FailedCode.ProductInUse,
    );
    const summary = (await callAs(clinician, getMyPurchaseSummary, {})).success;
    expect(summary).toMatchObject({
      product: { productCode: 'basic', priceMinor: 4900 },
      nextAmountMinor: 4900,
      paymentMethod: { paymentType: 'card', cardType: 'Visa', last4: '4242', expiry: '1230' },
    });
  });

  it('changes plan once a month, with the new limit at once and the new price at the next charge', async () => {
    const change = (code: string) => callAs(clinician, changeSubscription, { seqProduct: plan(code) });
    expect((await change('basic')).failedCode).toBe(FailedCode.ProductInUse);
    expect((await change('standard')).reply).toMatchObject({ subscription: { patientLimit: 150 } });
    expect((await change('unlimited')).failedCode).toBe(FailedCode.PlanChangeTooSoon);
    expect((await callAs(other, changeSubscription, { seqProduct: plan('basic') })).failedCode).toBe(
      FailedCode.NoSubscription,
    );

    // The trial ends: the first month is charged at the standard price.
    await pass(30 * day);
    expect(await status(clinician)).toMatchObject({ subscribeStatus: 'active', patientLimit: 150 });
    expect((await history(clinician))[0]).toMatchObject({ kind: 'renewal', status: 'paid', amountMinor: 9900 });
    expect((await change('unlimited')).reply).toMatchObject({ subscription: { patientLimit: 0, isOverLimit: false } });
    // The job running again charges nothing more.
    await t.app.jobs.tick();
    expect(await history(clinician)).toHaveLength(2);
  });

  it('enters the grace period when a renewal is refused, retries daily, then ends', async () => {
    const replaced = await replaceCard(clinician, sandboxTestCards.chargeDeclined);
    expect(replaced.reply).toMatchObject({ paymentMethod: { last4: '0341' } });
    // Thirty-one active patients on the unlimited plan.
    for (let index = 0; index < 31; index++) {
      const added = await callAs(clinician, addPatientNoAuth, {
        patientName: `Patient ${index}`,
        patientInfoBirth: '1960-01-01',
        patientInfoGender: 'F',
        heightCm: 160,
        weightKg: 60,
        deviceType: 1,
      });
      expect(added.reply, added.text).toMatchObject({ isSuccess: true });
    }

    const { currentPeriodEnd } = (await status(clinician)) as { currentPeriodEnd: string };
    await pass(Date.parse(currentPeriodEnd) - t.clock().getTime());
    expect(await status(clinician)).toMatchObject({
      subscribeStatus: 'grace',
      isGracePeriod: true,
      isSubscribeActive: true,
      patientLimit: 0,
      graceEndsAt: new Date(t.clock().getTime() + 7 * day).toISOString(),
    });
    expect((await history(clinician))[0]).toMatchObject({ kind: 'renewal', status: 'failed', amountMinor: 19900 });
    await t.app.jobs.tick();
    expect(await history(clinician)).toHaveLength(3);
    await pass(day);
    expect((await history(clinician)).map((item) => [item.kind, item.status]).slice(0, 2)).toEqual([
      ['retry', 'failed'],
      ['renewal', 'failed'],
    ]);

    await pass(6 * day + 1000);
    expect(await status(clinician)).toMatchObject({
      subscribeStatus: 'ended',
      isSubscribeActive: false,
      patientLimit: 30,
      activePatients: 31,
      isOverLimit: true,
    });
  });

  it('blocks a clinician over the limit until they pay or deactivate patients, and records the choice', async () => {
    const more = await callAs(clinician, addPatientNoAuth, {
      patientName: 'One Too Many',
      patientInfoBirth: '1960-01-01',
      patientInfoGender: 'M',
      heightCm: 170,
      weightKg: 70,
      deviceType: 1,
    });
    expect(more.failedCode).toBe(FailedCode.PlanLimitReached);
    const choice = await callAs(clinician, updatePenaltyInfo, { choice: 'later' });
    expect(choice.reply).toMatchObject({
      penalty: { choice: 'later', activePatients: 31, patientLimit: 30, recordedAt: t.clock().toISOString() },
    });
    const list = await callAs(clinician, getMyPatients, {});
    const [first] = list.success.patientList;
    await callAs(clinician, changeActivationStatus, {
      seqMedicalRelation: first!.seqMedicalRelation,
      isEnabled: false,
    });
    expect(await status(clinician)).toMatchObject({ activePatients: 30, isOverLimit: false });
  });

  it('charges at once after an ended subscription (no second trial), once per checkout key', async () => {
    const onFile = { seqProduct: plan('basic'), idempotencyKey: randomUUID() };
    const charges = async () => (await sandboxObjects('payment_intent')).length;
    expect((await callAs(clinician, checkout, onFile)).failedCode).toBe(FailedCode.CardDeclined);
    const before = await charges();
    expect((await callAs(clinician, checkout, onFile)).failedCode).toBe(FailedCode.CardDeclined);
    expect(await charges()).toBe(before);

    // Two checkouts at once (two tabs) with a good card on file: one subscription, one charge; the other finds the plan in use.
    expect((await replaceCard(clinician, '5555555555554444')).reply).toMatchObject({
      paymentMethod: { cardType: 'MasterCard', last4: '4444' },
    });
    const paying = { seqProduct: plan('basic') };
    const both = await Promise.all(
      [randomUUID(), randomUUID()].map((idempotencyKey) => callAs(clinician, checkout, { ...paying, idempotencyKey })),
    );
    const paid = both.find((answer) => answer.reply.isSuccess)!;
    expect(both.map((answer) => answer.failedCode).sort()).toEqual([FailedCode.ProductInUse, undefined]);
    expect(paid.reply).toMatchObject({
      subscription: { subscribeStatus: 'active', trialEndsAt: null, patientLimit: 50 },
      payment: { kind: 'subscribe', status: 'paid', amountMinor: 4900, cardLast4: '4444' },
    });
    expect(await charges()).toBe(before + 1);
    expect(
      (await history(clinician)).filter((item) => item.status === 'paid' && item.kind === 'subscribe'),
    ).toHaveLength(1);
  });

  it('settles the grace period at once when the card on file is replaced, and forgets the old card', async () => {
    await subscribe(other, 'standard', sandboxTestCards.chargeDeclined);
    await pass(30 * day);
    expect(await status(other)).toMatchObject({ subscribeStatus: 'grace' });
    const old = (await subscriptionOf(other))!.cardToken!;
    const fixed = await replaceCard(other, visa);
    expect(fixed.reply).toMatchObject({
      subscription: { subscribeStatus: 'active', isGracePeriod: false },
      paymentMethod: { last4: '4242' },
    });
    expect((await history(other))[0]).toMatchObject({ kind: 'retry', status: 'paid', amountMinor: 9900 });
    expect(await processorKeeps(old)).toBe(false);
    // Each clinician sees their own payments only.
    expect((await history(other)).every((item) => item.productTitle === 'Standard')).toBe(true);
  });

  it('charges the overdue month once when the day’s retry succeeds while a tab pays with a new card', async () => {
    const overdue = await newClinician();
    await subscribe(overdue, 'basic', sandboxTestCards.chargeDeclined);
    await pass(30 * day);
    expect(await status(overdue)).toMatchObject({ subscribeStatus: 'grace' });
    const tab = (await callAs(overdue, updatePaymentMethod, { idempotencyKey: randomUUID() })).success.confirm;
    expect(tab.kind).toBe('payment');
    // Meanwhile the bank accepts the card on file again, and the day's retry charges it.
    const onFile = (await subscriptionOf(overdue))!.cardToken!.split('/')[1]!;
    await t.app.db
      .update(sandboxObject)
      .set({ body: sql`${sandboxObject.body} || '{"sandbox_behaviour":"succeed"}'::jsonb` })
      .where(and(eq(sandboxObject.kind, 'payment_method'), eq(sandboxObject.id, onFile)));
    await pass(day);
    expect(await status(overdue)).toMatchObject({ subscribeStatus: 'active' });
    // The tab's new card can no longer pay the month again.
    expect((await confirmed(overdue, tab, visa)).failedCode).toBe(FailedCode.PaymentFailed);
    expect((await history(overdue)).filter((item) => item.status === 'paid')).toEqual([
      expect.objectContaining({ kind: 'retry', cardLast4: '0341' }),
    ]);
  });
});

describe('a charge whose outcome is unknown', () => {
  const chargesOf = async (who: Caller) => {
    const seqManager = await seqManagerOf(who);
    return (await sandboxObjects('payment_intent')).filter(
      (intent) => (intent.metadata as { seq_manager?: string }).seq_manager === String(seqManager),
    );
  };

  it('looks a checkout charge up at the processor when its answer was lost, and records what was made', async () => {
    const unsure = await newClinician();
    await subscribe(unsure, 'basic', sandboxTestCards.answerLost);
    await callAs(unsure, changeRenewal, { cancelAtPeriodEnd: true });
    await pass(30 * day);
    expect(await status(unsure)).toMatchObject({ subscribeStatus: 'ended' });
    // Subscribing again charges the card on file at once; its answer is lost.
    const request = { seqProduct: plan('basic'), idempotencyKey: randomUUID() };
    expect((await callAs(unsure, checkout, request)).reply).toMatchObject({
      subscription: { subscribeStatus: 'active' },
      payment: { kind: 'subscribe', status: 'paid', cardLast4: '0259' },
    });
    // The browser's repeat is answered from our books; the processor made one charge.
    expect((await callAs(unsure, checkout, request)).reply).toMatchObject({ payment: { status: 'paid' } });
    expect((await chargesOf(unsure)).filter((charge) => charge.status === 'succeeded')).toHaveLength(1);
  });

  it('looks a renewal charge up at the processor when its answer was lost: no grace period, no mail', async () => {
    const unsure = await newClinician();
    await subscribe(unsure, 'basic', sandboxTestCards.answerLost);
    await pass(30 * day);
    expect(await status(unsure)).toMatchObject({ subscribeStatus: 'active', isGracePeriod: false });
    expect((await history(unsure))[0]).toMatchObject({ kind: 'renewal', status: 'paid', amountMinor: 4900 });
    expect(await chargesOf(unsure)).toHaveLength(1);
    await pass(unknownChargeRetryMs);
    expect(await chargesOf(unsure)).toHaveLength(1);
    // The verification and the renewal's receipt: no mail about a failed payment.
    const mails = t.mail.messages.filter((mail) => mail.to === unsure.body.userEmail.toLowerCase());
    expect(mails.map((mail) => mail.subject.startsWith('Your receipt '))).toEqual([false, true]);
  });
});

describe('the end of a subscription', () => {
  const summary = async (who: Caller) => (await callAs(who, getMyPurchaseSummary, {})).success;

  it('keeps the plan until the period ends, then ends it without a charge, when the renewal is cancelled', async () => {
    const leaving = await newClinician();
    expect((await renewal(leaving, true)).failedCode).toBe(FailedCode.NoSubscription);
    await subscribe(leaving, 'standard');
    const trialEndsAt = new Date(t.clock().getTime() + 30 * day).toISOString();

    expect((await renewal(leaving, true)).reply).toMatchObject({
      isSuccess: true,
      subscription: { subscribeStatus: 'trial', cancelAtPeriodEnd: true, isSubscribeActive: true, patientLimit: 150 },
    });
    expect(await summary(leaving)).toMatchObject({ nextChargeAt: null, nextAmountMinor: null });
    // Resumed, and cancelled again: the last choice holds.
    expect((await renewal(leaving, false)).reply).toMatchObject({ subscription: { cancelAtPeriodEnd: false } });
    expect(await summary(leaving)).toMatchObject({ nextChargeAt: trialEndsAt, nextAmountMinor: 9900 });
    await renewal(leaving, true);

    await pass(30 * day - 1000);
    expect(await status(leaving)).toMatchObject({
      subscribeStatus: 'trial',
      cancelAtPeriodEnd: true,
      patientLimit: 150,
    });
    await pass(1000);
    expect(await status(leaving)).toMatchObject({
      subscribeStatus: 'ended',
      isSubscribeActive: false,
      cancelAtPeriodEnd: false,
      patientLimit: 30,
    });
    await pass(day);
    expect((await history(leaving)).map((item) => item.status)).toEqual(['trial']);
    // Nothing was going to be charged, so no reminder was mailed.
    expect(t.mail.messages.filter((mail) => mail.to === leaving.body.userEmail.toLowerCase())).toHaveLength(1);
    expect((await renewal(leaving, false)).failedCode).toBe(FailedCode.NoSubscription);
  });

  it('renews as usual when the renewal is resumed before the period ends', async () => {
    const staying = await newClinician();
    await subscribe(staying, 'basic');
    await renewal(staying, true);
    await pass(29 * day);
    await renewal(staying, false);
    await pass(day);
    expect(await status(staying)).toMatchObject({ subscribeStatus: 'active', cancelAtPeriodEnd: false });
    expect((await history(staying))[0]).toMatchObject({ kind: 'renewal', status: 'paid', amountMinor: 4900 });
  });

  it('stops the daily retries of the grace period when the renewal is cancelled there', async () => {
    const overdue = await newClinician();
    await subscribe(overdue, 'basic', sandboxTestCards.chargeDeclined);
    await pass(30 * day);
    expect(await status(overdue)).toMatchObject({ subscribeStatus: 'grace' });
    await renewal(overdue, true);
    // Neither the job nor a new card charges the overdue month now.
    await pass(day);
    await replaceCard(overdue, visa);
    await pass(day);
    expect((await history(overdue)).map((item) => [item.kind, item.status])).toEqual([
      ['renewal', 'failed'],
      ['subscribe', 'trial'],
    ]);
    await pass(5 * day);
    expect(await status(overdue)).toMatchObject({ subscribeStatus: 'ended', patientLimit: 30 });
  });

  it('ends with the account: nothing is charged after the clinician deleted it, and the card is forgotten', async () => {
    const deleting = await verifiedClinician(t.app, t.mail);
    await subscribe(deleting, 'unlimited');
    const seqManager = await seqManagerOf(deleting);
    const token = (await subscriptionOf(deleting))!.cardToken!;
    await callAs(deleting, confirmUserPassword, { password });
    expect((await callAs(deleting, deleteManagerAccount, {})).reply).toEqual({ isSuccess: true });

    const [row] = await t.app.db.select().from(subscription).where(eq(subscription.seqManager, seqManager));
    expect(row).toMatchObject({ status: 'ended', cardToken: null, cardLast4: null });
    expect(await processorKeeps(token)).toBe(false);
    await pass(30 * day);
    await pass(30 * day);
    const payments = await t.app.db.select().from(payment).where(eq(payment.seqManager, seqManager));
    expect(payments.map((item) => item.status)).toEqual(['trial']);
  });
});

describe('mails about a subscription', () => {
  const mailsTo = (who: { body: { userEmail: string } }) =>
    t.mail.messages.filter((mail) => mail.to === who.body.userEmail.toLowerCase());

  it('tells the clinician once, in their language, three days before the trial ends and the first charge', async () => {
    const trying = await newClinician('ko');
    await subscribe(trying, 'standard');
    const trialEndsAt = new Date(t.clock().getTime() + 30 * day);
    await pass(27 * day - 60_000);
    expect(mailsTo(trying)).toHaveLength(1); // the verification
    await pass(60_000);
    const [, reminder] = mailsTo(trying);
    expect(reminder?.subject).toBe('무료 체험이 3일 후에 종료됩니다');
    expect(reminder?.text).toContain('스탠다드');
    expect(reminder?.text).toContain('US$99.00');
    expect(reminder?.text).toContain('4242');
    expect(reminder?.text).toContain(
      `${trialEndsAt.getUTCFullYear()}년 ${trialEndsAt.getUTCMonth() + 1}월 ${trialEndsAt.getUTCDate()}일`,
    );
    expect(reminder?.text).toContain('http://clinic.test/options');
    await pass(day);
    await pass(3 * day);
    // No second reminder; the first charge's receipt.
    expect(mailsTo(trying).map((mail) => mail.subject.startsWith('영수증 '))).toEqual([false, false, true]);
    expect(await status(trying)).toMatchObject({ subscribeStatus: 'active' });
  });

  it('tells the clinician once when a renewal is refused, even if the mail server refused the mail at first', async () => {
    // The clock moves and the jobs run for this clinician alone: nobody else is logged in again.
    const refused = await verifiedClinician(t.app, t.mail, {}, 'cs');
    const runJobsAfter = async (milliseconds: number) => {
      t.clock.advance(milliseconds);
      await t.app.jobs.tick();
    };
    await subscribe(refused, 'basic', sandboxTestCards.chargeDeclined);
    await runJobsAfter(29 * day);
    const reminders = mailsTo(refused).length;
    t.mail.refuse(1);
    await runJobsAfter(day);
    await relogin(t.app, refused);
    expect(await status(refused)).toMatchObject({ subscribeStatus: 'grace' });
    expect(mailsTo(refused)).toHaveLength(reminders);
    // The job sends it once its retry is due and the mail server takes mail again; the daily retries send nothing more.
    const since = t.mail.messages.length;
    await runJobsAfter(mailRetryDelaysMs[0]!);
    const failed = await t.mail.next(refused.body.userEmail, since);
    expect(failed.subject).toBe('Platba předplatného se nezdařila');
    expect(failed.text).toContain('Základní');
    expect(failed.text).toContain('0341');
    await runJobsAfter(day);
    await runJobsAfter(day);
    expect(mailsTo(refused)).toHaveLength(reminders + 1);
  });

  it('lets the clinician use My page while the mail about their renewal waits for a slow mail server', async () => {
    const waiting = await newClinician();
    await subscribe(waiting, 'basic', sandboxTestCards.chargeDeclined);
    const slow = t.mail.holdNext();
    t.clock.advance(30 * day);
    const job = t.app.jobs.tick();
    await slow.arrived;
    await relogin(t.app, waiting);
    // Answered while the mail is still held: a reply that waited for it would never come.
    const answered = (await renewal(waiting, true)).success.subscription;
    slow.release();
    await job;
    expect(answered).toMatchObject({ subscribeStatus: 'grace', cancelAtPeriodEnd: true });
  });
});
