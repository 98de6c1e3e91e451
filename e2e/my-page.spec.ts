import { addPatientNoAuth, getManagerInfo, getSubscriptionStatus, messages, resetManagerPw } from '@clinic/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetMail } from '../apps/server/src/mail/templates.ts';
import { expectAccessible, startStack, type Stack } from './harness.ts';
import { fillCard, processorField } from './payment-steps.ts';
import { acceptCookies, accessTokenOf, callApi, newClinicianSession, setSwitch, ui } from './steps.ts';

const t = ui.en;
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

function addPatientByApi(token: string, patientName: string) {
  return callApi(
    stack,
    addPatientNoAuth,
    { patientName, patientInfoBirth: '1970-05-20', patientInfoGender: 'M', heightCm: 180, weightKg: 80, deviceType: 1 },
    token,
  );
}

/** A PNG drawn in the page with a canvas. */
async function makePng(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no canvas');
      context.fillStyle = '#0b7285';
      context.fillRect(0, 0, w, h);
      context.fillStyle = '#f08c00';
      context.fillRect(w / 4, h / 4, w / 2, h / 2);
      return canvas.toDataURL('image/png').split(',')[1] ?? '';
    },
    [width, height] as const,
  );
  return Buffer.from(base64, 'base64');
}

/** Chooses an image in the nth image selector of the page and keeps the proposed crop. */
async function chooseImage(page: Page, index: number, name: string): Promise<void> {
  const png = await makePng(page, 400, 480);
  await page.locator('input[type="file"]').nth(index).setInputFiles({ name, mimeType: 'image/png', buffer: png });
  const cropDialog = page.getByRole('dialog', { name: t.image.cropTitle });
  await cropDialog.waitFor();
  await cropDialog.getByRole('button', { name: t.image.applyCrop, exact: true }).click();
  await cropDialog.waitFor({ state: 'hidden' });
}

describe('my page, payments and inquiries, end to end', () => {
  it('changes units, language and the profile; subscribes; resolves the over-limit block; sends an inquiry', async () => {
    const { page, clinician } = await newClinicianSession(stack);
    const token = await accessTokenOf(page);
    // Every request the browser sends to our server, to look for card data in.
    const toUs: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).origin === new URL(stack.url).origin)
        toUs.push(`${request.url()} ${request.postData() ?? ''}`);
    });

    // Units: a patient's height in imperial (the default), then in metric.
    const { seqMedicalRelation } = await addPatientByApi(token, 'Height Check');
    await page.goto(`/patientList/details?id=${seqMedicalRelation}`);
    await page.getByText('5 ft 10.9 in', { exact: true }).waitFor();
    await page.getByRole('link', { name: t.menu.myPage, exact: true }).click();
    await page.getByRole('heading', { name: t.options.title, level: 2 }).waitFor();
    await page.getByLabel(t.options.unitsLabel, { exact: true }).selectOption('metric');
    await page.goto(`/patientList/details?id=${seqMedicalRelation}`);
    await page.getByText('180 cm', { exact: true }).waitFor();

    // Language: Korean, kept by the server, so that later mails come in Korean; then back to English.
    await page.goto('/options');
    const languageSent = page.waitForRequest(
      (request) => request.method() === 'PUT' && new URL(request.url()).pathname === '/api/user/updateLanguage',
    );
    await page.getByLabel(t.options.languageLabel, { exact: true }).selectOption('ko');
    const sent = await languageSent;
    expect(sent.postDataJSON()).toEqual({ language: 'ko' });
    expect((await sent.response())?.status()).toBe(200);
    await page.getByRole('heading', { name: ui.ko.options.title, level: 2 }).waitFor();
    const since = stack.mail.messages.length;
    await callApi(stack, resetManagerPw, { userEmail: clinician.email });
    const resetMail = await stack.mail.next(clinician.email, since);
    expect(resetMail.subject).toBe(passwordResetMail('ko', clinician.email, '', '').subject);
    // A toast shown since then names its close button in Korean.
    await page.getByRole('button', { name: ui.ko.notices.cookies.save, exact: true }).click();
    const saved = page.getByRole('alert').filter({ hasText: ui.ko.options.cookiesSaved });
    await saved.getByRole('button', { name: ui.ko.common.close, exact: true }).click();
    await saved.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: ui.ko.payments.sectionTitle, level: 3 }).waitFor();
    await page.getByLabel(ui.ko.options.languageLabel, { exact: true }).selectOption('en');
    await page.getByRole('heading', { name: t.options.title, level: 2 }).waitFor();

    // Profile: a photo and a new e-signature, uploaded and kept.
    const before = await callApi(stack, getManagerInfo, {}, token);
    expect(before.manager.managerImageUrl).toBeNull();
    expect(before.manager.managerESignatureImageUrl).not.toBeNull(); // drawn at sign-up
    await page.getByRole('img', { name: t.profile.signatureAlt }).waitFor();
    await chooseImage(page, 0, 'portrait.png');
    await chooseImage(page, 1, 'signature.png');
    await page.getByLabel(t.profile.specialty, { exact: true }).fill('Neurological rehabilitation');
    await page.getByRole('button', { name: t.profile.save, exact: true }).click();
    // A toast, with a close button named in the page's language.
    await page
      .getByRole('alert')
      .filter({ hasText: t.profile.saved })
      .getByRole('button', { name: t.common.close, exact: true })
      .waitFor();
    const after = await callApi(stack, getManagerInfo, {}, token);
    expect(after.manager.managerImageUrl).toMatch(/^\/api\/storage\/file\//);
    expect(after.manager.managerESignatureImageUrl).toMatch(/^\/api\/storage\/file\//);
    expect(after.manager.managerESignatureImageUrl).not.toBe(before.manager.managerESignatureImageUrl);
    expect(after.manager.managerSpecialty).toBe('Neurological rehabilitation');
    await page.reload();
    const photo = page.getByRole('img', { name: t.profile.imageAlt });
    await photo.waitFor();
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

    // Subscribe to Standard with the card that succeeds: the free trial starts.
    await page.getByRole('link', { name: t.payments.summary.choosePlan, exact: true }).click();
    await page.getByRole('heading', { name: t.payments.title, level: 2 }).waitFor();
    await page
      .getByRole('button', { name: t.payments.subscribeTo.replace('{{plan}}', messages.en['plan.standard']) })
      .click();
    await page.waitForURL('**/payments/paymentInfo?seqProduct=*');
    await page.getByTestId('chosen-plan').getByText(messages.en['plan.standard']).waitFor();
    await expectAccessible(page, 'payment info');
    const payForm = page.getByRole('form', { name: t.payments.info.formLabel });
    // A wrong number is refused in the form, with the contract's message.
    await fillCard(payForm, '4242424242424241');
    await payForm.getByRole('button', { name: t.payments.info.pay, exact: true }).click();
    await payForm.getByText(messages.en['validation.card_number']).waitFor();
    await expectAccessible(page, 'payment info with an error');
    await processorField(payForm, 'number').fill('4242424242424242');
    await payForm.getByRole('button', { name: t.payments.info.pay, exact: true }).click();
    await page.waitForURL('**/payments/result?result=success*');
    await page.getByText(t.payments.result.successTitle).waitFor();
    await expectAccessible(page, 'payment result');
    // Back from the successful result does not offer the plan just bought again: My page instead.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/options');
    await page.getByTestId('current-plan').getByText(messages.en['plan.standard']).waitFor();
    await page.goForward();
    await page.getByText(t.payments.result.successTitle).waitFor();
    await page.getByRole('button', { name: t.payments.result.continue, exact: true }).click();
    // Onwards from a successful result, the payment form is skipped to My page.
    await page.waitForURL((url) => url.pathname === '/options');
    const status = page.getByTestId('subscription-status');
    await expect.poll(() => status.textContent()).toMatch(/^Free trial until /);
    expect(await page.getByTestId('current-plan').textContent()).toBe(messages.en['plan.standard']);
    await expect.poll(() => page.getByTestId('card-on-file').textContent()).toMatch(/Visa ending in 4242/);
    await page
      .getByRole('table', { name: t.payments.history.title })
      .getByText(t.payments.history.statuses.trial)
      .waitFor();
    await expectAccessible(page, 'My page with a subscription');

    // A declined card is refused when replacing the card on file, with its message.
    if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/options.png`, fullPage: true });
    await page.getByRole('button', { name: t.payments.card.updateTitle, exact: true }).click();
    const cardDialog = page.getByRole('dialog', { name: t.payments.card.updateTitle });
    await fillCard(cardDialog, '4000000000000002');
    await cardDialog.getByRole('button', { name: t.payments.card.save, exact: true }).click();
    await cardDialog.getByRole('alert').getByText(messages.en.PAY2001).waitFor();
    await expectAccessible(page, 'card dialog with an error');
    await cardDialog.getByRole('button', { name: t.common.cancel, exact: true }).click();
    await cardDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('card-on-file').textContent()).toMatch(/4242/);

    // Cancelling the renewal asks first; "No" changes nothing, "Yes" keeps the trial until it ends.
    const renewal = async () => (await callApi(stack, getSubscriptionStatus, {}, token)).subscription.cancelAtPeriodEnd;
    const confirmCancel = page.getByRole('dialog', { name: t.payments.renewal.confirmTitle });
    await page.getByRole('button', { name: t.payments.renewal.cancel, exact: true }).click();
    await confirmCancel.getByRole('button', { name: t.common.no, exact: true }).click();
    await confirmCancel.waitFor({ state: 'hidden' });
    expect(await renewal()).toBe(false);
    await page.getByRole('button', { name: t.payments.renewal.cancel, exact: true }).click();
    await confirmCancel.getByRole('button', { name: t.common.yes, exact: true }).click();
    await confirmCancel.waitFor({ state: 'hidden' });
    await expect.poll(() => status.textContent()).toMatch(/^Free trial until \S+, then it ends/);
    expect(await renewal()).toBe(true);
    await page.getByRole('button', { name: t.payments.renewal.resume, exact: true }).click();
    await expect.poll(() => status.textContent()).toMatch(/^Free trial until \S+$/);
    expect(await renewal()).toBe(false);

    // 51 active patients on Standard (150), then down to Basic (50): over the limit, the pay pop-up blocks.
    for (let index = 2; index <= 51; index++) await addPatientByApi(token, `Bulk Patient ${index}`);
    await page.reload();
    await page.getByRole('button', { name: t.payments.change.open, exact: true }).click();
    const changeDialog = page.getByRole('dialog', { name: t.payments.change.title });
    await changeDialog.getByRole('radio', { name: new RegExp(`^${messages.en['plan.basic']} ·`) }).check();
    await changeDialog
      .getByText(t.payments.change.overLimitWarning.replace('{{active}}', '51').replace('{{limit}}', '50'))
      .waitFor();
    await expectAccessible(page, 'change plan dialog');
    await changeDialog.getByRole('button', { name: t.payments.change.submit, exact: true }).click();
    await changeDialog.waitFor({ state: 'hidden' });
    const popup = page.getByRole('dialog', { name: t.payments.popup.title });
    await popup.waitFor();
    await popup.getByText(t.payments.popup.body.replace('{{active}}', '51').replace('{{limit}}', '50')).waitFor();
    await expectAccessible(page, 'over-limit pop-up');
    await page.keyboard.press('Escape'); // not closable except by its buttons
    await popup.waitFor();
    expect((await callApi(stack, getSubscriptionStatus, {}, token)).subscription.isOverLimit).toBe(true);

    // "Later" hides it for a day (the payPopup cookie); without the cookie it is back.
    await popup.getByRole('button', { name: t.payments.popup.later, exact: true }).click();
    await popup.waitFor({ state: 'hidden' });
    const later = (await page.context().cookies()).find((cookie) => cookie.name === 'payPopup');
    expect(later!.expires * 1000 - Date.now()).toBeGreaterThan(23 * 3_600_000);
    expect(later!.expires * 1000 - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
    await page.reload();
    await page.getByTestId('current-plan').getByText(messages.en['plan.basic']).waitFor();
    expect(await popup.count()).toBe(0);
    await page.context().clearCookies({ name: 'payPopup' });
    await page.reload();
    await popup.waitFor();
    if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/pay-popup.png` });

    await popup.getByRole('button', { name: t.payments.popup.deactivate, exact: true }).click();
    await page.waitForURL('**/patientList?status=active');
    await popup.waitFor({ state: 'hidden' });
    await page.getByLabel(t.patients.list.search, { exact: true }).fill('Height Check');
    await page.getByRole('link', { name: 'Height Check', exact: true }).click();
    await page.getByRole('tab', { name: t.patientDetails.tabs.info, exact: true }).click();
    await page.getByRole('button', { name: t.patients.activation.deactivate, exact: true }).click();
    await page
      .getByRole('dialog', { name: t.patients.activation.confirmTitle })
      .getByRole('button', { name: t.common.yes, exact: true })
      .click();
    await page.getByText(t.patients.activation.deactivated).waitFor();
    const resolved = await callApi(stack, getSubscriptionStatus, {}, token);
    expect(resolved.subscription).toMatchObject({ isOverLimit: false, activePatients: 50, patientLimit: 50 });
    await page.goto('/');
    await page.getByRole('link', { name: t.menu.myPage, exact: true }).click();
    await page.getByTestId('current-plan').getByText(messages.en['plan.basic']).waitFor();
    expect(await page.getByRole('dialog', { name: t.payments.popup.title }).count()).toBe(0);

    // Service use agreement from the menu.
    await page.getByRole('button', { name: t.menu.agreement, exact: true }).click();
    const agreement = page.getByRole('dialog', { name: t.menu.agreement });
    await agreement.getByRole('heading', { name: t.agreements.terms.title }).waitFor();
    await expectAccessible(page, 'service use agreement');
    await agreement.getByRole('button', { name: t.common.close }).click();
    await agreement.waitFor({ state: 'hidden' });

    // Contact us: send an inquiry and find it in "My inquiries", then remove it.
    await page.getByRole('button', { name: t.menu.contactUs, exact: true }).click();
    const contact = page.getByRole('dialog', { name: t.inquiries.contact.title });
    await contact.getByRole('button', { name: t.inquiries.send, exact: true }).click();
    await contact.getByText(messages.en['validation.required']).first().waitFor();
    await expectAccessible(page, 'contact us with errors');
    await contact.getByLabel(t.inquiries.fields.category, { exact: true }).selectOption('device');
    await contact.getByLabel(t.inquiries.fields.title, { exact: true }).fill('Knee device pairing');
    await contact.getByLabel(t.inquiries.fields.content, { exact: true }).fill('How do I pair a second device?');
    await contact.getByRole('button', { name: t.inquiries.send, exact: true }).click();
    await page.getByText(t.inquiries.sent).waitFor();
    const mine = contact.getByRole('list', { name: t.inquiries.list.title });
    await mine.getByRole('listitem', { name: 'Knee device pairing' }).waitFor();
    await mine.getByText(new RegExp(`^${t.inquiries.categories.device} · `)).waitFor();
    await contact
      .getByRole('button', { name: t.inquiries.list.remove.replace('{{title}}', 'Knee device pairing') })
      .click();
    await page
      .getByRole('dialog', { name: t.inquiries.list.removeTitle })
      .getByRole('button', { name: t.common.yes, exact: true })
      .click();
    await contact.getByText(t.inquiries.list.empty).waitFor();
    // The cards were typed in the processor's fields: no request to our server carried a number or a code.
    expect(toUs.length).toBeGreaterThan(20);
    const typed = toUs.join('\n');
    for (const number of ['4242424242424242', '4242424242424241', '4000000000000002'])
      expect(typed).not.toContain(number);
    expect(typed).not.toMatch(/cvc|"123"/i);
    await page.context().close();
  });

  it('lists its sections to jump to, and opens at the one a link names', async () => {
    const { page } = await newClinicianSession(stack);
    const inView = (name: string) =>
      page.getByRole('heading', { name, level: 3, exact: true }).evaluate((heading) => {
        const { top } = heading.getBoundingClientRect();
        return top >= 60 && top < window.innerHeight - 100;
      });
    await page.goto('/options#options-payment');
    await expect.poll(() => inView(t.payments.sectionTitle)).toBe(true);

    const sections = page.getByRole('navigation', { name: t.options.sectionsLabel });
    const links = sections.getByRole('link');
    expect(await links.count()).toBe(14);
    // Each link names a section by its heading.
    for (const name of await links.allInnerTexts())
      await page.getByRole('heading', { name, level: 3, exact: true }).waitFor();
    await sections.getByRole('link', { name: t.options.languageTitle }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#options-language');
    await expect.poll(() => inView(t.options.languageTitle)).toBe(true);
    await expectAccessible(page, 'my page, its sections listed beside it');

    // On a narrow screen, a select instead.
    await page.setViewportSize({ width: 600, height: 800 });
    await sections.waitFor({ state: 'hidden' });
    await page.getByLabel(t.options.goToSection, { exact: true }).selectOption('options-account');
    await expect.poll(() => inView(t.account.title)).toBe(true);
    expect(new URL(page.url()).hash).toBe('#options-account');
    await expectAccessible(page, 'my page on a narrow screen, its section select');
    await page.context().close();
  });

  it('keeps the unit and language out of cookies while functional cookies are refused', async () => {
    const { page } = await newClinicianSession(stack);
    // The device cookies of the login (essential, and sent to the login alone) are not choices of this page.
    const cookieNames = async () =>
      (await page.context().cookies())
        .map((cookie) => cookie.name)
        .filter((name) => !name.startsWith('device_'))
        .sort();
    const stored = () => page.evaluate(() => [localStorage.getItem('unit'), localStorage.getItem('lang')]);
    await page.goto('/options');
    const settings = page.getByRole('region', { name: t.notices.cookies.title });
    const essential = settings.getByRole('switch', { name: t.notices.cookies.essential });
    expect(await essential.isChecked()).toBe(true);
    expect(await essential.isDisabled()).toBe(true);
    expect(await cookieNames()).toEqual(['cookieConsent', 'lang']);

    // Refused: the language cookie goes; new choices stay in this browser's local storage only.
    await setSwitch(settings, t.notices.cookies.functional, false);
    await settings.getByRole('button', { name: t.notices.cookies.save, exact: true }).click();
    await page.getByText(t.options.cookiesSaved).waitFor();
    expect(await cookieNames()).toEqual(['cookieConsent']);
    await page.getByLabel(t.options.unitsLabel, { exact: true }).selectOption('metric');
    await page.getByLabel(t.options.languageLabel, { exact: true }).selectOption('ko');
    await page.getByRole('heading', { name: ui.ko.options.title, level: 2 }).waitFor();
    expect(await cookieNames()).toEqual(['cookieConsent']);
    expect(await stored()).toEqual(['metric', 'ko']);
    // Remembered in this browser all the same.
    await page.reload();
    await page.getByRole('heading', { name: ui.ko.options.title, level: 2 }).waitFor();
    expect(await page.getByLabel(ui.ko.options.unitsLabel, { exact: true }).inputValue()).toBe('metric');

    // Accepted again: the choices get their cookies, for a year.
    await setSwitch(
      page.getByRole('region', { name: ui.ko.notices.cookies.title }),
      ui.ko.notices.cookies.functional,
      true,
    );
    await page.getByRole('button', { name: ui.ko.notices.cookies.save, exact: true }).click();
    await page.getByText(ui.ko.options.cookiesSaved).waitFor();
    const cookies = (await page.context().cookies()).filter((cookie) => !cookie.name.startsWith('device_'));
    expect(cookies.map((cookie) => [cookie.name, cookie.value]).sort()).toEqual([
      ['cookieConsent', expect.stringContaining('functional') as string],
      ['lang', 'ko'],
      ['unit', 'metric'],
    ]);
    expect(cookies.find((cookie) => cookie.name === 'lang')!.expires * 1000 - Date.now()).toBeGreaterThan(
      364 * 86_400_000,
    );
    await page.context().close();
  });

  it('sends a provider inquiry from the login area', async () => {
    const page = await stack.newPage();
    await page.goto('/login');
    await acceptCookies(page);
    await page.getByRole('button', { name: t.login.providerInquiry, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: t.inquiries.provider.title });
    await dialog.getByLabel(t.inquiries.fields.name, { exact: true }).fill('Mary Seacole');
    await dialog.getByLabel(t.inquiries.fields.email, { exact: true }).fill('not-an-email');
    await dialog.getByLabel(t.inquiries.fields.title, { exact: true }).fill('Pricing for a clinic');
    await dialog.getByLabel(t.inquiries.fields.content, { exact: true }).fill('We have 12 therapists.');
    await dialog.getByRole('button', { name: t.inquiries.send, exact: true }).click();
    await dialog.getByText(messages.en['account.email_form_mismatch']).waitFor();
    await dialog.getByLabel(t.inquiries.fields.email, { exact: true }).fill('mary@example.com');
    await dialog.getByRole('button', { name: t.inquiries.send, exact: true }).click();
    await dialog.getByText(t.inquiries.provider.sent).waitFor();
    await page.context().close();
  });
});
