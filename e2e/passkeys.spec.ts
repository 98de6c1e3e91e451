import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, startStack, type Stack } from './harness.ts';
import { logIn, newClinicianSession, ui } from './steps.ts';

const t = ui.en;
const welcome = t.home.welcomeNamed.replace('{{name}}', 'Grace Hopper');

/** A passkey device in the browser, as a laptop's fingerprint reader would be: Chromium's virtual authenticator. */
async function addAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

async function logOut(page: Page): Promise<void> {
  await page.goto('/options');
  await page.getByRole('button', { name: t.account.logout.button, exact: true }).click();
  await page.waitForURL('**/login**');
}

describe('passkeys', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ DEMO: '0' }, { localhost: true });
  });
  afterAll(() => stack?.close());

  it('are registered on My page, then log in alone or finish the second step after the password', async () => {
    const { page, clinician } = await newClinicianSession(stack);
    await addAuthenticator(page);
    await page.goto('/options');
    const section = page.getByRole('region', { name: t.secondFactor.myPage.title });
    await section.getByText(t.passkeys.none, { exact: true }).waitFor();

    const since = stack.mail.messages.length;
    await section.getByRole('button', { name: t.passkeys.add, exact: true }).click();
    const add = page.getByRole('dialog', { name: t.passkeys.add });
    await add.getByLabel(t.passkeys.name).fill('Clinic laptop');
    await add.getByLabel(t.common.password, { exact: true }).fill(clinician.password);
    await expectAccessible(page, 'My page, adding a passkey');
    await add.getByRole('button', { name: t.passkeys.add, exact: true }).click();
    await add.waitFor({ state: 'hidden' });
    await section.getByText('Clinic laptop', { exact: true }).waitFor();
    await expectAccessible(page, 'My page, a passkey');
    expect((await stack.mail.next(clinician.email, since)).text).toContain('a passkey was added to your account');

    // The passkey alone: the device's user verification is the second factor.
    await logOut(page);
    await expectAccessible(page, 'login with a passkey');
    await page.getByRole('button', { name: t.login.passkey, exact: true }).click();
    await page.getByText(welcome).waitFor();

    // After the password, the passkey is the second step.
    await logOut(page);
    await logIn(page, clinician.email, clinician.password);
    await page.getByRole('heading', { name: t.secondFactor.login.title }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await expectAccessible(page, 'login second step with a passkey');
    await page.getByRole('button', { name: t.secondFactor.login.usePasskey, exact: true }).click();
    await page.getByText(welcome).waitFor();

    // Renamed, then removed after the password: the password alone logs in again.
    await page.goto('/options');
    await section
      .getByRole('button', { name: t.passkeys.renameLabel.replace('{{name}}', 'Clinic laptop'), exact: true })
      .click();
    const rename = page.getByRole('dialog', { name: t.passkeys.renameTitle });
    await rename.getByLabel(t.passkeys.name).fill('Old laptop');
    await rename.getByRole('button', { name: t.passkeys.save, exact: true }).click();
    await section.getByText('Old laptop', { exact: true }).waitFor();
    await section
      .getByRole('button', { name: t.passkeys.removeLabel.replace('{{name}}', 'Old laptop'), exact: true })
      .click();
    const remove = page.getByRole('dialog', { name: t.passkeys.removeTitle.replace('{{name}}', 'Old laptop') });
    await expectAccessible(page, 'My page, removing a passkey');
    await remove.getByLabel(t.common.password, { exact: true }).fill(clinician.password);
    await remove.getByRole('button', { name: t.passkeys.remove, exact: true }).click();
    await section.getByText(t.passkeys.none, { exact: true }).waitFor();
    await logOut(page);
    await logIn(page, clinician.email, clinician.password);
    await page.getByText(welcome).waitFor();
  });
});
