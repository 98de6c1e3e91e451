import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from './harness.ts';
import { acceptCookies, logIn, setSwitch, ui } from './steps.ts';

const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

describe('the web shell', () => {
  it('sends a visitor without a session to the login page, keeping the language', async () => {
    const page = await stack.newPage();
    await page.goto('/appointments?lang=ko');
    await page.waitForURL('**/login?lang=ko');
    await page.getByRole('heading', { name: ui.ko.login.title }).first().waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('ko');
    await page.context().close();
  });

  it("draws the clinic's mark before the styles and code have loaded, then the app with its styles", async () => {
    for (const path of ['/login', '/']) {
      const page = await stack.newPage();
      // The stylesheets not yet applied when the app's first render was added.
      await page.addInitScript(() => {
        new MutationObserver((_, observer) => {
          if (!document.getElementById('root')?.childElementCount) return;
          (window as { unstyledAtFirstRender?: string[] }).unstyledAtFirstRender = [
            ...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'),
          ]
            .filter((link) => link.sheet === null)
            .map((link) => new URL(link.href).pathname);
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      });
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/.*\.css$/, async (route) => {
        await released;
        await route.continue();
      });
      const loading = page.goto(path);
      // Painted while every stylesheet is still on its way.
      await expect
        .poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length))
        .toBe(1);
      expect(await page.locator('#app-loading svg').isVisible()).toBe(true);
      release();
      await loading;
      await page.getByRole('heading', { name: ui.en.login.title }).first().waitFor();
      expect(await page.locator('#app-loading').count()).toBe(0);
      const html = await (await page.request.get(path)).text();
      const named = [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((match) => match[1]);
      expect(named.length).toBeGreaterThan(0);
      const unstyled = await page.evaluate(
        () => (window as { unstyledAtFirstRender?: string[] }).unstyledAtFirstRender,
      );
      expect(unstyled?.filter((href) => named.includes(href))).toEqual([]);
      await page.context().close();
    }
  });

  it('keeps the styles in order when a later screen brings its own: home after logging in at /login', async () => {
    const page = await stack.newPage();
    await page.goto('/login');
    await acceptCookies(page);
    await logIn(page, 'demo', 'Demo-clinic-2026');
    const menuEntry = page
      .getByRole('navigation', { name: ui.en.menu.label })
      .getByRole('button', { name: ui.en.menu.agreement });
    await menuEntry.waitFor();
    // A menu entry is Mantine's NavLink on its UnstyledButton: the NavLink's padding must override the button's 0.
    expect(await menuEntry.evaluate((element) => getComputedStyle(element).paddingLeft)).not.toBe('0px');
    await page.context().close();
  });

  it('remembers the chosen language in a cookie once functional cookies are accepted', async () => {
    const page = await stack.newPage();
    await page.goto('/login?lang=cs');
    await page.getByRole('heading', { name: ui.cs.login.title }).first().waitFor();
    expect((await page.context().cookies()).find((entry) => entry.name === 'lang')).toBeUndefined();
    await acceptCookies(page, ui.cs);
    await page.goto('/login/signUp');
    await page.getByRole('heading', { name: ui.cs.signUp.title }).first().waitFor();
    const cookie = (await page.context().cookies()).find((entry) => entry.name === 'lang');
    expect(cookie?.value).toBe('cs');
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(360 * 86_400_000);
    await page.context().close();
  });

  it('follows the browser language when nothing was chosen', async () => {
    const page = await stack.newPage({ locale: 'zh-HK' });
    await page.goto('/login');
    await page.getByRole('heading', { name: ui['zh-HK'].login.title }).first().waitFor();
    await page.context().close();
  });

  it('asks for cookie consent once, with the three groups', async () => {
    const page = await stack.newPage();
    await page.goto('/login');
    const banner = page
      .getByRole('region', { name: ui.en.notices.cookies.title })
      .or(page.getByLabel(ui.en.notices.cookies.title));
    await banner.first().waitFor();
    for (const group of ['essential', 'performance', 'functional'] as const) {
      await page.getByLabel(ui.en.notices.cookies[group]).waitFor();
    }
    await setSwitch(banner.first(), ui.en.notices.cookies.functional, true);
    await page.getByRole('button', { name: ui.en.notices.cookies.save }).click();
    await page.reload();
    await page.getByRole('heading', { name: ui.en.login.title }).first().waitFor();
    expect(await page.getByRole('button', { name: ui.en.notices.cookies.save }).count()).toBe(0);
    await page.context().close();
  });

  it('tells a non-Chrome browser and a narrow window, and not Chrome at full width', async () => {
    const chrome = await stack.newPage();
    await chrome.goto('/login');
    await chrome.getByRole('heading', { name: ui.en.login.title }).first().waitFor();
    expect(await chrome.getByText(ui.en.notices.browser.title).count()).toBe(0);
    expect(await chrome.getByText(ui.en.notices.width.title).count()).toBe(0);
    await chrome.context().close();

    const context = await stack.browser.newContext({
      baseURL: stack.url,
      userAgent: firefox,
      viewport: { width: 900, height: 700 },
    });
    // Firefox has no navigator.userAgentData; Chromium would still report its own brands.
    await context.addInitScript(() => Object.defineProperty(navigator, 'userAgentData', { get: () => undefined }));
    const other = await context.newPage();
    await other.goto('/login');
    await other.getByText(ui.en.notices.browser.title).waitFor();
    await other.getByText(ui.en.notices.width.title).waitFor();
    await context.close();
  });

  it('keeps the payment result guard and logs out from the menu', async () => {
    const page = await stack.newPage();
    await page.goto('/login');
    await acceptCookies(page);
    await logIn(page, 'demo', 'Demo-clinic-2026');
    await page.getByText(ui.en.home.welcomeNamed.replace('{{name}}', 'Dana Demo')).waitFor();
    await page.goto('/payments/result');
    await page.waitForURL('**/options');
    await page.getByRole('heading', { name: ui.en.options.title }).waitFor();

    await page.getByRole('button', { name: ui.en.menu.logout }).first().click();
    await page.waitForURL('**/login**');
    await page.goto('/');
    await page.waitForURL('**/login**');
    await page.context().close();
  });
});
