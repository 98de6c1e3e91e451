import { randomBytes, randomUUID } from 'node:crypto';
import {
  FailedCode,
  type Card,
  checkout,
  confirmUserPassword,
  deleteManagerAccount,
  getManagerInfo,
  getProductList,
  getSubscriptionStatus,
  updatePaymentMethod,
  type RequestOf,
} from '@clinic/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { password, relogin, verifiedClinician, callApi } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { startStripeStub, stripeTestCards, type StripeStub } from '../../../test/stripe-stub.ts';
import { payment, subscription } from '../../db/schema.ts';
import { secretRepository } from '../../security/secret.repository.ts';
import { outcomeUnknown } from './gateway.ts';
import { unknownChargeRetryMs } from './renewal-job.ts';
import { stripeGateway } from './stripe-gateway.ts';

const day = 86_400_000;
const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
const form = 'application/x-www-form-urlencoded';

let stub: StripeStub;
let t: TestApp;
let seqBasic: number;
/** The deployment's id, which prefixes every key we send Stripe. */
let deploymentId: string;

type Clinician = Awaited<ReturnType<typeof verifiedClinician>>;
const people: Clinician[] = [];
async function newClinician(app = t): Promise<Clinician> {
  const who = await verifiedClinician(app.app, app.mail);
  people.push(who);
  return who;
}
const card = (cardNumber: string): Card => ({
  cardType: 'Visa',
  cardNumber,
  expiry: '0830',
  cvc: '123',
  zipCode: '10001',
  address: '1 Main St., Apt 2/3',
});
const pay = (who: Clinician, body: Omit<RequestOf<typeof checkout>, 'seqProduct'>, app = t) =>
  callApi(app.app, checkout, { seqProduct: seqBasic, ...body }, { token: who.tokens.accessToken });
const statusOf = async (who: Clinician) =>
  (await callApi(t.app, getSubscriptionStatus, {}, { token: who.tokens.accessToken })).success.subscription
    .subscribeStatus;
const seqManagerOf = async (who: Clinician) =>
  (await callApi(t.app, getManagerInfo, {}, { token: who.tokens.accessToken })).success.manager.seqManager;
/** Moves the clock, runs the background jobs and logs everyone in again. */
async function pass(milliseconds: number): Promise<void> {
  t.clock.advance(milliseconds);
  await t.app.jobs.tick();
  for (const who of people) await relogin(t.app, who);
}

beforeAll(async () => {
  stub = await startStripeStub(secretKey);
  t = await createTestApp({
    env: { PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: secretKey, STRIPE_API_URL: stub.url },
  });
  deploymentId = await secretRepository(t.app.db).getOrCreate('deployment-id', () => 'not made here');
  const someone = await newClinician();
  const products = await callApi(t.app, getProductList, {}, { token: someone.tokens.accessToken });
  seqBasic = products.success.productList.find((item) => item.productCode === 'basic')!.seqProduct;
});
afterAll(async () => {
  await t.close();
  await stub.close();
});

// Two server instances need a database server; PGlite lives inside one process.
describe.runIf(process.env.DATABASE_URL)('two server instances on one PostgreSQL database', () => {
  let b: TestApp;
  beforeAll(async () => {
    b = await createTestApp({
      env: { PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: secretKey, STRIPE_API_URL: stub.url },
      sameDatabaseAs: t,
    });
  });
  afterAll(() => b.close());

  it('take turns with one clinician’s checkouts: one subscription, one card saved', async () => {
    const twoTabs = await newClinician();
    const since = stub.requests.length;
    const replies = await Promise.all([
      pay(twoTabs, { card: card(stripeTestCards.succeeds), idempotencyKey: randomUUID() }),
      pay(twoTabs, { card: card(stripeTestCards.succeeds), idempotencyKey: randomUUID() }, b),
    ]);
    expect(replies.map((answer) => answer.failedCode).sort()).toEqual([FailedCode.ProductInUse, undefined]);
    expect(stub.requests.slice(since).map((request) => request.path)).toEqual(['/v1/payment_methods', '/v1/customers']);
    const seqManager = await seqManagerOf(twoTabs);
    expect(await t.app.db.select().from(payment).where(eq(payment.seqManager, seqManager))).toHaveLength(1);
  });
});

describe('payments through Stripe', () => {
  it('saves a card as a PaymentMethod that a new Customer owns, with the secret key, and charges nothing in the trial', async () => {
    const trying = await newClinician();
    const since = stub.requests.length;
    const reply = await pay(trying, { card: card('4242 4242 4242 4242'), idempotencyKey: randomUUID() });
    expect(reply.reply).toMatchObject({ subscription: { subscribeStatus: 'trial' }, payment: { cardLast4: '4242' } });

    const [method, customer, ...more] = stub.requests.slice(since);
    expect(more).toEqual([]);
    expect(method).toMatchObject({
      path: '/v1/payment_methods',
      authorization: `Bearer ${secretKey}`,
      contentType: form,
      form: {
        type: 'card',
        'card[number]': '4242424242424242',
        'card[exp_month]': '8',
        'card[exp_year]': '2030',
        'card[cvc]': '123',
        'billing_details[address][postal_code]': '10001',
        'billing_details[address][line1]': '1 Main St., Apt 2/3',
      },
    });
    const methodId = customer?.form.payment_method;
    expect(methodId).toMatch(/^pm_/);
    expect(customer).toMatchObject({
      path: '/v1/customers',
      authorization: `Bearer ${secretKey}`,
      contentType: form,
      form: { 'invoice_settings[default_payment_method]': methodId },
    });
    const [row] = await t.app.db
      .select()
      .from(subscription)
      .where(eq(subscription.seqManager, await seqManagerOf(trying)));
    expect(row?.cardToken).toMatch(new RegExp(`^cus_\\w+/${methodId}$`));
  });

  it('refuses Stripe’s declined, expired and failing test cards with their codes and keeps nothing', async () => {
    const unlucky = await newClinician();
    for (const [number, code] of [
      [stripeTestCards.declined, FailedCode.CardDeclined],
      [stripeTestCards.expired, FailedCode.CardExpired],
      [stripeTestCards.processingError, FailedCode.PaymentFailed],
    ] as const) {
      expect((await pay(unlucky, { card: card(number), idempotencyKey: randomUUID() })).failedCode).toBe(code);
    }
    expect(await statusOf(unlucky)).toBe('none');
  });

  it('charges the renewal as a PaymentIntent confirmed off-session with the saved card, once a period', async () => {
    const renewing = await newClinician();
    await pay(renewing, { card: card(stripeTestCards.succeeds), idempotencyKey: randomUUID() });
    const seqManager = await seqManagerOf(renewing);
    const [row] = await t.app.db.select().from(subscription).where(eq(subscription.seqManager, seqManager));
    const [customer, method] = row!.cardToken!.split('/');
    const since = stub.requests.length;
    await pass(30 * day);
    await t.app.jobs.tick();
    const charges = stub.requests.slice(since).filter((request) => request.form.customer === customer);
    expect(charges).toEqual([
      {
        method: 'POST',
        path: '/v1/payment_intents',
        authorization: `Bearer ${secretKey}`,
        contentType: form,
        idempotencyKey: `${deploymentId}:renewal:${seqManager}:${row!.currentPeriodEnd.toISOString()}`,
        form: {
          amount: '4900',
          currency: 'usd',
          customer,
          payment_method: method,
          off_session: 'true',
          confirm: 'true',
        },
      },
    ]);
    expect(await statusOf(renewing)).toBe('active');
  });

  it('charges a checkout the browser retried, even at the same moment, once; another tab’s finds the plan in use', async () => {
    const overdue = await newClinician();
    await pay(overdue, { card: card(stripeTestCards.attachesThenDeclines), idempotencyKey: randomUUID() });
    await pass(30 * day);
    expect(await statusOf(overdue)).toBe('grace');

    const first = { card: card(stripeTestCards.succeeds), idempotencyKey: randomUUID() };
    const before = stub.intents.filter((intent) => intent.status === 'succeeded').length;
    const [once, retried, otherTab] = await Promise.all([
      pay(overdue, first),
      pay(overdue, first),
      pay(overdue, { card: card(stripeTestCards.succeeds), idempotencyKey: randomUUID() }),
    ]);
    expect(retried.reply).toEqual(once.reply);
    expect((await pay(overdue, first)).reply).toEqual(once.reply);
    expect([once, otherTab].map((answer) => answer.failedCode).sort()).toEqual([FailedCode.ProductInUse, undefined]);
    expect(stub.intents.filter((intent) => intent.status === 'succeeded')).toHaveLength(before + 1);
    expect(await statusOf(overdue)).toBe('active');
  });

  it('answers a checkout whose charge went unanswered as a server error, and charges once when the browser repeats it', async () => {
    const overdue = await newClinician();
    await pay(overdue, { card: card(stripeTestCards.attachesThenDeclines), idempotencyKey: randomUUID() });
    await pass(30 * day);
    const repeated = { card: card(stripeTestCards.succeeds), idempotencyKey: randomUUID() };
    const succeeded = () => stub.intents.filter((intent) => intent.status === 'succeeded').length;
    const before = succeeded();
    stub.loseNextAnswer((request) => request.path === '/v1/payment_intents');
    const lost = await pay(overdue, repeated);
    expect([lost.status, lost.failedCode]).toEqual([503, FailedCode.PaymentFailed]);
    expect(await statusOf(overdue)).toBe('grace');
    // The same card, customer and charge again: Stripe replays each of them.
    expect((await pay(overdue, repeated)).reply).toMatchObject({
      subscription: { subscribeStatus: 'active' },
      payment: { status: 'paid', amountMinor: 4900 },
    });
    expect(succeeded()).toBe(before + 1);
  });

  it('charges a renewal whose answer was lost again within minutes with the same key, without grace or a failure mail', async () => {
    const renewing = await newClinician();
    await pay(renewing, { card: card(stripeTestCards.succeeds), idempotencyKey: randomUUID() });
    const seqManager = await seqManagerOf(renewing);
    const [row] = await t.app.db.select().from(subscription).where(eq(subscription.seqManager, seqManager));
    const [customer] = row!.cardToken!.split('/');
    const since = stub.requests.length;
    stub.loseNextAnswer((request) => request.form.customer === customer);
    await pass(30 * day);
    expect(await statusOf(renewing)).toBe('trial');
    expect(await t.app.db.select().from(payment).where(eq(payment.seqManager, seqManager))).toHaveLength(1);
    await pass(unknownChargeRetryMs);
    expect(await statusOf(renewing)).toBe('active');
    const keys = stub.requests
      .slice(since)
      .filter((request) => request.form.customer === customer)
      .map((request) => request.idempotencyKey);
    expect(keys).toEqual([keys[0], keys[0]]);
    expect(stub.intents.filter((intent) => intent.customer === customer)).toHaveLength(1);
    // The verification, then the renewal's receipt: no mail of a failed charge.
    const mails = t.mail.messages.filter((mail) => mail.to === renewing.body.userEmail.toLowerCase());
    expect(mails.map((mail) => mail.subject.startsWith('Your receipt '))).toEqual([false, true]);
  });

  it('has Stripe forget the card once it is replaced or the account is deleted, even if that fails', async () => {
    const leaving = await newClinician();
    await pay(leaving, { card: card(stripeTestCards.succeeds), idempotencyKey: randomUUID() });
    const seqManager = await seqManagerOf(leaving);
    const customerOf = async () =>
      (await t.app.db.select().from(subscription).where(eq(subscription.seqManager, seqManager)))[0]?.cardToken?.split(
        '/',
      )[0];
    const first = await customerOf();
    const replaced = await callApi(
      t.app,
      updatePaymentMethod,
      { card: card(stripeTestCards.succeeds), idempotencyKey: randomUUID() },
      { token: leaving.tokens.accessToken },
    );
    expect(replaced.reply).toMatchObject({ isSuccess: true });
    expect(stub.deletedCustomers).toContain(first);

    const second = await customerOf();
    // Stripe deletes the customer, but its answer is lost: the account is deleted all the same.
    stub.loseNextAnswer((request) => request.method === 'DELETE');
    await callApi(t.app, confirmUserPassword, { password }, { token: leaving.tokens.accessToken });
    const deleted = await callApi(t.app, deleteManagerAccount, {}, { token: leaving.tokens.accessToken });
    expect(deleted.reply).toEqual({ isSuccess: true });
    expect(stub.deletedCustomers).toContain(second);
    expect(await customerOf()).toBeUndefined();
    expect(t.logs()).toContain(`/v1/customers/${second}`);
  });

  describe('the gateway itself', () => {
    const gateway = () => stripeGateway({ secretKey, apiUrl: stub.url, deploymentId, log: t.app.log });
    const charge = (token: string, idempotencyKey: string) =>
      gateway().charge({ token, amountMinor: 9900, currency: 'USD', idempotencyKey });

    it('sends Stripe our key, so Stripe makes a charge it was asked for twice once', async () => {
      const saved = await gateway().saveCard(card(stripeTestCards.succeeds), randomUUID());
      if (!saved.ok) throw new Error('not saved');
      const before = stub.intents.length;
      const key = `checkout:1:${randomUUID()}`;
      const [first, again] = [await charge(saved.value.token, key), await charge(saved.value.token, key)];
      expect(again).toEqual(first);
      expect(first).toMatchObject({ ok: true, value: { chargeId: expect.stringMatching(/^pi_/) as string } });
      expect(stub.intents).toHaveLength(before + 1);
      expect(stub.requests.slice(-2).map((request) => request.idempotencyKey)).toEqual([
        `${deploymentId}:${key}`,
        `${deploymentId}:${key}`,
      ]);
    });

    it('answers an unknown outcome when Stripe fails or cannot be reached, PAY2000 when it refuses, and logs neither card nor key', async () => {
      const visa = card(stripeTestCards.succeeds);
      const key = randomUUID();
      stub.failNext(1);
      expect(await gateway().saveCard(visa, key)).toEqual(outcomeUnknown);
      // Stripe keeps the 500 as the result of that key.
      expect(await gateway().saveCard(visa, key)).toEqual(outcomeUnknown);
      const unreachable = stripeGateway({ secretKey, apiUrl: 'http://127.0.0.1:9', deploymentId, log: t.app.log });
      expect(await unreachable.saveCard(visa, randomUUID())).toEqual(outcomeUnknown);
      const wrongKey = stripeGateway({ secretKey: 'sk_test_wrong', apiUrl: stub.url, deploymentId, log: t.app.log });
      expect(await wrongKey.saveCard(visa, randomUUID())).toEqual({ ok: false, failedCode: FailedCode.PaymentFailed });
      expect(await charge('not-a-saved-card', randomUUID())).toEqual({
        ok: false,
        failedCode: FailedCode.PaymentFailed,
      });

      const logs = t.logs();
      expect(logs).toContain('Stripe refused');
      expect(logs).toContain('Stripe did not answer');
      expect(logs).toContain('Stripe did not settle the request');
      for (const secret of [secretKey, 'sk_test_wrong', stripeTestCards.succeeds, stripeTestCards.declined])
        expect(logs).not.toContain(secret);
    });
  });
});
