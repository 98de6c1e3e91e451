import {
  getManagerInfo,
  getMyPurchaseHistory,
  getSubscriptionStatus,
  messages,
  updateLanguage,
  updateManagerInfo,
} from '@clinic/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, startStack, type Stack } from './harness.ts';
import { answerChallenge, fillCard, payForm } from './payment-steps.ts';
import { accessTokenOf, callApi, newClinicianSession, ui } from './steps.ts';

const t = ui.en;
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

/**
 * On PostgreSQL, whose rows the test can reach: a month cannot pass in a browser test, so the trial's
 * end is moved to a minute ago and the servers' own renewal job charges the first month.
 */
describe.runIf(databaseUrl && redisUrl)('renewals and receipts in the browser', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack(
      {},
      {
        shared: {
          databaseUrl: databaseUrl!,
          migrationDatabaseUrl: process.env.MIGRATION_DATABASE_URL,
          redisUrl: redisUrl!,
        },
      },
    );
  });
  afterAll(() => stack?.close());

  /** Ends the clinician's trial a minute ago: the renewal job, every 30 s on either instance, renews it. */
  async function renewalDue(token: string): Promise<void> {
    const { manager } = await callApi(stack, getManagerInfo, {}, token);
    const db = new pg.Client({ connectionString: process.env.MIGRATION_DATABASE_URL ?? databaseUrl });
    await db.connect();
    try {
      await db.query(
        `update "${stack.schema}".subscription set current_period_end = now() - interval '1 minute', trial_ends_at = now() - interval '1 minute' where seq_manager = $1`,
        [manager.seqManager],
      );
    } finally {
      await db.end();
    }
  }
  /**
   * The page a mail links to, on this test's browser origin: the instance whose job sent the mail
   * links to its own address (in production both have one public address).
   */
  function linkedPage(text: string, path: RegExp): string {
    const link = new URL(text.match(new RegExp(`http\\S+${path.source}`))![0]);
    expect(stack.urls).toContain(link.origin);
    return `${link.pathname}${link.search}`;
  }
  /** The first mail to a clinician since `since`, once the job has sent it. */
  async function mailTo(email: string, since: number) {
    const mail = () => stack.mail.messages.slice(since).find((message) => message.to === email.toLowerCase());
    await expect.poll(mail, { timeout: 90_000, interval: 1000 }).toBeDefined();
    return mail()!;
  }

  it('opens the receipt of a renewal from the payment history and from its mail, and prints it alone', async () => {
    const { page, clinician } = await newClinicianSession(stack);
    const token = await accessTokenOf(page);
    await callApi(
      stack,
      updateManagerInfo,
      {
        firstName: 'Grace',
        lastName: 'Hopper',
        managerClinicName: 'Harbour Rehabilitation',
        managerClinicAddress: '12 Pier Road\nKowloon',
      },
      token,
    );
    const form = await payForm(page);
    await fillCard(form, '4242424242424242');
    await form.getByRole('button', { name: t.payments.info.pay, exact: true }).click();
    await page.waitForURL('**/payments/result?result=success*');
    const since = stack.mail.messages.length;
    await renewalDue(token);
    const mail = await mailTo(clinician.email, since);
    expect(mail.subject).toMatch(/^Your receipt R-\d{4}-\d{6}$/);
    const number = mail.subject.replace('Your receipt ', '');
    const { purchaseList } = await callApi(stack, getMyPurchaseHistory, { page: 1, size: 10 }, token);
    const renewal = purchaseList.find((item) => item.kind === 'renewal' && item.status === 'paid')!;
    const receiptPage = linkedPage(mail.text, /\/receipt\?seqPayment=\d+/);
    expect(receiptPage).toBe(`/receipt?seqPayment=${renewal.seqPayment}`);

    // From the payment history on My page.
    await page.goto('/options');
    const history = page.getByRole('table', { name: t.payments.history.title });
    const open = history.getByRole('link', { name: t.payments.history.openReceipt, exact: true });
    await open.waitFor();
    await expectAccessible(page, 'My page with a receipt');
    await open.click();
    await page.waitForURL(`**/receipt?seqPayment=${renewal.seqPayment}`);
    const receipt = page.getByRole('article', { name: t.receipt.title });
    await receipt.getByText(number).waitFor();
    const billedTo = await receipt.getByTestId('receipt-billed-to').innerText();
    expect(billedTo).toContain('Grace Hopper');
    expect(billedTo).toContain('Harbour Rehabilitation');
    expect(billedTo).toContain('12 Pier Road\nKowloon');
    const item = receipt.getByRole('table', { name: t.receipt.items });
    await item.getByText(t.receipt.item.replace('{{plan}}', messages.en['plan.standard'])).waitFor();
    expect(await receipt.getByTestId('receipt-total').textContent()).toBe('$99.00');
    await receipt.getByText(t.receipt.card.replace('{{last4}}', '4242')).waitFor();
    expect(await page.title()).toContain(number);
    await expectAccessible(page, 'receipt');
    if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/receipt.png`, fullPage: true });

    // Printed (or saved as PDF) without the way back and the button.
    await page.evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', 'yes');
    });
    await page.getByRole('button', { name: t.receipt.print, exact: true }).click();
    await page.locator('body[data-printed="yes"]').waitFor({ state: 'attached' });
    await page.emulateMedia({ media: 'print' });
    await page.getByRole('link', { name: `← ${t.receipt.back}` }).waitFor({ state: 'hidden' });
    expect(await receipt.isVisible()).toBe(true);
    const pdf = await page.pdf({ preferCSSPageSize: true });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await page.emulateMedia({ media: 'screen' });

    // From the mail's link; a payment that is not the clinician's has no receipt.
    await page.goto(receiptPage);
    await receipt.getByText(number).waitFor();
    await page.goto('/receipt?seqPayment=2000000000');
    await page.getByText(t.receipt.notFoundTitle).waitFor();
    await expectAccessible(page, 'receipt not found');
    await page.context().close();
  }, 180_000);

  it('asks the holder of a card that always asks to confirm the renewal, by mail in their language, in the grace period', async () => {
    const { page, clinician } = await newClinicianSession(stack);
    const token = await accessTokenOf(page);
    await callApi(stack, updateLanguage, { language: 'ko' }, token);
    // The trial starts once the holder confirms the card (…3184 asks every time).
    const form = await payForm(page);
    await fillCard(form, '4000002760003184');
    await form.getByRole('button', { name: t.payments.info.pay, exact: true }).click();
    await answerChallenge(page, 'Complete');
    await page.waitForURL('**/payments/result?result=success*');

    // The renewal, off-session, waits for the holder: they are mailed, in Korean, a link to confirm it.
    const since = stack.mail.messages.length;
    await renewalDue(token);
    const mail = await mailTo(clinician.email, since);
    expect(mail.subject).toBe('구독 결제를 승인해 주세요');
    expect(mail.text).toContain('3184');
    const link = linkedPage(mail.text, /\/options/);
    expect(link).toBe('/options');
    const status = () => callApi(stack, getSubscriptionStatus, {}, token);
    // Meanwhile the grace period keeps the plan.
    expect((await status()).subscription).toMatchObject({ subscribeStatus: 'grace', isSubscribeActive: true });

    // The mail's link: My page shows the waiting charge; the holder confirms it at the challenge.
    await page.goto(link);
    await page
      .getByTestId('subscription-status')
      .getByText(/^Payment overdue: grace period until /)
      .waitFor();
    const confirm = page.getByRole('button', { name: t.payments.pending.confirm, exact: true });
    await confirm.waitFor();
    await expectAccessible(page, 'My page with a renewal waiting for the holder');
    await confirm.click();
    await answerChallenge(page, 'Complete');
    await page.getByText(t.payments.pending.done).waitFor();
    await page
      .getByTestId('subscription-status')
      .getByText(/^Active, renews on /)
      .waitFor();
    await confirm.waitFor({ state: 'detached' });
    expect((await status()).subscription).toMatchObject({ subscribeStatus: 'active', isSubscribeActive: true });
    const { purchaseList } = await callApi(stack, getMyPurchaseHistory, { page: 1, size: 10 }, token);
    expect(purchaseList.filter((item) => item.status === 'paid')).toEqual([
      expect.objectContaining({ kind: 'retry', cardLast4: '3184' }),
    ]);
    await page.context().close();
  }, 180_000);
});
