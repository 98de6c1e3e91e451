import { randomBytes, randomUUID } from 'node:crypto';
import {
  FailedCode,
  checkout,
  completePayment,
  getPaymentProcessor,
  getProductList,
  updatePaymentMethod,
  type Endpoint,
  type IntentToConfirm,
  type RequestOf,
} from '@clinic/contract';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relogin, verifiedClinician, callApi } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { day } from '../../../test/payments.ts';
import { confirmAsBrowser, memoryStore, paymentSandbox } from '@clinic/payment-sandbox';

/** The cards used below, each as typed in the form (with spaces) and with its security code. */
const cards = {
  visa: { cardType: 'Visa', cardNumber: '4000 0566 5566 5556', cvc: '846' },
  masterCard: { cardType: 'MasterCard', cardNumber: '5555 5555 5555 4444', cvc: '592' },
  declined: { cardType: 'Visa', cardNumber: '4000 0000 0000 0002', cvc: '317' },
  renewalDeclined: { cardType: 'Visa', cardNumber: '4000 0000 0000 0341', cvc: '658' },
  amex: { cardType: 'AmericanExpress', cardNumber: '3782 822463 10005', cvc: '7391' },
} as const;
type TestCard = (typeof cards)[keyof typeof cards];

/** Where a card or its code would show if it leaked: the number as typed, bare or dashed, and the code as a value. */
function leaksOf(text: string): string[] {
  const found: string[] = [];
  for (const card of Object.values(cards)) {
    const bare = card.cardNumber.replaceAll(' ', '');
    for (const form of [card.cardNumber, bare, card.cardNumber.replaceAll(' ', '-')])
      if (text.includes(form)) found.push(form);
    // A code stands alone: not inside a token, a hash, an id or a decimal, where its digits may occur by chance.
    if (new RegExp(`(?<![\\w+/=$.-])${card.cvc}(?![\\w+/=$.-])`).test(text)) found.push(`code ${card.cvc}`);
  }
  if (/"cvc"/i.test(text)) found.push('a cvc field');
  return found;
}

/**
 * With the sandbox started by the app, and with PAYMENT_GATEWAY=stripe pointed at a sandbox of its
 * own (standing in for api.stripe.com), its events delivered to the app's webhook endpoint.
 */
describe.each(['sandbox', 'stripe'] as const)('card data with the %s processor', (gateway) => {
  let t: TestApp;
  const keys = {
    secretKey: `sk_test_${randomBytes(12).toString('hex')}`,
    publishableKey: `pk_test_${randomBytes(12).toString('hex')}`,
    webhookSecret: `whsec_${randomBytes(12).toString('hex')}`,
  };
  const stripe = paymentSandbox({
    ...keys,
    store: memoryStore(),
    webhook: {
      secret: keys.webhookSecret,
      send: async (payload, headers) =>
        (await t.app.inject({ method: 'POST', url: '/api/payment/webhook', payload, headers })).statusCode,
    },
  });

  let apiUrl: string | undefined;

  beforeAll(async () => {
    apiUrl = gateway === 'stripe' ? await stripe.listen({ host: '127.0.0.1', port: 0 }) : undefined;
    t = await createTestApp({
      env: {
        // Every line the app can write.
        LOG_LEVEL: 'trace',
        ...(apiUrl && {
          PAYMENT_GATEWAY: 'stripe',
          STRIPE_SECRET_KEY: keys.secretKey,
          STRIPE_PUBLISHABLE_KEY: keys.publishableKey,
          STRIPE_WEBHOOK_SECRET: keys.webhookSecret,
          STRIPE_API_URL: apiUrl,
        }),
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  /** The rows of a query, as both drivers answer them. */
  async function rowsOf<T>(query: SQL): Promise<T[]> {
    const result: unknown = await t.app.db.execute(query);
    return (result as { rows: T[] }).rows;
  }

  /** The text of every text and json column of every table of the app's schema. */
  async function everyTextColumn(): Promise<string> {
    const columns = await rowsOf<{ table_name: string; column_name: string }>(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = ${t.schema} and data_type in ('text', 'character varying', 'character', 'json', 'jsonb')
      order by table_name, ordinal_position`);
    const tables = new Map<string, string[]>();
    for (const column of columns)
      tables.set(column.table_name, [...(tables.get(column.table_name) ?? []), column.column_name]);
    const texts: string[] = [];
    for (const [table, ofTable] of tables) {
      const values = sql.join(
        ofTable.map((column) => sql`${sql.identifier(column)}::text`),
        sql`, `,
      );
      const rows = await rowsOf<{ line: string | null }>(
        sql`select concat_ws(' | ', ${values}) as line from ${sql.identifier(t.schema)}.${sql.identifier(table)}`,
      );
      texts.push(...rows.map((row) => row.line ?? ''));
    }
    expect(tables.size).toBeGreaterThan(20);
    return texts.join('\n');
  }

  it('never reach the database or the log: checkouts, card changes, refusals, renewals and a settled grace period', async () => {
    const first = await verifiedClinician(t.app, t.mail);
    const second = await verifiedClinician(t.app, t.mail);
    const as = (who: typeof first) => ({
      call: <E extends Endpoint>(endpoint: E, body: RequestOf<E>) =>
        callApi(t.app, endpoint, body, { token: who.tokens.accessToken }),
    });
    const products = (await as(first).call(getProductList, {})).success.productList;
    const seqProduct = products[0]!.seqProduct;
    // The browser's part: the card typed in the processor's fields (as typed, with spaces) goes to the processor only.
    const info = (await as(first).call(getPaymentProcessor, {})).success;
    const sandboxScript = info.scriptUrl ? new URL(info.scriptUrl) : undefined;
    if (sandboxScript) sandboxScript.hostname = '127.0.0.1';
    const origin = apiUrl ?? sandboxScript!.origin;
    const confirmed = async (who: typeof first, intent: IntentToConfirm, card: TestCard) => {
      const typed = { number: card.cardNumber, expiry: '1130', cvc: card.cvc, postalCode: '10001' };
      const browser = { id: intent.intentId, client_secret: intent.clientSecret };
      await confirmAsBrowser(origin, info.publishableKey, browser, typed);
      return as(who).call(completePayment, { intentId: intent.intentId });
    };
    const pay = async (who: typeof first, card: TestCard) =>
      confirmed(
        who,
        (await as(who).call(checkout, { seqProduct, newCard: true, idempotencyKey: randomUUID() })).success.confirm!,
        card,
      );
    const replace = async (who: typeof first, card: TestCard) =>
      confirmed(who, (await as(who).call(updatePaymentMethod, { idempotencyKey: randomUUID() })).success.confirm, card);

    expect((await pay(first, cards.declined)).failedCode).toBe(FailedCode.CardDeclined);
    expect((await pay(first, cards.visa)).reply).toMatchObject({ isSuccess: true });
    expect((await replace(first, cards.masterCard)).reply).toMatchObject({ isSuccess: true });
    expect((await replace(first, cards.declined)).failedCode).toBe(FailedCode.CardDeclined);
    expect((await pay(second, cards.renewalDeclined)).reply).toMatchObject({ isSuccess: true });

    // The trials end: one renewal is charged, the other refused; a new card settles the grace period.
    t.clock.advance(30 * day);
    await t.app.jobs.tick();
    for (const who of [first, second]) await relogin(t.app, who);
    expect((await pay(second, cards.amex)).reply).toMatchObject({
      subscription: { subscribeStatus: 'active' },
      payment: { status: 'paid', cardLast4: '0005' },
    });

    const stored = await everyTextColumn();
    // The scan sees what was kept: the last four digits of each card.
    for (const last4 of ['5556', '4444', '0005']) expect(stored).toContain(last4);
    expect(leaksOf(stored)).toEqual([]);
    const logs = t.logs();
    // The scan sees every request, the card calls among them.
    expect(
      logs.match(/"url":"\/api\/payment\/(checkout|updatePaymentMethod|completePayment)"/g)?.length,
    ).toBeGreaterThanOrEqual(12);
    expect(leaksOf(logs)).toEqual([]);
    expect(logs).not.toContain(keys.secretKey);
    expect(logs).not.toContain(keys.webhookSecret);
  });
});

describe('the search for leaked card data', () => {
  it('finds a number as typed, bare or dashed, and a code standing alone, but not digits inside ids or times', () => {
    expect(leaksOf(`{"card":"${cards.visa.cardNumber}"}`)).toEqual([cards.visa.cardNumber]);
    expect(leaksOf('number=5555555555554444&exp=1130')).toEqual(['5555555555554444']);
    expect(leaksOf('3782-822463-10005')).toEqual(['3782-822463-10005']);
    expect(leaksOf('{"code":"7391"}')).toEqual(['code 7391']);
    expect(leaksOf('{"cvc":"x"}')).toEqual(['a cvc field']);
    expect(leaksOf('hash a846f0, at 12:00:00.846Z, id 1-846-2, key b7391c')).toEqual([]);
  });
});
