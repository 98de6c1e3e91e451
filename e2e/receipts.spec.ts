import { getManagerInfo, getMyPurchaseHistory, updateManagerInfo, messages } from '@clinic/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, startStack, type Stack } from './harness.ts';
import { fillCard, payForm } from './payment-steps.ts';
import { accessTokenOf, callApi, newClinicianSession, ui } from './steps.ts';

const t = ui.en;
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

/**
 * On PostgreSQL, whose rows the test can reach: a month cannot pass in a browser test, so the trial's
 * end is moved to a minute ago and the servers' own renewal job charges the first month.
 */
describe.runIf(databaseUrl && redisUrl)('receipts in the browser', () => {
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
    const { manager } = await callApi(stack, getManagerInfo, {}, token);
    const since = stack.mail.messages.length;
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
    // The job runs every 30 s, on either instance.
    const receiptMail = () =>
      stack.mail.messages.slice(since).find((message) => message.to === clinician.email.toLowerCase());
    await expect.poll(receiptMail, { timeout: 90_000, interval: 1000 }).toBeDefined();
    const mail = receiptMail()!;
    expect(mail.subject).toMatch(/^Your receipt R-\d{4}-\d{6}$/);
    const number = mail.subject.replace('Your receipt ', '');
    const { purchaseList } = await callApi(stack, getMyPurchaseHistory, { page: 1, size: 10 }, token);
    const renewal = purchaseList.find((item) => item.kind === 'renewal' && item.status === 'paid')!;
    expect(mail.text).toContain(`${stack.url}/receipt?seqPayment=${renewal.seqPayment}`);

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
    await page.goto(mail.text.match(/http\S+\/receipt\?seqPayment=\d+/)![0]);
    await receipt.getByText(number).waitFor();
    await page.goto('/receipt?seqPayment=2000000000');
    await page.getByText(t.receipt.notFoundTitle).waitFor();
    await expectAccessible(page, 'receipt not found');
    await page.context().close();
  }, 180_000);
});
