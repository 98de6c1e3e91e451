import { readFile } from 'node:fs/promises';
import { messages } from '@clinic/contract';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, startStack, type Stack } from './harness.ts';
import { acceptCookies, logIn, newClinicianSession, signUpAndVerify, ui } from './steps.ts';

const t = ui.en;
const welcome = t.home.welcomeNamed.replace('{{name}}', 'Grace Hopper');

/**
 * The code the authenticator app shows a step from now: the set-up's own code has used up the
 * current step, and the server takes the next one too.
 */
const nextCode = (secret: string): Promise<string> => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

/** Reads the set-up key from the page, as a person copying it into their app would. */
async function setUpKeyOf(page: Page): Promise<string> {
  const key = page.getByLabel(t.secondFactor.setup.secretLabel, { exact: true });
  await key.waitFor();
  await expect.poll(() => page.getByRole('img', { name: t.secondFactor.setup.qrAlt }).isVisible()).toBe(true);
  return (await key.inputValue()).replace(/\s/g, '');
}

/** Confirms the set-up with the app's current code and answers the recovery codes the page shows. */
async function confirmSetUp(page: Page, secret: string, screen: string): Promise<string[]> {
  await expectAccessible(page, `${screen}: set-up`);
  await page.getByLabel(t.secondFactor.code, { exact: true }).fill(await generate({ secret }));
  await page.getByRole('button', { name: t.secondFactor.setup.confirm, exact: true }).click();
  const list = page.getByRole('list', { name: t.secondFactor.recovery.listLabel });
  await list.waitFor();
  const codes = await list.getByRole('listitem').allTextContents();
  expect(codes).toHaveLength(10);
  await expectAccessible(page, `${screen}: recovery codes`);
  return codes;
}

/** The codes leave the screen whole: copied one per line, saved as a text file, and printed alone. */
async function expectCodesKept(page: Page, codes: string[], email: string): Promise<void> {
  const panel = page.getByRole('region', { name: t.secondFactor.myPage.title });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await panel.getByRole('button', { name: t.secondFactor.recovery.copy, exact: true }).click();
  await panel.getByRole('button', { name: t.secondFactor.recovery.copied, exact: true }).waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'));

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: t.secondFactor.recovery.download, exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('recovery-codes.txt');
  const lines = (await readFile(await download.path(), 'utf8')).split('\n');
  expect(lines[0]).toContain(email);
  expect(lines.slice(1).filter(Boolean)).toEqual(codes);

  await page.evaluate(() => {
    window.print = () => document.body.setAttribute('data-printed', 'codes');
  });
  await panel.getByRole('button', { name: t.secondFactor.recovery.print, exact: true }).click();
  await page.locator('body[data-printed="codes"]').waitFor({ state: 'attached' });
  // On paper only the codes: not the page around them (the section too), nor their buttons.
  await page.emulateMedia({ media: 'print' });
  const list = page.getByRole('list', { name: t.secondFactor.recovery.listLabel });
  expect(await list.isVisible()).toBe(true);
  for (const hidden of [
    page.getByRole('button', { name: t.secondFactor.recovery.print, exact: true }),
    page.getByRole('button', { name: t.secondFactor.myPage.codesSaved, exact: true }),
    page.getByRole('heading', { name: t.secondFactor.myPage.title }),
  ])
    expect(await hidden.isVisible()).toBe(false);
  await page.emulateMedia({ media: 'screen' });
}

async function logOut(page: Page): Promise<void> {
  await page.goto('/options');
  await page.getByRole('button', { name: t.account.logout.button, exact: true }).click();
  await page.waitForURL('**/login**');
}

describe('two-step verification', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ DEMO: '0' });
  });
  afterAll(() => stack?.close());

  it('is set up on My page, then asks for a code after the password, and takes a recovery code once', async () => {
    const { page, clinician } = await newClinicianSession(stack);
    await page.goto('/options');
    const section = page.getByRole('region', { name: t.secondFactor.myPage.title });
    await section.getByText(t.secondFactor.myPage.off, { exact: true }).waitFor();
    await expectAccessible(page, 'My page, two-step verification off');
    // Setting up asks for the password first: a session alone does not change the login.
    await section.getByRole('button', { name: t.secondFactor.myPage.setUp, exact: true }).click();
    const setUp = page.getByRole('dialog', { name: t.secondFactor.myPage.setUpTitle });
    await expectAccessible(page, 'set-up password dialog');
    await setUp.getByLabel(t.common.password, { exact: true }).fill('Wrong-pass-1');
    await setUp.getByRole('button', { name: t.common.continue, exact: true }).click();
    await setUp.getByText(messages.en.US0202).waitFor();
    await setUp.getByLabel(t.common.password, { exact: true }).fill(clinician.password);
    await setUp.getByRole('button', { name: t.common.continue, exact: true }).click();
    const secret = await setUpKeyOf(page);
    const codes = await confirmSetUp(page, secret, 'My page');
    await expectCodesKept(page, codes, clinician.email);
    await section.getByRole('button', { name: t.secondFactor.myPage.codesSaved, exact: true }).click();
    await section.getByText(t.secondFactor.myPage.on, { exact: true }).waitFor();
    await section.getByText(t.secondFactor.myPage.onIntro.replace('{{count}}', '10')).waitFor();
    await expectAccessible(page, 'My page, two-step verification on');

    // The password alone no longer opens a session: the code of the app does.
    await logOut(page);
    await logIn(page, clinician.email, clinician.password);
    await page.getByRole('heading', { name: t.secondFactor.login.title }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await expectAccessible(page, 'login second step');
    await page.getByLabel(t.secondFactor.code, { exact: true }).fill('000000');
    await page.getByRole('button', { name: t.secondFactor.login.submit, exact: true }).click();
    await page
      .getByRole('alert')
      .getByText(/not valid/)
      .waitFor();
    await page.getByLabel(t.secondFactor.code, { exact: true }).fill(await nextCode(secret));
    await page.getByRole('button', { name: t.secondFactor.login.submit, exact: true }).click();
    await page.getByText(welcome).waitFor();

    // A lost phone: a recovery code instead, which works once.
    for (const attempt of ['first use', 'second use'] as const) {
      await logOut(page);
      await logIn(page, clinician.email, clinician.password);
      await page.getByRole('button', { name: t.secondFactor.login.useRecoveryCode, exact: true }).click();
      await page.getByLabel(t.secondFactor.recoveryCode, { exact: true }).fill(codes[0]!);
      await page.getByRole('button', { name: t.secondFactor.login.submit, exact: true }).click();
      if (attempt === 'first use') await page.getByText(welcome).waitFor();
      else
        await page
          .getByRole('alert')
          .getByText(/not valid/)
          .waitFor();
    }
    await page.getByLabel(t.secondFactor.recoveryCode, { exact: true }).fill(codes[1]!);
    await page.getByRole('button', { name: t.secondFactor.login.submit, exact: true }).click();
    await page.getByText(welcome).waitFor();
    await page.goto('/options');
    await section.getByText(t.secondFactor.myPage.onIntro.replace('{{count}}', '8')).waitFor();

    // New recovery codes, and turning it off, each after the password.
    await section.getByRole('button', { name: t.secondFactor.myPage.regenerate, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: t.secondFactor.myPage.regenerateTitle });
    await dialog.waitFor();
    await expectAccessible(page, 'new recovery codes dialog');
    await dialog.getByLabel(t.common.password, { exact: true }).fill('Wrong-pass-1');
    await dialog.getByRole('button', { name: t.secondFactor.myPage.regenerate, exact: true }).click();
    await dialog.getByText(messages.en.US0202).waitFor();
    await dialog.getByLabel(t.common.password, { exact: true }).fill(clinician.password);
    await dialog.getByRole('button', { name: t.secondFactor.myPage.regenerate, exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    const fresh = section.getByRole('list', { name: t.secondFactor.recovery.listLabel }).getByRole('listitem');
    await expect.poll(() => fresh.count()).toBe(10);
    await section.getByRole('button', { name: t.secondFactor.myPage.codesSaved, exact: true }).click();
    await section.getByText(t.secondFactor.myPage.onIntro.replace('{{count}}', '10')).waitFor();
    await section.getByRole('button', { name: t.secondFactor.myPage.disable, exact: true }).click();
    const off = page.getByRole('dialog', { name: t.secondFactor.myPage.disableTitle });
    await off.getByLabel(t.common.password, { exact: true }).fill(clinician.password);
    await off.getByRole('button', { name: t.secondFactor.myPage.disable, exact: true }).click();
    await section.getByText(t.secondFactor.myPage.off, { exact: true }).waitFor();
    await page.context().close();
  });
});

describe('REQUIRE_MFA', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ DEMO: '0', REQUIRE_MFA: '1' });
  });
  afterAll(() => stack?.close());

  it('has a clinician without a second factor set one up right after the password, before any screen', async () => {
    const page = await stack.newPage();
    const clinician = await signUpAndVerify(page, stack.mail);
    await acceptCookies(page);
    await logIn(page, clinician.email, clinician.password);
    await page.getByRole('heading', { name: t.secondFactor.required.title }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    const secret = await setUpKeyOf(page);
    await confirmSetUp(page, secret, 'required set-up');
    // No screen opens before the recovery codes have been seen.
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.getByRole('button', { name: t.secondFactor.required.continue, exact: true }).click();
    await page.getByText(welcome).waitFor();

    await page.goto('/options');
    const section = page.getByRole('region', { name: t.secondFactor.myPage.title });
    await section.getByText(t.secondFactor.myPage.required, { exact: true }).waitFor();
    await expect
      .poll(() => section.getByRole('button', { name: t.secondFactor.myPage.disable, exact: true }).count())
      .toBe(0);

    // The next login asks for the code.
    await logOut(page);
    await logIn(page, clinician.email, clinician.password);
    await page.getByLabel(t.secondFactor.code, { exact: true }).fill(await nextCode(secret));
    await page.getByRole('button', { name: t.secondFactor.login.submit, exact: true }).click();
    await page.getByText(welcome).waitFor();
    await page.context().close();
  });
});
