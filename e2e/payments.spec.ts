import { messages } from '@clinic/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, startStack, type Stack } from './harness.ts';
import { newClinicianSession, ui } from './steps.ts';

const t = ui.en;
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

type Scope = ReturnType<Page['getByRole']>;

/** The processor's field (an iframe of the sandbox's origin) of a card part. */
function processorField(scope: Scope, part: 'number' | 'expiry' | 'cvc') {
  const frames = { number: 'card number', expiry: 'expiration date', cvc: 'CVC' };
  const labels = { number: 'Card number', expiry: 'Expiration date (MM / YY)', cvc: 'CVC' };
  return scope.frameLocator(`iframe[title="Secure ${frames[part]} input frame"]`).getByLabel(labels[part]);
}

async function fillCard(scope: Scope, cardNumber: string): Promise<void> {
  const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');
  await scope.getByLabel(t.payments.card.type, { exact: true }).selectOption('Visa');
  await processorField(scope, 'number').fill(cardNumber);
  await processorField(scope, 'expiry').fill(`12${nextYear}`);
  await processorField(scope, 'cvc').fill('123');
  await scope.getByLabel(t.payments.card.zip, { exact: true }).fill('10001');
  await scope.getByLabel(t.payments.card.address, { exact: true }).fill('1 Main St.');
}

/** The pay form of the Standard plan, for a new clinician. */
async function payForm(page: Page): Promise<Scope> {
  await page.goto('/options');
  await page.getByRole('link', { name: t.payments.summary.choosePlan, exact: true }).click();
  await page
    .getByRole('button', { name: t.payments.subscribeTo.replace('{{plan}}', messages.en['plan.standard']) })
    .click();
  await page.waitForURL('**/payments/paymentInfo?seqProduct=*');
  return page.getByRole('form', { name: t.payments.info.formLabel });
}

/** The sandbox's challenge, shown over our page; the holder completes or fails it. */
async function answerChallenge(page: Page, choice: 'Complete' | 'Fail'): Promise<void> {
  const challenge = page.getByRole('dialog', { name: 'Payment authentication' });
  await challenge.waitFor();
  await challenge
    .frameLocator('iframe[title="Payment authentication challenge"]')
    .getByRole('button', { name: choice, exact: true })
    .click();
  await challenge.waitFor({ state: 'detached' });
}

describe('paying with cards that the bank checks', () => {
  it('refuses declined, expired and unconfirmed cards, and subscribes once the holder confirms', async () => {
    const { page } = await newClinicianSession(stack);
    const toUs: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).origin === new URL(stack.url).origin)
        toUs.push(`${request.url()} ${request.postData() ?? ''}`);
    });
    const form = await payForm(page);
    const pay = form.getByRole('button', { name: t.payments.info.pay, exact: true });
    const refusal = (code: 'PAY2000' | 'PAY2001' | 'PAY2002') =>
      form.getByRole('alert').getByText(messages.en[code]).waitFor();

    await fillCard(form, '4000000000000002');
    await pay.click();
    await refusal('PAY2001');
    await processorField(form, 'number').fill('4000000000000069');
    await pay.click();
    await refusal('PAY2002');
    // Asked every time (…3184): the holder fails the challenge.
    await processorField(form, 'number').fill('4000002760003184');
    await pay.click();
    await answerChallenge(page, 'Fail');
    await refusal('PAY2000');
    // Declined after the holder confirms (…1629).
    await processorField(form, 'number').fill('4000008400001629');
    await pay.click();
    await answerChallenge(page, 'Complete');
    await refusal('PAY2001');
    await expectAccessible(page, 'pay form after refusals');

    // Asked once (…3155): the holder confirms, the trial starts.
    await processorField(form, 'number').fill('4000002500003155');
    await pay.click();
    const challenge = page.getByRole('dialog', { name: 'Payment authentication' });
    await challenge.waitFor();
    await expectAccessible(page, 'the processor’s challenge');
    await answerChallenge(page, 'Complete');
    await page.waitForURL('**/payments/result?result=success*');
    await page.goto('/options');
    await expect.poll(() => page.getByTestId('card-on-file').textContent()).toMatch(/3155/);

    // The card is changed to a plain one.
    await page.getByRole('button', { name: t.payments.card.updateTitle, exact: true }).click();
    const cardDialog = page.getByRole('dialog', { name: t.payments.card.updateTitle });
    await fillCard(cardDialog, '4242424242424242');
    await cardDialog.getByRole('button', { name: t.payments.card.save, exact: true }).click();
    await cardDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('card-on-file').textContent()).toMatch(/4242/);

    // No request to our server carried a card number or a security code.
    const sent = toUs.join('\n');
    for (const number of [
      '4000000000000002',
      '4000000000000069',
      '4000002760003184',
      '4000002500003155',
      '4242424242424242',
    ])
      expect(sent).not.toContain(number);
    expect(sent).not.toMatch(/cvc|"123"/i);
    await page.context().close();
  });
});
