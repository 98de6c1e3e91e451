import { randomUUID } from 'node:crypto';
import { FailedCode } from '@clinic/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, password, relogin, verifiedClinician } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { payment, sandboxCard, sandboxCharge, subscription } from '../../db/schema.ts';
import { mailRetryDelaysMs } from '../../mail/mail-queue.ts';
import { sandboxTestCards } from './gateway.ts';
import { unknownChargeRetryMs } from './renewal-job.ts';

const day = 86_400_000;
const visa = '4242424242424242';

let t: TestApp;
let clinician: Awaited<ReturnType<typeof verifiedClinician>>;
let other: Awaited<ReturnType<typeof verifiedClinician>>;
let products: { seqProduct: number; productCode: string; priceMinor: number }[];

type Json = Record<string, unknown>;
type Caller = { tokens: { accessToken: string } };
const post = (who: Caller, path: string, body: unknown) => call(t.app, path, body, { token: who.tokens.accessToken });
const put = (who: Caller, path: string, body: unknown) =>
  call(t.app, path, body, { token: who.tokens.accessToken, method: 'PUT' });
const renewal = (who: Caller, cancelAtPeriodEnd: boolean) => put(who, '/payment/changeRenewal', { cancelAtPeriodEnd });
const seqManagerOf = async (who: Caller) =>
  (await post(who, '/manager/getManagerInfo', {})).json<{ manager: { seqManager: number } }>().manager.seqManager;
const subscriptionOf = async (who: Caller) => {
  const seqManager = await seqManagerOf(who);
  return (await t.app.db.select().from(subscription).where(eq(subscription.seqManager, seqManager)))[0];
};
const failedCode = (reply: { json: <T>() => T }) => reply.json<{ failedCode?: string }>().failedCode;
const card = (cardNumber: string, overrides: Json = {}): Json => ({
  cardType: 'Visa',
  cardNumber,
  expiry: '1230',
  cvc: '123',
  zipCode: '10001',
  address: '1 Main St., Apt 2/3',
  ...overrides,
});
const plan = (code: string) => products.find((item) => item.productCode === code)!.seqProduct;
const subscribe = (who: Caller, code: string, cardNumber = visa) =>
  post(who, '/payment/checkout', { seqProduct: plan(code), card: card(cardNumber), idempotencyKey: randomUUID() });
const status = async (who: Caller) =>
  (await post(who, '/payment/getSubscriptionStatus', {})).json<{ subscription: Json }>().subscription;
const history = async (who: Caller) =>
  (await post(who, '/payment/getMyPurchaseHistory', { page: 1, size: 50 })).json<{ purchaseList: Json[] }>()
    .purchaseList;
/** Everyone the clock moves for: they log in again after it moved. */
const people: Awaited<ReturnType<typeof verifiedClinician>>[] = [];
async function newClinician(language?: string): Promise<Awaited<ReturnType<typeof verifiedClinician>>> {
  const who = await verifiedClinician(t.app, t.mail, {}, language);
  people.push(who);
  return who;
}
/** Moves the clock, runs the background jobs and logs everyone in again. */
async function pass(milliseconds: number): Promise<void> {
  t.clock.advance(milliseconds);
  await t.app.jobs.tick();
  for (const who of people) await relogin(t.app, who);
}

beforeAll(async () => {
  t = await createTestApp();
  clinician = await newClinician();
  other = await newClinician();
  products = (await post(clinician, '/payment/getProductList', {})).json<{ productList: typeof products }>()
    .productList;
});
afterAll(() => t.close());

describe('cards', () => {
  it('refuses a wrong number, security code, expiry, zip or address before any processor sees it', async () => {
    const checkout = (overrides: Json) =>
      post(clinician, '/payment/checkout', {
        seqProduct: plan('basic'),
        card: card(visa, overrides),
        idempotencyKey: randomUUID(),
      });
    for (const [field, overrides] of [
      ['cardNumber', { cardNumber: '4242424242424241' }],
      ['cardNumber', { cardNumber: '42424242' }],
      ['cardNumber', { cardType: 'AmericanExpress' }],
      ['cvc', { cardType: 'AmericanExpress', cardNumber: '378282246310005', cvc: '123' }],
      ['expiry', { expiry: '1320' }],
      ['expiry', { expiry: '0120' }],
      ['zipCode', { zipCode: '1' }],
      ['address', { address: '1 Main St #4' }],
    ] as const) {
      const reply = await checkout(overrides);
      expect(reply.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(reply.json<{ fields: { path: string }[] }>().fields[0]?.path).toBe(`card.${field}`);
    }
    expect(await status(clinician)).toMatchObject({ subscribeStatus: 'none', patientLimit: 30 });
  });

  it('shows the processor’s refusal, declined or expired, and keeps nothing', async () => {
    for (const [number, code] of [
      [sandboxTestCards.declined, FailedCode.CardDeclined],
      [sandboxTestCards.expired, FailedCode.CardExpired],
      [sandboxTestCards.processingError, FailedCode.PaymentFailed],
    ] as const) {
      const reply = await post(clinician, '/payment/checkout', {
        seqProduct: plan('basic'),
        card: card(number),
        idempotencyKey: randomUUID(),
      });
      expect(failedCode(reply)).toBe(code);
    }
    expect(await status(clinician)).toMatchObject({ subscribeStatus: 'none', isSubscribeActive: false });
    expect(await history(clinician)).toEqual([]);
  });
});

describe('a subscription', () => {
  it('starts with the 30-day free trial once, however often the browser retries the checkout', async () => {
    const request = { seqProduct: plan('basic'), card: card(visa), idempotencyKey: randomUUID() };
    // The retry leaves while the first request is still running.
    const [first, retry] = await Promise.all([
      post(clinician, '/payment/checkout', request),
      post(clinician, '/payment/checkout', request),
    ]);
    expect(first.json()).toEqual(retry.json());
    expect(await t.app.db.select().from(sandboxCard)).toHaveLength(1);
    expect(first.json()).toMatchObject({
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
    expect(failedCode(await post(clinician, '/payment/checkout', { ...request, idempotencyKey: randomUUID() }))).toBe(
      FailedCode.ProductInUse,
    );
    const summary = (await post(clinician, '/payment/getMyPurchaseSummary', {})).json<Json>();
    expect(summary).toMatchObject({
      product: { productCode: 'basic', priceMinor: 4900 },
      nextAmountMinor: 4900,
      paymentMethod: { paymentType: 'card', cardType: 'Visa', last4: '4242', expiry: '1230' },
    });
  });

  it('changes plan once a month, with the new limit at once and the new price at the next charge', async () => {
    const change = (code: string) => put(clinician, '/payment/changeSubscription', { seqProduct: plan(code) });
    expect(failedCode(await change('basic'))).toBe(FailedCode.ProductInUse);
    expect((await change('standard')).json()).toMatchObject({ subscription: { patientLimit: 150 } });
    expect(failedCode(await change('unlimited'))).toBe(FailedCode.PlanChangeTooSoon);
    expect(failedCode(await put(other, '/payment/changeSubscription', { seqProduct: plan('basic') }))).toBe(
      FailedCode.NoSubscription,
    );

    // The trial ends: the first month is charged at the standard price.
    await pass(30 * day);
    expect(await status(clinician)).toMatchObject({ subscribeStatus: 'active', patientLimit: 150 });
    expect((await history(clinician))[0]).toMatchObject({ kind: 'renewal', status: 'paid', amountMinor: 9900 });
    expect((await change('unlimited')).json()).toMatchObject({ subscription: { patientLimit: 0, isOverLimit: false } });
    // The job running again charges nothing more.
    await t.app.jobs.tick();
    expect(await history(clinician)).toHaveLength(2);
  });

  it('enters the grace period when a renewal is refused, retries daily, then ends', async () => {
    const replaced = await put(clinician, '/payment/updatePaymentMethod', {
      card: card(sandboxTestCards.chargeDeclined),
      idempotencyKey: randomUUID(),
    });
    expect(replaced.json()).toMatchObject({ paymentMethod: { last4: '0341' } });
    // Thirty-one active patients on the unlimited plan.
    for (let index = 0; index < 31; index++) {
      const added = await post(clinician, '/patient/addPatient/noAuth', {
        patientName: `Patient ${index}`,
        patientInfoBirth: '1960-01-01',
        patientInfoGender: 'F',
        heightCm: 160,
        weightKg: 60,
        deviceType: 1,
      });
      expect(added.json(), added.body).toMatchObject({ isSuccess: true });
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
    const more = await post(clinician, '/patient/addPatient/noAuth', {
      patientName: 'One Too Many',
      patientInfoBirth: '1960-01-01',
      patientInfoGender: 'M',
      heightCm: 170,
      weightKg: 70,
      deviceType: 1,
    });
    expect(failedCode(more)).toBe(FailedCode.PlanLimitReached);
    const choice = await put(clinician, '/manager/updatePenaltyInfo', { choice: 'later' });
    expect(choice.json()).toMatchObject({
      penalty: { choice: 'later', activePatients: 31, patientLimit: 30, recordedAt: t.clock().toISOString() },
    });
    const list = await post(clinician, '/patient/getMyPatientsAndReservedSchedulesForToday', {});
    const [first] = list.json<{ patientList: { seqMedicalRelation: number }[] }>().patientList;
    await put(clinician, '/patient/changeActivationStatus', {
      seqMedicalRelation: first!.seqMedicalRelation,
      isEnabled: false,
    });
    expect(await status(clinician)).toMatchObject({ activePatients: 30, isOverLimit: false });
  });

  it('charges at once after an ended subscription (no second trial), once per checkout key', async () => {
    const onFile = { seqProduct: plan('basic'), idempotencyKey: randomUUID() };
    const charges = async () => (await t.app.db.select().from(sandboxCharge)).length;
    expect(failedCode(await post(clinician, '/payment/checkout', onFile))).toBe(FailedCode.CardDeclined);
    const before = await charges();
    expect(failedCode(await post(clinician, '/payment/checkout', onFile))).toBe(FailedCode.CardDeclined);
    expect(await charges()).toBe(before);

    // Two checkouts at once (two tabs): one subscription, one charge; the other finds the plan in use.
    const paying = { seqProduct: plan('basic'), card: card('5555555555554444', { cardType: 'MasterCard' }) };
    const both = await Promise.all(
      [randomUUID(), randomUUID()].map((idempotencyKey) =>
        post(clinician, '/payment/checkout', { ...paying, idempotencyKey }),
      ),
    );
    const paid = both.find((reply) => reply.json<{ isSuccess: boolean }>().isSuccess)!;
    expect(both.map(failedCode).sort()).toEqual([FailedCode.ProductInUse, undefined]);
    expect(paid.json()).toMatchObject({
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
    const fixed = await put(other, '/payment/updatePaymentMethod', { card: card(visa), idempotencyKey: randomUUID() });
    expect(fixed.json()).toMatchObject({
      subscription: { subscribeStatus: 'active', isGracePeriod: false },
      paymentMethod: { last4: '4242' },
    });
    expect((await history(other))[0]).toMatchObject({ kind: 'retry', status: 'paid', amountMinor: 9900 });
    expect(await t.app.db.select().from(sandboxCard).where(eq(sandboxCard.token, old))).toEqual([]);
    // Each clinician sees their own payments only.
    expect((await history(other)).every((item) => item.productTitle === 'Standard')).toBe(true);
  });
});

describe('a charge whose outcome is unknown', () => {
  const chargesOf = async (who: Caller) => {
    const seqManager = await seqManagerOf(who);
    return (await t.app.db.select().from(sandboxCharge)).filter((charge) =>
      charge.idempotencyKey.includes(`:${seqManager}:`),
    );
  };

  it('answers a checkout as a server error and records nothing; the browser’s repeat gets the charge made', async () => {
    const unsure = await newClinician();
    await subscribe(unsure, 'basic', sandboxTestCards.chargeDeclined);
    await pass(30 * day);
    const request = {
      seqProduct: plan('basic'),
      card: card(sandboxTestCards.answerLost),
      idempotencyKey: randomUUID(),
    };
    const lost = await post(unsure, '/payment/checkout', request);
    expect([lost.statusCode, failedCode(lost)]).toEqual([503, FailedCode.PaymentFailed]);
    expect(await status(unsure)).toMatchObject({ subscribeStatus: 'grace' });
    expect((await history(unsure)).map((item) => item.kind)).toEqual(['renewal', 'subscribe']);
    expect((await post(unsure, '/payment/checkout', request)).json()).toMatchObject({
      subscription: { subscribeStatus: 'active' },
      payment: { kind: 'subscribe', status: 'paid', cardLast4: '0259' },
    });
    expect((await chargesOf(unsure)).filter((charge) => charge.status === 'succeeded')).toHaveLength(1);
  });

  it('charges a renewal again within minutes with the same key, without a grace period or a mail', async () => {
    const unsure = await newClinician();
    await subscribe(unsure, 'basic', sandboxTestCards.answerLost);
    await pass(30 * day);
    expect(await status(unsure)).toMatchObject({ subscribeStatus: 'trial', isGracePeriod: false });
    expect(await history(unsure)).toHaveLength(1);
    await pass(unknownChargeRetryMs);
    expect(await status(unsure)).toMatchObject({ subscribeStatus: 'active' });
    expect((await history(unsure))[0]).toMatchObject({ kind: 'renewal', status: 'paid', amountMinor: 4900 });
    expect(await chargesOf(unsure)).toHaveLength(1);
    // The verification only: no mail about a failed payment.
    expect(t.mail.messages.filter((mail) => mail.to === unsure.body.userEmail.toLowerCase())).toHaveLength(1);
  });
});

describe('the end of a subscription', () => {
  const summary = async (who: Caller) => (await post(who, '/payment/getMyPurchaseSummary', {})).json<Json>();

  it('keeps the plan until the period ends, then ends it without a charge, when the renewal is cancelled', async () => {
    const leaving = await newClinician();
    expect(failedCode(await renewal(leaving, true))).toBe(FailedCode.NoSubscription);
    await subscribe(leaving, 'standard');
    const trialEndsAt = new Date(t.clock().getTime() + 30 * day).toISOString();

    expect((await renewal(leaving, true)).json()).toMatchObject({
      isSuccess: true,
      subscription: { subscribeStatus: 'trial', cancelAtPeriodEnd: true, isSubscribeActive: true, patientLimit: 150 },
    });
    expect(await summary(leaving)).toMatchObject({ nextChargeAt: null, nextAmountMinor: null });
    // Resumed, and cancelled again: the last choice holds.
    expect((await renewal(leaving, false)).json()).toMatchObject({ subscription: { cancelAtPeriodEnd: false } });
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
    expect(failedCode(await renewal(leaving, false))).toBe(FailedCode.NoSubscription);
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
    await put(overdue, '/payment/updatePaymentMethod', { card: card(visa), idempotencyKey: randomUUID() });
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
    await post(deleting, '/user/confirmUserPassword', { password });
    expect((await put(deleting, '/manager/deleteManagerAccount', {})).json()).toEqual({ isSuccess: true });

    const [row] = await t.app.db.select().from(subscription).where(eq(subscription.seqManager, seqManager));
    expect(row).toMatchObject({ status: 'ended', cardToken: null, cardLast4: null });
    expect(await t.app.db.select().from(sandboxCard).where(eq(sandboxCard.token, token))).toEqual([]);
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
    expect(mailsTo(trying)).toHaveLength(2);
    expect(await status(trying)).toMatchObject({ subscribeStatus: 'active' });
  });

  it('tells the clinician once when a renewal is refused, even if the mail server refused the mail at first', async () => {
    const refused = await newClinician('cs');
    await subscribe(refused, 'basic', sandboxTestCards.chargeDeclined);
    await pass(29 * day);
    const reminders = mailsTo(refused).length;
    t.mail.refuse(1);
    await pass(day);
    expect(await status(refused)).toMatchObject({ subscribeStatus: 'grace' });
    expect(mailsTo(refused)).toHaveLength(reminders);
    // The job sends it once the mail server takes mail again; the daily retries send nothing more.
    await pass(mailRetryDelaysMs[0]!);
    const failed = mailsTo(refused).at(-1);
    expect(failed?.subject).toBe('Platba předplatného se nezdařila');
    expect(failed?.text).toContain('Základní');
    expect(failed?.text).toContain('0341');
    await pass(day);
    await pass(day);
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
    const answered = await Promise.race([
      renewal(waiting, true).then((reply) => reply.json<{ subscription: Json }>().subscription),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 3000)),
    ]);
    slow.release();
    await job;
    expect(answered).toMatchObject({ subscribeStatus: 'grace', cancelAtPeriodEnd: true });
  });
});
