import { messages } from '@clinic/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, startStack, type Stack } from './harness.ts';
import { answerChallenge, fillCard, payForm, processorField } from './payment-steps.ts';
import { newClinicianSession, ui } from './steps.ts';

const t = ui.en;
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

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
    const refusal = (code: 'PAY2001' | 'PAY2002') => form.getByRole('alert').getByText(messages.en[code]).waitFor();

    await fillCard(form, '4000000000000002');
    await pay.click();
    await refusal('PAY2001');
    await processorField(form, 'number').fill('4000000000000069');
    await pay.click();
    await refusal('PAY2002');
    // Asked every time (…3184): the holder fails the challenge, and is told it was their bank's check.
    await processorField(form, 'number').fill('4000002760003184');
    await pay.click();
    await answerChallenge(page, 'Fail');
    await form.getByRole('alert').getByText(t.payments.verificationFailed).waitFor();
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
    const save = cardDialog.getByRole('button', { name: t.payments.card.save, exact: true });
    await fillCard(cardDialog, '4000002760003184');
    await save.click();
    await answerChallenge(page, 'Fail');
    await cardDialog.getByRole('alert').getByText(t.payments.verificationFailed).waitFor();
    await processorField(cardDialog, 'number').fill('4242424242424242');
    await save.click();
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
