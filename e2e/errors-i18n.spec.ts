import {
  confirmUserPassword,
  deleteManagerAccount,
  type Language,
  languages,
  login,
  messages,
  signUp,
  verifyEmail,
} from '@clinic/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { linkIn } from '../apps/server/test/mail-catcher.ts';
import { startStack, type Stack } from './harness.ts';
import { acceptCookies, callApi, fillSignUp, logIn, newClinician, password, ui, type Clinician } from './steps.ts';

const signature =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

let stack: Stack;
let unverified: Clinician;
let deleted: Clinician;

async function signUpByApi(clinician: Clinician): Promise<void> {
  await callApi(stack, signUp, {
    userId: clinician.userId,
    firstName: clinician.firstName,
    lastName: clinician.lastName,
    userEmail: clinician.email,
    userPassword: clinician.password,
    title: 'MD',
    npiNumber: clinician.npi,
    signatureImage: signature,
    agreeTerms: true,
    agreePrivacy: true,
    agreePersonalInfo: true,
    agreeProvider: true,
  });
}

beforeAll(async () => {
  stack = await startStack();
  unverified = newClinician();
  await signUpByApi(unverified);
  deleted = newClinician();
  const since = stack.mail.messages.length;
  await signUpByApi(deleted);
  await callApi(stack, verifyEmail, { token: linkIn(await stack.mail.next(deleted.email, since)).token });
  const { token } = await callApi(stack, login, { userEmail: deleted.email, userPassword: password });
  await callApi(stack, confirmUserPassword, { password }, token.accessToken);
  await callApi(stack, deleteManagerAccount, {}, token.accessToken);
});
afterAll(() => stack?.close());

async function alertWith(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: false }).first().waitFor();
}

describe.each(languages.map((language) => [language]))('sign-up and login errors in %s', (language: Language) => {
  const t = ui[language];
  const m = messages[language];

  it('shows every login failure translated', async () => {
    const page = await stack.newPage();
    await page.goto(`/login?lang=${language}`);
    await acceptCookies(page, t);
    await page.getByRole('heading', { name: t.login.title }).first().waitFor();

    await logIn(page, 'nobody.at.all@example.com', password, t);
    await alertWith(page, m.US0005);
    await logIn(page, 'demo@clinic.localhost', 'Wrong-pass-1', t);
    await alertWith(page, m.US0003);
    await logIn(page, unverified.email, password, t);
    await alertWith(page, m.US0001);
    await page.getByRole('button', { name: t.verification.resend }).waitFor();
    await logIn(page, deleted.email, password, t);
    await alertWith(page, m.US0007);
    await logIn(page, '', '', t);
    await alertWith(page, m['validation.required']);
    await page.context().close();
  });

  it('shows every sign-up failure translated', async () => {
    const page = await stack.newPage();
    await page.goto(`/login/signUp?lang=${language}`);
    await acceptCookies(page, t);
    const submit = page.getByRole('button', { name: t.signUp.submit, exact: true });

    await submit.click();
    await alertWith(page, m.US0107);

    const clinician = newClinician();
    await fillSignUp(page, { ...clinician, email: 'not-an-address' }, t);
    await page.getByLabel(t.agreements.provider.checkbox).uncheck();
    await submit.click();
    await alertWith(page, m['account.email_form_mismatch']);
    await alertWith(page, m.US0105);

    await page.getByLabel(t.agreements.provider.checkbox).check();
    await page.getByLabel(t.signUp.email, { exact: true }).fill('demo@clinic.localhost');
    await page.getByRole('button', { name: t.signUp.checkEmailNamed }).click();
    await alertWith(page, m.US0102);

    await page.getByLabel(t.signUp.email, { exact: true }).fill(clinician.email);
    await page.getByLabel(t.signUp.userId, { exact: true }).fill('demo');
    await submit.click();
    await alertWith(page, m.US0101);

    await page.getByLabel(t.signUp.userId, { exact: true }).fill(clinician.userId);
    const since = stack.mail.messages.length;
    await submit.click();
    await page.getByText(t.signUp.success.body.replace('{{email}}', clinician.email)).waitFor();
    await stack.mail.next(clinician.email, since);
    await page.context().close();
  });
});
