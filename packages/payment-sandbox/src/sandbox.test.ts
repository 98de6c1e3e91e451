import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeChallenge, confirmAsBrowser, type TypedCard } from './browser.ts';
import { sandboxTestCards } from './cards.ts';
import { paymentSandbox } from './sandbox.ts';
import { memoryStore } from './store.ts';

const secretKey = 'sk_test_sandbox_secret';
const publishableKey = 'pk_test_sandbox_publishable';
const webhookSecret = 'whsec_sandbox_test';

/**
 * What the webhook endpoint received, each event's signature checked by the SDK; it refuses the
 * first delivery of each event, so each is retried.
 */
const received: Stripe.Event[] = [];
const refusedOnce = new Set<string>();
const sandbox = paymentSandbox({
  secretKey,
  publishableKey,
  store: memoryStore(),
  retryDelaysMs: [10],
  webhook: {
    secret: webhookSecret,
    send(payload, headers) {
      const event = stripe.webhooks.constructEvent(payload, headers['stripe-signature']!, webhookSecret);
      if (!refusedOnce.has(event.id)) {
        refusedOnce.add(event.id);
        return Promise.resolve(500);
      }
      received.push(event);
      return Promise.resolve(200);
    },
  },
});
let origin = '';
let stripe: Stripe;

beforeAll(async () => {
  origin = await sandbox.listen({ port: 0, host: '127.0.0.1' });
  const { port } = new URL(origin);
  stripe = new Stripe(secretKey, {
    apiVersion: '2026-10-28.endive',
    host: '127.0.0.1',
    port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
});
afterAll(() => sandbox.close());

/**
 * Stripe's test cards refused when confirmed, with the codes Stripe gives them
 * (docs.stripe.com/testing, "Declined payments" and "Fraud prevention").
 */
const refusedAtConfirm: { number: string; code: string; declineCode?: string }[] = [
  { number: '4000000000000002', code: 'card_declined', declineCode: 'generic_decline' },
  { number: '4000000000009995', code: 'card_declined', declineCode: 'insufficient_funds' },
  { number: '4000000000009987', code: 'card_declined', declineCode: 'lost_card' },
  { number: '4000000000009979', code: 'card_declined', declineCode: 'stolen_card' },
  { number: '4000000000006975', code: 'card_declined', declineCode: 'card_velocity_exceeded' },
  { number: '4100000000000019', code: 'card_declined', declineCode: 'fraudulent' },
  { number: '4000000000000069', code: 'expired_card' },
  { number: '4000000000000127', code: 'incorrect_cvc' },
  { number: '4000000000000119', code: 'processing_error' },
];
/** Stripe's 3-D Secure test cards declined after the holder passed the challenge. */
const refusedAfterAuthentication = [
  { number: '4000008400001629', declineCode: 'generic_decline' },
  { number: '4000008260003178', declineCode: 'insufficient_funds' },
];
const incorrectNumber = '4242424242424241';

const card = (number: string): TypedCard => ({ number, expiry: '1230', cvc: '123', postalCode: '10001' });

/** A customer whose card was set up in the browser; answers the customer and the setup's outcome. */
async function setUp(number: string) {
  const customer = await stripe.customers.create({ metadata: { seqManager: '7' } });
  const intent = await stripe.setupIntents.create({ customer: customer.id, usage: 'off_session' });
  const confirmed = await confirmAsBrowser(origin, publishableKey, intent, card(number));
  return { customer, intent, confirmed };
}

/** A charge of a saved card without its holder, as a renewal: the intent, or the error Stripe threw. */
function chargeOffSession(customer: string, paymentMethod: string): Promise<unknown> {
  return stripe.paymentIntents
    .create({
      amount: 4900,
      currency: 'usd',
      customer,
      payment_method: paymentMethod,
      off_session: true,
      confirm: true,
    })
    .catch((error: unknown) => error);
}

async function eventsOf(objectId: string): Promise<string[]> {
  await sandbox.eventsSettled();
  return received.filter((event) => (event.data.object as { id: string }).id === objectId).map((event) => event.type);
}

describe('the payment sandbox, driven by the stripe SDK', () => {
  it('sets up a plain card and charges it off-session, once per idempotency key', async () => {
    const { customer, intent, confirmed } = await setUp(sandboxTestCards.succeeds);
    expect(confirmed.body).toMatchObject({ status: 'succeeded', customer: customer.id });
    const setup = await stripe.setupIntents.retrieve(intent.id);
    const method = await stripe.paymentMethods.retrieve(setup.payment_method as string);
    expect(method).toMatchObject({ customer: customer.id, card: { brand: 'visa', last4: '4242', exp_month: 12 } });
    expect(JSON.stringify(method)).not.toContain(sandboxTestCards.succeeds);
    expect(await eventsOf(intent.id)).toEqual(['setup_intent.succeeded']);

    const charge = () =>
      stripe.paymentIntents.create(
        {
          amount: 4900,
          currency: 'usd',
          customer: customer.id,
          payment_method: method.id,
          off_session: true,
          confirm: true,
          metadata: { charge_key: 'renewal-1' },
        },
        { idempotencyKey: 'renewal-1' },
      );
    const first = await charge();
    const again = await charge();
    expect(first.status).toBe('succeeded');
    expect(again.id).toBe(first.id);
    const found = await stripe.paymentIntents.search({ query: "metadata['charge_key']:'renewal-1'" });
    expect(found.data.map((intent) => intent.id)).toEqual([first.id]);
    expect(await eventsOf(first.id)).toEqual(['payment_intent.succeeded']);
  });

  it.each(refusedAtConfirm)(
    'refuses $number as Stripe does ($code $declineCode), when set up and when paid',
    async ({ number, code, declineCode }) => {
      const refusal = { type: 'card_error', code, ...(declineCode && { decline_code: declineCode }) };
      const { intent, confirmed } = await setUp(number);
      expect(confirmed.status).toBe(402);
      expect(confirmed.body.error).toMatchObject({
        ...refusal,
        setup_intent: { id: intent.id, status: 'requires_payment_method' },
      });
      expect(await eventsOf(intent.id)).toEqual(['setup_intent.setup_failed']);

      const customer = await stripe.customers.create({});
      const payment = await stripe.paymentIntents.create({ amount: 4900, currency: 'usd', customer: customer.id });
      expect((await confirmAsBrowser(origin, publishableKey, payment, card(number))).status).toBe(402);
      const refused = await stripe.paymentIntents.retrieve(payment.id);
      expect(refused).toMatchObject({ status: 'requires_payment_method', last_payment_error: refusal });
    },
  );

  it('refuses a number that fails the Luhn check with incorrect_number, as Stripe does 4242 4242 4242 4241', async () => {
    const { intent, confirmed } = await setUp(incorrectNumber);
    expect(confirmed.status).toBe(402);
    expect(confirmed.body.error).toMatchObject({ type: 'card_error', code: 'incorrect_number' });
    expect((await stripe.setupIntents.retrieve(intent.id)).status).toBe('requires_payment_method');
  });

  it.each(refusedAfterAuthentication)(
    'asks the holder of $number, then declines it as Stripe does ($declineCode)',
    async ({ number, declineCode }) => {
      const customer = await stripe.customers.create({});
      const payment = await stripe.paymentIntents.create({ amount: 4900, currency: 'usd', customer: customer.id });
      expect((await confirmAsBrowser(origin, publishableKey, payment, card(number))).body.status).toBe(
        'requires_action',
      );
      expect(await completeChallenge(origin, payment.id, 'complete')).toBe('requires_payment_method');
      expect((await stripe.paymentIntents.retrieve(payment.id)).last_payment_error).toMatchObject({
        code: 'card_declined',
        decline_code: declineCode,
      });
      expect(await eventsOf(payment.id)).toEqual(['payment_intent.requires_action', 'payment_intent.payment_failed']);
    },
  );

  it('sets 0341 up, then declines every charge of it, as Stripe does', async () => {
    const { customer, intent, confirmed } = await setUp(sandboxTestCards.chargeDeclined);
    expect(confirmed.body.status).toBe('succeeded');
    const method = (await stripe.setupIntents.retrieve(intent.id)).payment_method as string;
    expect(await chargeOffSession(customer.id, method)).toMatchObject({
      type: 'StripeCardError',
      code: 'card_declined',
      decline_code: 'generic_decline',
    });
  });

  it('lists only cards whose behaviour at Stripe is tested here', () => {
    const tested = [
      ...refusedAtConfirm.map((row) => row.number),
      ...refusedAfterAuthentication.map((row) => row.number),
      sandboxTestCards.succeeds,
      sandboxTestCards.authenticatesOnce,
      sandboxTestCards.authenticatesAlways,
      sandboxTestCards.chargeDeclined,
      sandboxTestCards.answerLost,
    ];
    expect(Object.values(sandboxTestCards).filter((number) => !tested.includes(number))).toEqual([]);
  });

  it('asks the holder of 3155 once, then charges it off-session', async () => {
    const { customer, intent, confirmed } = await setUp(sandboxTestCards.authenticatesOnce);
    expect(confirmed.body).toMatchObject({ status: 'requires_action', next_action: { type: 'redirect_to_url' } });
    expect(await completeChallenge(origin, intent.id, 'complete')).toBe('succeeded');
    const method = (await stripe.setupIntents.retrieve(intent.id)).payment_method as string;
    expect(await chargeOffSession(customer.id, method)).toMatchObject({ status: 'succeeded' });
  });

  it('asks the holder of 3184 every time: off-session it fails with authentication_required until they confirm', async () => {
    const { customer, intent } = await setUp(sandboxTestCards.authenticatesAlways);
    await completeChallenge(origin, intent.id, 'complete');
    const method = (await stripe.setupIntents.retrieve(intent.id)).payment_method as string;
    const refusal = await chargeOffSession(customer.id, method);
    expect(refusal).toBeInstanceOf(Stripe.errors.StripeCardError);
    const error = refusal as Stripe.errors.StripeCardError;
    expect(error.code).toBe('authentication_required');
    const waiting = error.payment_intent!;
    expect(waiting.status).toBe('requires_action');
    expect(await eventsOf(waiting.id)).toEqual(['payment_intent.requires_action']);

    // The holder comes back: the browser confirms the intent with its saved card and passes the challenge.
    const again = await confirmAsBrowser(origin, publishableKey, waiting, { paymentMethod: method });
    expect(again.body.status).toBe('requires_action');
    expect(await completeChallenge(origin, waiting.id, 'complete')).toBe('succeeded');
    expect((await stripe.paymentIntents.retrieve(waiting.id)).status).toBe('succeeded');
  });

  it('fails a challenge the holder fails', async () => {
    const failed = await setUp(sandboxTestCards.authenticatesAlways);
    expect(await completeChallenge(origin, failed.intent.id, 'fail')).toBe('requires_payment_method');
    expect((await stripe.setupIntents.retrieve(failed.intent.id)).last_setup_error?.code).toBe(
      'setup_intent_authentication_failure',
    );
  });

  it('loses the first answer of a 0259 charge: the charge is made, the repeat with the key and a search find it', async () => {
    const { customer, intent } = await setUp(sandboxTestCards.answerLost);
    const method = (await stripe.setupIntents.retrieve(intent.id)).payment_method as string;
    const charge = () =>
      stripe.paymentIntents.create(
        {
          amount: 4900,
          currency: 'usd',
          customer: customer.id,
          payment_method: method,
          off_session: true,
          confirm: true,
          metadata: { charge_key: 'lost-1' },
        },
        { idempotencyKey: 'lost-1' },
      );
    await expect(charge()).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
    const [made] = (await stripe.paymentIntents.search({ query: "metadata['charge_key']:'lost-1'" })).data;
    expect(made?.status).toBe('succeeded');
    expect((await charge()).id).toBe(made!.id);
  });

  it('answers only the secret key for server calls, and the client secret for the browser’s', async () => {
    const customer = await stripe.customers.create({});
    const intent = await stripe.setupIntents.create({ customer: customer.id });
    const wrongSecret = await confirmAsBrowser(
      origin,
      publishableKey,
      { ...intent, client_secret: 'seti_x_secret_y' },
      card('4242424242424242'),
    );
    expect(wrongSecret.status).toBe(400);
    const withPublishable = new Stripe(publishableKey, {
      apiVersion: '2026-10-28.endive',
      host: '127.0.0.1',
      port: new URL(origin).port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await expect(withPublishable.customers.create({})).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });
});
