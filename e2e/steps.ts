import { randomBytes } from 'node:crypto';
import { npiCheckDigit } from '@clinic/contract';
import type { Page } from 'playwright-core';
import { linkIn, type MailCatcher } from '../apps/server/test/mail-catcher.ts';
import cs from '../apps/web/src/locales/cs/translation.json';
import en from '../apps/web/src/locales/en/translation.json';
import ko from '../apps/web/src/locales/ko/translation.json';
import zhHK from '../apps/web/src/locales/zh-HK/translation.json';

/** The web app's own words, so a test can look for a label in any of the four languages. */
export const ui = { en, ko, 'zh-HK': zhHK, cs } as const;
export type Ui = typeof en;

export const password = 'Rehab-2026-ok';

export interface Clinician {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  npi: string;
}

export function newClinician(): Clinician {
  const unique = randomBytes(4).toString('hex');
  const firstNine = `1${Array.from({ length: 8 }, () => Math.floor(Math.random() * 10)).join('')}`;
  return {
    userId: `dr${unique}`,
    firstName: 'Grace',
    lastName: 'Hopper',
    email: `grace.${unique}@example.com`,
    password,
    npi: `${firstNine}${npiCheckDigit(firstNine)}`,
  };
}

/** Draws a short stroke on the signature pad. */
export async function sign(page: Page, t: Ui = en): Promise<void> {
  const pad = page.getByLabel(t.signUp.signaturePad);
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++) {
    await page.mouse.move(box.x + 20 + step * 20, box.y + box.height / 2 + (step % 2 ? 15 : -15));
  }
  await page.mouse.up();
}

/** Fills the whole sign-up form in the given language and submits it. */
export async function fillSignUp(page: Page, clinician: Clinician, t: Ui = en): Promise<void> {
  await page.getByLabel(t.signUp.userId, { exact: true }).fill(clinician.userId);
  await page.getByLabel(t.signUp.firstName, { exact: true }).fill(clinician.firstName);
  await page.getByLabel(t.signUp.lastName, { exact: true }).fill(clinician.lastName);
  await page.getByLabel(t.signUp.email, { exact: true }).fill(clinician.email);
  await page.getByLabel(t.signUp.password, { exact: true }).fill(clinician.password);
  await page.getByLabel(t.signUp.passwordConfirm, { exact: true }).fill(clinician.password);
  await page.getByLabel(t.signUp.clinicianTitle, { exact: true }).selectOption('DPT');
  await page.getByLabel(t.signUp.npi, { exact: true }).fill(clinician.npi);
  await sign(page, t);
  for (const agreement of ['terms', 'privacy', 'personalInfo', 'provider'] as const) {
    await page.getByLabel(t.agreements[agreement].checkbox).check();
  }
}

/** Signs up in the browser and follows the mailed verification link. */
export async function signUpAndVerify(page: Page, mail: MailCatcher, clinician = newClinician()): Promise<Clinician> {
  await page.goto('/login/signUp');
  await acceptCookies(page);
  await fillSignUp(page, clinician);
  const since = mail.messages.length;
  await page.getByRole('button', { name: en.signUp.submit, exact: true }).click();
  await page.getByText(en.signUp.success.body.replace('{{email}}', clinician.email)).waitFor();
  const { link } = linkIn(await mail.next(clinician.email, since));
  await page.goto(link);
  await page.getByText(en.verification.verified).waitFor();
  return clinician;
}

export async function logIn(page: Page, login: string, secret: string, t: Ui = en): Promise<void> {
  await page.getByLabel(t.login.loginId, { exact: true }).fill(login);
  await page.getByLabel(t.login.password, { exact: true }).fill(secret);
  await page.getByRole('button', { name: t.login.submit, exact: true }).click();
}

/** Accepts the cookie banner so it does not cover the page. */
export async function acceptCookies(page: Page, t: Ui = en): Promise<void> {
  const accept = page.getByRole('button', { name: t.notices.cookies.acceptAll });
  await accept.waitFor({ timeout: 5000 }).then(
    () => accept.click(),
    () => undefined, // already chosen in this browser profile
  );
}
