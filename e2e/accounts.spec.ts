import { messages } from '@clinic/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from '../apps/server/test/mail-catcher.ts';
import { startStack, type Stack } from './harness.ts';
import { acceptCookies, logIn, signUpAndVerify, ui } from './steps.ts';

const t = ui.en;
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

describe('a clinician account, end to end', () => {
  it('logs in with the demo clinician printed at start', async () => {
    const page = await stack.newPage();
    await page.goto('/');
    await page.waitForURL('**/login');
    await acceptCookies(page);
    await logIn(page, 'demo@clinic.localhost', 'Demo-clinic-2026');
    await page.getByText(t.home.welcomeNamed.replace('{{name}}', 'Dana Demo')).waitFor();
    await page.context().close();
  });

  it('signs up, verifies the e-mail address from the mail and logs in', async () => {
    const page = await stack.newPage();
    const clinician = await signUpAndVerify(page, stack.mail);
    await acceptCookies(page);
    await logIn(page, clinician.userId, clinician.password);
    await page.getByText(t.home.welcomeNamed.replace('{{name}}', 'Grace Hopper')).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.context().close();
  });

  it('warns after 29 minutes without activity and logs out at 30', async () => {
    const page = await stack.newPage();
    await page.clock.install();
    const clinician = await signUpAndVerify(page, stack.mail);
    await acceptCookies(page);
    await logIn(page, clinician.email, clinician.password);
    await page.getByText(t.home.welcomeNamed.replace('{{name}}', 'Grace Hopper')).waitFor();

    await page.clock.fastForward('29:05');
    const warning = page.getByRole('dialog', { name: t.idle.title });
    await warning.waitFor();
    const countdown = await warning.textContent();
    const seconds = Number(/(\d+)\s*s/.exec(countdown ?? '')?.[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);

    await page.clock.fastForward('01:05');
    await page.waitForURL('**/login**');
    await page.getByText(t.flash.idleLogout).waitFor();
    await page.context().close();
  });

  it('changes the password and logs out the other open session', async () => {
    const first = await stack.newPage();
    const clinician = await signUpAndVerify(first, stack.mail);
    await acceptCookies(first);
    await logIn(first, clinician.email, clinician.password);
    await first.getByText(t.home.welcomeNamed.replace('{{name}}', 'Grace Hopper')).waitFor();

    const second = await stack.newPage();
    await second.goto('/login');
    await acceptCookies(second);
    await logIn(second, clinician.email, clinician.password);
    await second.getByText(t.home.welcomeNamed.replace('{{name}}', 'Grace Hopper')).waitFor();

    await first.goto('/options');
    await first.getByLabel(t.account.changePassword.current, { exact: true }).fill(clinician.password);
    await first.getByLabel(t.account.changePassword.new, { exact: true }).fill('Changed-pass-7');
    await first.getByLabel(t.account.changePassword.confirm, { exact: true }).fill('Changed-pass-7');
    await first.getByRole('button', { name: t.account.changePassword.submit, exact: true }).click();
    await first.getByText(t.account.changePassword.done).waitFor();

    // The other session's next request is refused and it lands on the login page.
    await second.reload();
    await second.waitForURL('**/login**', { timeout: 15_000 });
    // This session goes on.
    await first.reload();
    await first.getByRole('heading', { name: t.options.title }).waitFor();
    expect(new URL(first.url()).pathname).toBe('/options');

    await second.getByLabel(t.login.loginId, { exact: true }).waitFor();
    await logIn(second, clinician.email, 'Changed-pass-7');
    await second.getByText(t.home.welcomeNamed.replace('{{name}}', 'Grace Hopper')).waitFor();
    await first.context().close();
    await second.context().close();
  });

  it('recovers a forgotten password with the mailed link', async () => {
    const page = await stack.newPage();
    const clinician = await signUpAndVerify(page, stack.mail);
    await acceptCookies(page);
    await page.goto('/login');
    await page.getByRole('link', { name: t.login.findPassword }).click();
    await page.getByLabel(t.findPassword.email, { exact: true }).fill(clinician.email);
    const since = stack.mail.messages.length;
    await page.getByRole('button', { name: t.findPassword.submit }).click();
    await page.getByText(t.findPassword.sentTitle).waitFor();
    const { link } = linkIn(await stack.mail.next(clinician.email, since));

    await page.goto(link);
    expect(page.url()).not.toContain('reset=');
    await page.getByLabel(t.resetPassword.newPassword, { exact: true }).fill('Recovered-pass-9');
    await page.getByLabel(t.resetPassword.confirmPassword, { exact: true }).fill('Recovered-pass-9');
    await page.getByRole('button', { name: t.resetPassword.submit }).click();
    await page.getByText(t.resetPassword.doneTitle).waitFor();

    // The link works once.
    await page.goto(link);
    await page.getByLabel(t.resetPassword.newPassword, { exact: true }).fill('Another-pass-10');
    await page.getByLabel(t.resetPassword.confirmPassword, { exact: true }).fill('Another-pass-10');
    await page.getByRole('button', { name: t.resetPassword.submit }).click();
    await page.getByText(ui.en.resetPassword.requestNew).waitFor();

    await page.goto('/login');
    await logIn(page, clinician.email, 'Recovered-pass-9');
    await page.getByText(t.home.welcomeNamed.replace('{{name}}', 'Grace Hopper')).waitFor();
    await page.context().close();
  });

  it('finds a forgotten ID', async () => {
    const page = await stack.newPage();
    const clinician = await signUpAndVerify(page, stack.mail);
    await acceptCookies(page);
    await page.goto('/login');
    await page.getByRole('link', { name: t.login.findId }).click();
    await page.getByLabel(t.findId.firstName, { exact: true }).fill(clinician.firstName);
    await page.getByLabel(t.findId.lastName, { exact: true }).fill(clinician.lastName);
    await page.getByLabel(t.findId.email, { exact: true }).fill(clinician.email);
    const since = stack.mail.messages.length;
    await page.getByRole('button', { name: t.findId.submit }).click();
    await page.getByText(t.findId.foundTitle).waitFor();
    const masked = `${clinician.userId.slice(0, 2)}${'*'.repeat(clinician.userId.length - 3)}${clinician.userId.slice(-1)}`;
    await page.getByText(t.findId.found.replace('{{userId}}', masked)).waitFor();
    expect((await stack.mail.next(clinician.email, since)).text).toContain(clinician.userId);
    await page.context().close();
  });

  it('deletes the account after the password and a confirmation', async () => {
    const page = await stack.newPage();
    const clinician = await signUpAndVerify(page, stack.mail);
    await acceptCookies(page);
    await logIn(page, clinician.email, clinician.password);
    await page.getByText(t.home.welcomeNamed.replace('{{name}}', 'Grace Hopper')).waitFor();
    await page.goto('/options');
    await page.getByRole('button', { name: t.account.delete.open, exact: true }).click();
    const passwordDialog = page.getByRole('dialog', { name: t.account.delete.passwordTitle });
    await passwordDialog.getByLabel(t.common.password, { exact: true }).fill('Wrong-pass-1');
    await passwordDialog.getByRole('button', { name: t.account.delete.continue }).click();
    await passwordDialog.getByText(messages.en.US0202).waitFor();
    await passwordDialog.getByLabel(t.common.password, { exact: true }).fill(clinician.password);
    await passwordDialog.getByRole('button', { name: t.account.delete.continue }).click();
    const confirm = page.getByRole('dialog', { name: t.account.delete.confirmTitle });
    await confirm.getByRole('button', { name: t.account.delete.yes }).click();
    await page.waitForURL('**/login**');
    await page.getByText(t.flash.accountDeleted).waitFor();

    await logIn(page, clinician.email, clinician.password);
    await page.getByRole('alert').filter({ hasText: 'This account has been deleted.' }).waitFor();
    await page.context().close();
  });
});
