import type { WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newBrowserMail } from '../apps/server/src/mail/account-security-mails.ts';
import { expectAccessible, startStack, type Stack } from './harness.ts';
import { acceptCookies, logIn, newClinicianSession, ui } from './steps.ts';

const t = ui.en;
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

describe('the sessions on My page', () => {
  it('ends the session of another browser, which lands on the login page without a reload', async () => {
    const { page: first, clinician } = await newClinicianSession(stack);

    const secondContext = await stack.newContext();
    const second = await secondContext.newPage();
    const sockets: WebSocket[] = [];
    second.on('websocket', (socket) => sockets.push(socket));
    await second.goto('/login');
    await acceptCookies(second);
    const since = stack.mail.messages.length;
    await logIn(second, clinician.email, clinician.password);
    await second.getByText(t.home.welcomeNamed.replace('{{name}}', 'Grace Hopper')).waitFor();
    // The first login of the account is from no browser known before; the second is from a new one.
    const { subject } = newBrowserMail(
      { language: 'en', to: clinician.email, name: '', at: new Date(), myPage: '' },
      { browser: null, os: null, device: null },
      '',
    );
    expect((await stack.mail.next(clinician.email, since)).subject).toBe(subject);
    await expect.poll(() => sockets.filter((socket) => !socket.isClosed()).length).toBeGreaterThan(0);
    const openSockets = sockets.filter((socket) => !socket.isClosed());
    // Kept by this document only: gone if the browser reloaded the page.
    await second.evaluate(() => Object.assign(window, { stillTheSameDocument: true }));

    await first.goto('/options');
    const sessions = first.getByRole('region', { name: t.accountSecurity.sessions.title });
    const items = sessions.getByRole('listitem');
    await expect.poll(() => items.count()).toBe(2);
    await expect.poll(() => items.filter({ hasText: t.accountSecurity.sessions.thisBrowser }).count()).toBe(1);
    const logins = first.getByRole('region', { name: t.accountSecurity.logins.title });
    await expect
      .poll(() => logins.getByRole('cell', { name: t.accountSecurity.logins.succeeded, exact: true }).count())
      .toBe(2);
    expect(await logins.getByRole('cell', { name: /Chrome/ }).count()).toBe(2);
    await expectAccessible(first, 'My page with sessions and login history');

    const other = items.filter({ hasNotText: t.accountSecurity.sessions.thisBrowser });
    await other.getByRole('button', { name: t.accountSecurity.sessions.end, exact: true }).click();
    await expect.poll(() => items.count()).toBe(1);

    // The other browser's socket is closed and it shows the login page, in the same document.
    await second.waitForURL('**/login**', { timeout: 20_000 });
    await second.getByLabel(t.login.loginId, { exact: true }).waitFor();
    expect(await second.evaluate(() => 'stillTheSameDocument' in window)).toBe(true);
    expect(openSockets.every((socket) => socket.isClosed())).toBe(true);

    // This browser goes on.
    await first.reload();
    await expect.poll(() => items.count()).toBe(1);
    expect(new URL(first.url()).pathname).toBe('/options');
    await first.context().close();
    await secondContext.close();
  });
});
