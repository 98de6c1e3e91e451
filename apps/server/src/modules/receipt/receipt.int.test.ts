import { randomUUID } from 'node:crypto';
import {
  checkout,
  completePayment,
  getManagerInfo,
  getMyPurchaseHistory,
  getProductList,
  getReceipt,
  updateManagerInfo,
  updatePaymentMethod,
  type Endpoint,
  type RequestOf,
} from '@clinic/contract';
import { sandboxTestCards } from '@clinic/payment-sandbox';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import {
  browserProcessor,
  clinicianClock,
  confirmWithCard,
  day,
  type BrowserProcessor,
  type Clinician,
} from '../../../test/payments.ts';
import { auditEvent, sandboxObject, subscription } from '../../db/schema.ts';

const visa = '4242424242424242';
const { chargeDeclined } = sandboxTestCards;

let t: TestApp;
let products: { seqProduct: number; productCode: string }[];
let processor: BrowserProcessor;
const { newClinician: verified, pass } = clinicianClock(() => t);

const callAs = <E extends Endpoint>(who: Clinician, endpoint: E, body: RequestOf<E>) =>
  callApi(t.app, endpoint, body, { token: who.tokens.accessToken });
const plan = (code: string) => products.find((item) => item.productCode === code)!.seqProduct;
/** Subscribes with a new card, typed in the processor's fields. */
async function subscribe(who: Clinician, code: string, cardNumber: string) {
  const started = await callAs(who, checkout, { seqProduct: plan(code), newCard: true, idempotencyKey: randomUUID() });
  return confirmWithCard(t.app, who.tokens.accessToken, processor, started.success.confirm!, cardNumber);
}
async function replaceCard(who: Clinician, cardNumber: string) {
  const started = await callAs(who, updatePaymentMethod, { idempotencyKey: randomUUID() });
  return confirmWithCard(t.app, who.tokens.accessToken, processor, started.success.confirm, cardNumber);
}
const history = async (who: Clinician) =>
  (await callAs(who, getMyPurchaseHistory, { page: 1, size: 50 })).success.purchaseList;
const receiptOf = (who: Clinician, seqPayment: number) => callAs(who, getReceipt, { seqPayment });
/** The receipt mails a clinician received. */
const receiptMails = (who: Clinician, subject: RegExp) =>
  t.mail.messages.filter((mail) => mail.to === who.body.userEmail.toLowerCase() && subject.test(mail.subject));
const english = /^Your receipt R-\d{4}-\d{6}$/;

async function newClinician(language: string, clinic?: { name: string; address: string }): Promise<Clinician> {
  const who = await verified({ firstName: 'Grace', lastName: 'Hopper' }, language);
  if (clinic)
    await callAs(who, updateManagerInfo, {
      firstName: 'Grace',
      lastName: 'Hopper',
      managerClinicName: clinic.name,
      managerClinicAddress: clinic.address,
    });
  return who;
}
beforeAll(async () => {
  t = await createTestApp();
  const first = await newClinician('en');
  products = (await callAs(first, getProductList, {})).success.productList;
  processor = await browserProcessor(t.app, first.tokens.accessToken);
});
afterAll(() => t.close());

describe('a receipt', () => {
  it('is issued for a renewal, keeps the clinic as it was at the charge, and is mailed once', async () => {
    const clinician = await newClinician('en', { name: 'Harbour Rehabilitation', address: '12 Pier Road\nKowloon' });
    const trial = await subscribe(clinician, 'standard', visa);
    // A free trial charges nothing: no receipt, no mail.
    const trialPayment = trial.success.payment!;
    expect(trialPayment.status).toBe('trial');
    expect((await receiptOf(clinician, trialPayment.seqPayment)).status).toBe(404);

    await pass(30 * day);
    const [renewal] = await history(clinician);
    expect(renewal).toMatchObject({ kind: 'renewal', status: 'paid' });
    const expected = {
      seqPayment: renewal!.seqPayment,
      paidAt: renewal!.createdAt,
      billedTo: 'Grace Hopper',
      clinicName: 'Harbour Rehabilitation',
      clinicAddress: '12 Pier Road\nKowloon',
      productCode: 'standard',
      productTitle: 'Standard',
      kind: 'renewal',
      periodStart: trialPayment.periodEnd,
      periodEnd: renewal!.periodEnd,
      amountMinor: 9900,
      currency: 'USD',
      cardLast4: '4242',
    };
    const issued = (await receiptOf(clinician, renewal!.seqPayment)).success.receipt;
    expect(issued).toEqual({ ...expected, receiptNumber: expect.stringMatching(/^R-2026-\d{6}$/) as string });

    const mails = receiptMails(clinician, english);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Your receipt ${issued.receiptNumber}`);
    for (const line of [
      `Receipt number: ${issued.receiptNumber}`,
      'Billed to: Grace Hopper, Harbour Rehabilitation, 12 Pier Road, Kowloon',
      'Plan: Standard',
      'Period: December 22, 2026 – January 22, 2027',
      'Amount paid: $99.00',
      'Card: ending in 4242',
      `http://clinic.test/receipt?seqPayment=${renewal!.seqPayment}`,
    ])
      expect(mails[0]!.text).toContain(line);

    // The clinic moves: the receipt of the charge already made does not.
    await callAs(clinician, updateManagerInfo, {
      firstName: 'Grace',
      lastName: 'Hopper-Lee',
      managerClinicName: 'Harbour Rehabilitation East',
      managerClinicAddress: '3 Quay Street',
    });
    expect((await receiptOf(clinician, renewal!.seqPayment)).success.receipt).toEqual(issued);
    await pass(day);
    expect(receiptMails(clinician, english)).toHaveLength(1);
  });

  it('answers another clinician’s payment exactly like a missing one, and records both attempts', async () => {
    const owner = await newClinician('en');
    const stranger = await newClinician('en');
    await subscribe(owner, 'basic', visa);
    await pass(30 * day);
    const [paid] = await history(owner);
    expect((await receiptOf(owner, paid!.seqPayment)).status).toBe(200);
    const someoneElses = await receiptOf(stranger, paid!.seqPayment);
    const missing = await receiptOf(stranger, 2_000_000_000);
    expect(someoneElses.status).toBe(404);
    expect({ status: someoneElses.status, body: someoneElses.text }).toEqual({
      status: missing.status,
      body: missing.text,
    });
    const denied = await t.app.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.entity, 'receipt'), eq(auditEvent.entityId, String(paid!.seqPayment))));
    expect(denied.map((row) => row.outcome).sort()).toEqual(['denied', 'success']);
  });
});

describe('one receipt and one mail per paid charge', () => {
  it('none for refusals; one for a retry in the grace period, in the clinician’s language', async () => {
    const clinician = await newClinician('cs', { name: 'Klinika Vltava', address: 'Nábřeží 1, Praha' });
    await subscribe(clinician, 'basic', chargeDeclined);
    await pass(30 * day);
    await pass(day);
    const refused = await history(clinician);
    expect(refused.slice(0, 2).map((item) => [item.kind, item.status])).toEqual([
      ['retry', 'failed'],
      ['renewal', 'failed'],
    ]);
    for (const item of refused) expect((await receiptOf(clinician, item.seqPayment)).status).toBe(404);
    const czech = /^Doklad o platbě R-\d{4}-\d{6}$/;
    expect(receiptMails(clinician, czech)).toEqual([]);

    // The processor takes the card again: the next daily retry is paid.
    const seqManager = (await callAs(clinician, getManagerInfo, {})).success.manager.seqManager;
    const [onFile] = await t.app.db.select().from(subscription).where(eq(subscription.seqManager, seqManager));
    const [, paymentMethod] = onFile!.cardToken!.split('/');
    await t.app.db
      .update(sandboxObject)
      .set({ body: sql`jsonb_set(${sandboxObject.body}, '{sandbox_behaviour}', '"succeed"')` })
      .where(and(eq(sandboxObject.kind, 'payment_method'), eq(sandboxObject.id, paymentMethod!)));
    await pass(day);
    const [retry] = await history(clinician);
    expect(retry).toMatchObject({ kind: 'retry', status: 'paid', amountMinor: 4900 });
    const issued = (await receiptOf(clinician, retry!.seqPayment)).success.receipt;
    expect(issued).toMatchObject({ kind: 'retry', clinicName: 'Klinika Vltava', cardLast4: '0341' });
    const [mail, ...more] = receiptMails(clinician, czech);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Doklad o platbě ${issued.receiptNumber}`);
    expect(mail!.text).toContain('Tarif: Základní');
    expect(mail!.text).toContain('Karta: končící 0341');
  });

  // Two months of renewal jobs, each logging everyone in again: longer than the default on a busy machine.
  it('one for a card replaced in the grace period and one for a checkout after the end, each once', async () => {
    const clinician = await newClinician('ko');
    const korean = /^영수증 R-\d{4}-\d{6}$/;
    await subscribe(clinician, 'basic', chargeDeclined);
    await pass(30 * day);
    expect((await replaceCard(clinician, visa)).reply).toMatchObject({ isSuccess: true });
    await pass(0);
    const [settled] = await history(clinician);
    expect(settled).toMatchObject({ kind: 'retry', status: 'paid', cardLast4: '4242' });
    expect((await receiptOf(clinician, settled!.seqPayment)).status).toBe(200);
    expect(receiptMails(clinician, korean)).toHaveLength(1);
    expect(receiptMails(clinician, korean)[0]!.text).toContain('요금제: 베이직');

    // Declined again at the renewal, the grace period runs out, and the clinician subscribes anew.
    await replaceCard(clinician, chargeDeclined);
    await pass(31 * day);
    await pass(8 * day);
    const started = await callAs(clinician, checkout, {
      seqProduct: plan('standard'),
      newCard: true,
      idempotencyKey: randomUUID(),
    });
    const intent = started.success.confirm!;
    const paid = await confirmWithCard(t.app, clinician.tokens.accessToken, processor, intent, visa);
    expect(paid.success.payment).toMatchObject({ kind: 'subscribe', status: 'paid' });
    // The browser's repeat of the same completion is answered, not charged or receipted again.
    const repeat = await callAs(clinician, completePayment, { intentId: intent.intentId });
    expect(repeat.success.payment).toEqual(paid.success.payment);
    await pass(0);
    const receipt = (await receiptOf(clinician, paid.success.payment!.seqPayment)).success.receipt;
    expect(receipt).toMatchObject({ kind: 'subscribe', productCode: 'standard', amountMinor: 9900 });
    const mails = receiptMails(clinician, korean);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe(`영수증 ${receipt.receiptNumber}`);
  }, 90_000);
});
