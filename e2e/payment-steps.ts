import { messages } from '@clinic/contract';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ui } from './steps.ts';

const t = ui.en;

type Scope = ReturnType<Page['getByRole']>;

/** The processor's field (an iframe of the sandbox's origin) of a card part. */
export function processorField(scope: Scope, part: 'number' | 'expiry' | 'cvc') {
  const frames = { number: 'card number', expiry: 'expiration date', cvc: 'CVC' };
  const labels = { number: 'Card number', expiry: 'Expiration date (MM / YY)', cvc: 'CVC' };
  return scope.frameLocator(`iframe[title="Secure ${frames[part]} input frame"]`).getByLabel(labels[part]);
}

/** Types a card: ours the type, zip and address; the processor's the number, expiry and code. */
export async function fillCard(scope: Scope, cardNumber: string): Promise<void> {
  const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');
  await scope.getByLabel(t.payments.card.type, { exact: true }).selectOption('Visa');
  await processorField(scope, 'number').fill(cardNumber);
  await processorField(scope, 'expiry').fill(`12${nextYear}`);
  // A fixed format, told beside the processor's field.
  await scope.getByTestId('processor-cardExpiry').getByText(t.payments.card.expiryHint).waitFor();
  await processorField(scope, 'cvc').fill('123');
  // The expiry and the code side by side start at the same height, whatever is told under them.
  const [expiry, cvc] = await Promise.all([
    processorField(scope, 'expiry').boundingBox(),
    processorField(scope, 'cvc').boundingBox(),
  ]);
  expect(Math.abs((expiry?.y ?? 0) - (cvc?.y ?? Infinity))).toBeLessThanOrEqual(1);
  await scope.getByLabel(t.payments.card.zip, { exact: true }).fill('10001');
  await scope.getByLabel(t.payments.card.address, { exact: true }).fill('1 Main St., Apt 2/B');
}

/** The pay form of the Standard plan, for a new clinician. */
export async function payForm(page: Page): Promise<Scope> {
  await page.goto('/options');
  await page.getByRole('link', { name: t.payments.summary.choosePlan, exact: true }).click();
  await page
    .getByRole('button', { name: t.payments.subscribeTo.replace('{{plan}}', messages.en['plan.standard']) })
    .click();
  await page.waitForURL('**/payments/paymentInfo?seqProduct=*');
  return page.getByRole('form', { name: t.payments.info.formLabel });
}

/** The sandbox's challenge, shown over our page; the holder completes or fails it. */
export async function answerChallenge(page: Page, choice: 'Complete' | 'Fail'): Promise<void> {
  const challenge = page.getByRole('dialog', { name: 'Payment authentication' });
  await challenge.waitFor();
  await challenge
    .frameLocator('iframe[title="Payment authentication challenge"]')
    .getByRole('button', { name: choice, exact: true })
    .click();
  // The sandbox answers the holder in turn with the server's own calls to it (a renewal's charge, a
  // webhook), which on a busy machine take longer than an action's usual wait.
  await challenge.waitFor({ state: 'detached', timeout: 90_000 });
}
