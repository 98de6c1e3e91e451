import { randomBytes, randomUUID } from 'node:crypto';
import {
  FailedCode,
  changeRenewal,
  checkout,
  completePayment,
  getManagerInfo,
  getMyPurchaseHistory,
  getPendingPayment,
  getProductList,
  getSubscriptionStatus,
  updatePaymentMethod,
  type Endpoint,
  type IntentToConfirm,
  type RequestOf,
} from '@clinic/contract';
import {
  completeChallenge,
  confirmAsBrowser,
  memoryStore,
  paymentSandbox,
  sandboxTestCards,
} from '@clinic/payment-sandbox';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, relogin, verifiedClinician } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { day } from '../../../test/payments.ts';
import { auditEvent } from '../../db/schema.ts';

/**
 * The app with PAYMENT_GATEWAY=stripe, pointed at a sandbox processor standing in for Stripe, whose
 * signed events this test holds and then hands to the app's webhook endpoint in the order it likes.
 */
let t: TestApp;
const keys = {
  secretKey: `sk_test_${randomBytes(12).toString('hex')}`,
  publishableKey: `pk_test_${randomBytes(12).toString('hex')}`,
  webhookSecret: `whsec_${randomBytes(12).toString('hex')}`,
};
/** The events the processor sent, with their signature headers, not yet handed to the app. */
const held: { payload: string; signature: string; type: string; intent: string }[] = [];
const processor = paymentSandbox({
  ...keys,
  store: memoryStore(),
  webhook: {
    secret: keys.webhookSecret,
    send(payload, headers) {
      const event = JSON.parse(payload) as { type: string; data: { object: { id: string } } };
      held.push({ payload, signature: headers['stripe-signature']!, type: event.type, intent: event.data.object.id });
      return Promise.resolve(200);
    },
  },
});
let origin = '';

/** The user agent of Stripe's webhook requests. */
const processorAgent = 'Stripe/1.0 (+https://stripe.com/docs/webhooks)';
const deliver = async (payload: string, signature: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature, 'user-agent': processorAgent },
    })
  ).statusCode;
/** What the audit log holds of a clinician's payments the processor told us of by webhook. */
const auditedFromWebhook = async (who: Caller) =>
  (
    await t.app.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.seqUser, who.seqUser), eq(auditEvent.userAgent, processorAgent)))
  ).map((row) => [row.action, row.entity, row.outcome]);

type Caller = Awaited<ReturnType<typeof verifiedClinician>>;
const callAs = <E extends Endpoint>(who: Caller, endpoint: E, body: RequestOf<E>) =>
  callApi(t.app, endpoint, body, { token: who.tokens.accessToken });
const status = async (who: Caller) => (await callAs(who, getSubscriptionStatus, {})).success.subscription;
const history = async (who: Caller) =>
  (await callAs(who, getMyPurchaseHistory, { page: 1, size: 50 })).success.purchaseList;

beforeAll(async () => {
  origin = await processor.listen({ host: '127.0.0.1', port: 0 });
  t = await createTestApp({
    env: {
      PAYMENT_GATEWAY: 'stripe',
      STRIPE_SECRET_KEY: keys.secretKey,
      STRIPE_PUBLISHABLE_KEY: keys.publishableKey,
      STRIPE_WEBHOOK_SECRET: keys.webhookSecret,
      STRIPE_API_URL: origin,
    },
  });
});
afterAll(async () => {
  await t.close();
  await processor.close();
});

/** The browser's part: the card typed in the processor's fields, sent to the processor only. */
const typed = (number: string) => ({ number, expiry: '1230', cvc: '123', postalCode: '10001' });
const confirmIn = (intent: IntentToConfirm, number: string) =>
  confirmAsBrowser(
    origin,
    keys.publishableKey,
    { id: intent.intentId, client_secret: intent.clientSecret },
    typed(number),
  );

/** A clinician on a trial with a card that asks its holder every time (…3184), whose renewal then waits for them. */
async function renewalWaitingForHolder(people: Caller[]): Promise<{ who: Caller; intent: string }> {
  const who = await verifiedClinician(t.app, t.mail, {}, 'ko');
  people.push(who);
  const [plan] = (await callAs(who, getProductList, {})).success.productList;
  const started = await callAs(who, checkout, {
    seqProduct: plan!.seqProduct,
    newCard: true,
    idempotencyKey: randomUUID(),
  });
  await confirmIn(started.success.confirm!, sandboxTestCards.authenticatesAlways);
  await completeChallenge(origin, started.success.confirm!.intentId, 'complete');
  const subscribed = await callAs(who, completePayment, { intentId: started.success.confirm!.intentId });
  expect(subscribed.reply).toMatchObject({ subscription: { subscribeStatus: 'trial' } });
  const since = t.mail.messages.length;
  t.clock.advance(30 * day);
  await t.app.jobs.tick();
  for (const person of people) await relogin(t.app, person);
  await processor.eventsSettled();
  const waiting = held.findLast((event) => event.type === 'payment_intent.requires_action');
  // The renewal waits for the holder: grace applies, and they are asked to confirm, in their language.
  expect(await status(who)).toMatchObject({ subscribeStatus: 'grace', isGracePeriod: true, isSubscribeActive: true });
  const mail = await t.mail.next(who.body.userEmail, since);
  expect(mail.subject).toBe('구독 결제를 승인해 주세요');
  expect((await history(who))[0]).toMatchObject({ kind: 'renewal', status: 'failed' });
  return { who, intent: waiting!.intent };
}

describe('the webhook endpoint', () => {
  it('refuses an event without the processor’s signature, or changed after it was signed', async () => {
    const payload = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'payment_intent.succeeded', data: {} });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_ours' });
    expect(await deliver(payload, forged)).toBe(400);
    const signed = Stripe.webhooks.generateTestHeaderString({ payload, secret: keys.webhookSecret });
    expect(await deliver(payload.replace('forged', 'changed'), signed)).toBe(400);
    expect(await deliver(payload, signed)).toBe(200);
  });

  it('records a renewal the holder confirmed once, whatever the order of its events and however often they come', async () => {
    const people: Caller[] = [];
    const { who, intent } = await renewalWaitingForHolder(people);
    // The holder confirms at the processor's challenge; the browser tab is closed before it tells us.
    expect(await completeChallenge(origin, intent, 'complete')).toBe('succeeded');
    await processor.eventsSettled();
    const events = held.filter((event) => event.intent === intent);
    expect(events.map((event) => event.type)).toEqual(['payment_intent.requires_action', 'payment_intent.succeeded']);

    // Newest first, then the older one, then both again.
    for (const event of [...events].reverse()) expect(await deliver(event.payload, event.signature)).toBe(200);
    for (const event of events) expect(await deliver(event.payload, event.signature)).toBe(200);
    expect(await status(who)).toMatchObject({ subscribeStatus: 'active', isGracePeriod: false });
    const paid = (await history(who)).filter((item) => item.status === 'paid');
    expect(paid).toEqual([expect.objectContaining({ kind: 'retry', amountMinor: 4900, cardLast4: '3184' })]);
    // Audited as the clinician's change, from the processor's request, once.
    expect(await auditedFromWebhook(who)).toEqual([['update', 'subscription', 'success']]);
  });

  it('finds a confirmed renewal at the processor at the next pass when no event arrived', async () => {
    const people: Caller[] = [];
    const { who, intent } = await renewalWaitingForHolder(people);
    // Not confirmed yet: the daily retry charges nothing new and waits.
    t.clock.advance(day);
    await t.app.jobs.tick();
    await relogin(t.app, who);
    expect(await status(who)).toMatchObject({ subscribeStatus: 'grace' });
    expect(await completeChallenge(origin, intent, 'complete')).toBe('succeeded');
    t.clock.advance(day);
    await t.app.jobs.tick();
    await relogin(t.app, who);
    expect(await status(who)).toMatchObject({ subscribeStatus: 'active' });
    expect((await history(who)).filter((item) => item.status === 'paid')).toHaveLength(1);
  });
});

describe('a card typed in the processor’s fields', () => {
  let plans: { seqProduct: number }[];
  const newCheckout = async (who: Caller) => {
    plans ??= (await callAs(who, getProductList, {})).success.productList;
    const answer = await callAs(who, checkout, {
      seqProduct: plans[0]!.seqProduct,
      newCard: true,
      idempotencyKey: randomUUID(),
    });
    return answer.success.confirm!;
  };

  it('starts the trial with a plain card once the browser confirmed it; the intent is its clinician’s only', async () => {
    const who = await verifiedClinician(t.app, t.mail);
    const stranger = await verifiedClinician(t.app, t.mail);
    const intent = await newCheckout(who);
    expect(intent.kind).toBe('setup');
    expect(await status(who)).toMatchObject({ subscribeStatus: 'none' });
    expect((await confirmIn(intent, sandboxTestCards.succeeds)).body.status).toBe('succeeded');
    const strangers = await callAs(stranger, completePayment, { intentId: intent.intentId });
    const missing = await callAs(stranger, completePayment, { intentId: 'seti_0000' });
    expect([strangers.status, strangers.text]).toEqual([404, missing.text]);
    const done = await callAs(who, completePayment, { intentId: intent.intentId });
    expect(done.reply).toMatchObject({
      subscription: { subscribeStatus: 'trial' },
      payment: { status: 'trial', cardLast4: '4242' },
      paymentMethod: { cardType: 'Visa', last4: '4242', expiry: '1230' },
    });
    // Told again (the webhook, a second tab): the same answer, one record.
    expect((await callAs(who, completePayment, { intentId: intent.intentId })).reply).toEqual(done.reply);
    await processor.eventsSettled();
    for (const event of held.filter((item) => item.intent === intent.intentId))
      expect(await deliver(event.payload, event.signature)).toBe(200);
    expect(await history(who)).toHaveLength(1);
  });

  it('asks the holder of 3155 once: confirmed at set-up, then renewed off-session', async () => {
    const people: Caller[] = [await verifiedClinician(t.app, t.mail)];
    const [who] = people as [Caller];
    const intent = await newCheckout(who);
    expect((await confirmIn(intent, sandboxTestCards.authenticatesOnce)).body.status).toBe('requires_action');
    expect(await completeChallenge(origin, intent.intentId, 'complete')).toBe('succeeded');
    expect((await callAs(who, completePayment, { intentId: intent.intentId })).reply).toMatchObject({
      subscription: { subscribeStatus: 'trial' },
    });
    t.clock.advance(30 * day);
    await t.app.jobs.tick();
    await relogin(t.app, who);
    expect(await status(who)).toMatchObject({ subscribeStatus: 'active' });
    expect((await history(who))[0]).toMatchObject({ kind: 'renewal', status: 'paid', cardLast4: '3155' });
  });

  it('refuses a card whose holder failed the challenge, a declined and an expired card', async () => {
    const who = await verifiedClinician(t.app, t.mail);
    const failed = await newCheckout(who);
    await confirmIn(failed, sandboxTestCards.authenticatesAlways);
    expect(await completeChallenge(origin, failed.intentId, 'fail')).toBe('requires_payment_method');
    expect((await callAs(who, completePayment, { intentId: failed.intentId })).failedCode).toBe(
      FailedCode.PaymentFailed,
    );
    for (const [number, code] of [
      [sandboxTestCards.declined, FailedCode.CardDeclined],
      [sandboxTestCards.expired, FailedCode.CardExpired],
      [sandboxTestCards.declinedAfterAuthentication, FailedCode.CardDeclined],
    ] as const) {
      const intent = await newCheckout(who);
      const confirmed = await confirmIn(intent, number);
      if (confirmed.body.status === 'requires_action') await completeChallenge(origin, intent.intentId, 'complete');
      expect((await callAs(who, completePayment, { intentId: intent.intentId })).failedCode).toBe(code);
    }
    expect(await status(who)).toMatchObject({ subscribeStatus: 'none' });
    expect(await history(who)).toEqual([]);
  });

  it('records a confirmed checkout from the webhook alone when the tab was closed', async () => {
    const who = await verifiedClinician(t.app, t.mail);
    const intent = await newCheckout(who);
    await confirmIn(intent, sandboxTestCards.succeeds);
    await processor.eventsSettled();
    const [event] = held.filter((item) => item.intent === intent.intentId);
    expect(event?.type).toBe('setup_intent.succeeded');
    expect(await deliver(event!.payload, event!.signature)).toBe(200);
    expect(await status(who)).toMatchObject({ subscribeStatus: 'trial' });
    expect(await auditedFromWebhook(who)).toEqual([['update', 'subscription', 'success']]);
  });

  /** A clinician whose trial ended without renewal, so that subscribing again charges the month at once. */
  async function endedPlan(): Promise<Caller> {
    const who = await verifiedClinician(t.app, t.mail);
    const intent = await newCheckout(who);
    await confirmIn(intent, sandboxTestCards.succeeds);
    await callAs(who, completePayment, { intentId: intent.intentId });
    await callAs(who, changeRenewal, { cancelAtPeriodEnd: true });
    t.clock.advance(31 * day);
    await t.app.jobs.tick();
    await relogin(t.app, who);
    expect(await status(who)).toMatchObject({ subscribeStatus: 'ended' });
    return who;
  }
  /** The charges the processor made to a clinician's cards. */
  const chargesTo = async (who: Caller) => {
    const { seqManager } = (await callAs(who, getManagerInfo, {})).success.manager;
    await processor.eventsSettled();
    return held.filter((event) => {
      const { metadata } = (JSON.parse(event.payload) as { data: { object: { metadata: Record<string, string> } } })
        .data.object;
      return event.type === 'payment_intent.succeeded' && metadata.seq_manager === String(seqManager);
    });
  };

  it('charges once when two tabs pay with a new card after an ended plan: the later one cancels the earlier', async () => {
    const who = await endedPlan();
    const first = await newCheckout(who);
    const second = await newCheckout(who);
    expect([first.kind, second.kind]).toEqual(['payment', 'payment']);
    // Both holders type a card; the first tab's intent can no longer charge.
    expect((await confirmIn(first, sandboxTestCards.succeeds)).status).toBe(400);
    expect((await confirmIn(second, '5555555555554444')).body.status).toBe('succeeded');
    expect((await callAs(who, completePayment, { intentId: first.intentId })).failedCode).toBe(
      FailedCode.PaymentFailed,
    );
    expect((await callAs(who, completePayment, { intentId: second.intentId })).reply).toMatchObject({
      subscription: { subscribeStatus: 'active' },
      payment: { kind: 'subscribe', status: 'paid', cardLast4: '4444' },
    });
    expect(await chargesTo(who)).toHaveLength(1);
    expect((await history(who)).filter((item) => item.status === 'paid')).toHaveLength(1);
  });

  it('charges once when the earlier tab paid before the later one started: that one is recorded', async () => {
    const who = await endedPlan();
    const first = await newCheckout(who);
    // Paid at the processor; the tab was closed before it told us, and the event has not come yet.
    expect((await confirmIn(first, sandboxTestCards.succeeds)).body.status).toBe('succeeded');
    const second = await callAs(who, checkout, {
      seqProduct: plans[0]!.seqProduct,
      newCard: true,
      idempotencyKey: randomUUID(),
    });
    expect(second.failedCode).toBe(FailedCode.ProductInUse);
    expect(await status(who)).toMatchObject({ subscribeStatus: 'active' });
    expect(await chargesTo(who)).toHaveLength(1);
    expect((await history(who)).filter((item) => item.status === 'paid')).toHaveLength(1);
  });

  it('changes the card, and in the grace period charges the overdue month to the new one', async () => {
    const people: Caller[] = [];
    const { who } = await renewalWaitingForHolder(people);
    const waiting = (await callAs(who, getPendingPayment, {})).success.pending!.intent;
    const change = await callAs(who, updatePaymentMethod, { idempotencyKey: randomUUID() });
    const intent = change.success.confirm;
    expect(intent.kind).toBe('payment');
    await confirmIn(intent, '5555555555554444');
    expect((await callAs(who, completePayment, { intentId: intent.intentId })).reply).toMatchObject({
      subscription: { subscribeStatus: 'active', isGracePeriod: false },
      paymentMethod: { cardType: 'MasterCard', last4: '4444' },
    });
    expect((await history(who))[0]).toMatchObject({ kind: 'retry', status: 'paid', cardLast4: '4444' });
    // The renewal that waited for the holder is settled: none is asked for any more, and the
    // processor refuses it, so a holder who finds it there cannot pay the month twice.
    expect((await callAs(who, getPendingPayment, {})).success.pending).toBeNull();
    const late = await confirmAsBrowser(
      origin,
      keys.publishableKey,
      { id: waiting.intentId, client_secret: waiting.clientSecret },
      typed(sandboxTestCards.authenticatesAlways),
    );
    expect(late.status).toBe(400);
    expect(await chargesTo(who)).toHaveLength(1);
  });

  it('lets the holder confirm a renewal from our page: the pending charge, its challenge, then done', async () => {
    const people: Caller[] = [];
    const { who } = await renewalWaitingForHolder(people);
    const pending = (await callAs(who, getPendingPayment, {})).success.pending!;
    expect(pending).toMatchObject({ amountMinor: 4900, cardLast4: '3184', intent: { kind: 'payment' } });
    const again = await confirmAsBrowser(
      origin,
      keys.publishableKey,
      { id: pending.intent.intentId, client_secret: pending.intent.clientSecret },
      typed(sandboxTestCards.authenticatesAlways),
    );
    expect(again.body.status).toBe('requires_action');
    await completeChallenge(origin, pending.intent.intentId, 'complete');
    expect((await callAs(who, completePayment, { intentId: pending.intent.intentId })).reply).toMatchObject({
      subscription: { subscribeStatus: 'active' },
    });
    expect((await history(who)).filter((item) => item.status === 'paid')).toHaveLength(1);
  });
});
