import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getPatientWebPushKey, type PatientPush } from '@clinic/contract';
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import patientEn from '../apps/patient/web/locales/en.json';
import patientKo from '../apps/patient/web/locales/ko.json';
import { chromiumArgs, expectAccessible, startStack, type Stack } from './harness.ts';
import { appMember, callApi, memberPassword } from './steps.ts';
import { nameHelper } from './visit-steps.ts';

const p = patientEn;

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

/** Where the fake push service of the page below says its subscriptions live. */
const fakeEndpoint = 'https://1.1.1.1/push/e2e-patient-app';

/**
 * A browser without a push service (none is reachable from here): the page's PushManager answers
 * with a subscription of its own, kept in local storage, with the key the app subscribed with. The
 * server is never asked to send to it (no event in this test notifies the patient).
 */
const fakePushService = `(() => {
  const stored = 'e2ePushSubscription';
  const subscriptionOf = (value) => ({
    endpoint: value.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: Uint8Array.from(value.key).buffer },
    toJSON: () => ({ endpoint: value.endpoint, expirationTime: null, keys: value.keys }),
    unsubscribe: async () => {
      localStorage.removeItem(stored);
      return true;
    },
  });
  PushManager.prototype.getSubscription = async function () {
    const value = localStorage.getItem(stored);
    return value ? subscriptionOf(JSON.parse(value)) : null;
  };
  PushManager.prototype.subscribe = async function (options) {
    const value = {
      endpoint: '${fakeEndpoint}',
      key: [...new Uint8Array(options.applicationServerKey)],
      keys: {
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    };
    localStorage.setItem(stored, JSON.stringify(value));
    return subscriptionOf(value);
  };
})();`;

/** A fresh browser profile of its own (service workers, push and notifications need one that is kept). */
async function newProfile(): Promise<{ context: BrowserContext; page: Page; close: () => Promise<void> }> {
  const folder = await mkdtemp(join(tmpdir(), 'clinic-e2e-profile-'));
  const context = await chromium.launchPersistentContext(folder, {
    executablePath: '/usr/bin/chromium',
    args: chromiumArgs,
    baseURL: stack.url,
    locale: 'en-US',
    viewport: { width: 390, height: 800 },
  });
  await context.addInitScript(nameHelper);
  await context.addInitScript(fakePushService);
  await context.grantPermissions(['notifications'], { origin: stack.url });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** The service worker registrations CDP reports, by scope. */
async function workerRegistrations(cdp: CDPSession): Promise<Map<string, string>> {
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
    for (const registration of event.registrations)
      if (registration.isDeleted) registrations.delete(registration.scopeURL);
      else registrations.set(registration.scopeURL, registration.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  return registrations;
}

/** The app's worker, once it is active and controls the page. */
async function workerControls(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/patient/');
    return registration?.active?.state === 'activated' && navigator.serviceWorker.controller !== null;
  });
}

/** What the browser keeps of the patient's queries (IndexedDB `patient-query-cache`), or null. */
function keptQueries(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve, reject) => {
        const open = indexedDB.open('patient-query-cache');
        open.onerror = () => reject(open.error ?? new Error('cannot open'));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('entries')) {
            db.close();
            resolve(null);
            return;
          }
          const read = db.transaction('entries').objectStore('entries').get('patient-queries');
          read.onsuccess = () => {
            db.close();
            resolve(typeof read.result === 'string' ? read.result : null);
          };
          read.onerror = () => reject(read.error ?? new Error('cannot read'));
        };
      }),
  );
}

/** The writes waiting in the outbox (IndexedDB `patient-outbox`). */
function outboxCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('patient-outbox');
        open.onerror = () => reject(open.error ?? new Error('cannot open'));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('writes')) {
            db.close();
            resolve(0);
            return;
          }
          const count = db.transaction('writes').objectStore('writes').count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
          count.onerror = () => reject(count.error ?? new Error('cannot count'));
        };
      }),
  );
}

/** The notifications the app's worker shows now. */
function shownNotifications(
  page: Page,
): Promise<{ title: string; body: string; icon: string; tag: string; data: unknown }[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/patient/');
    const shown = (await registration?.getNotifications()) ?? [];
    return shown.map(({ title, body, icon, tag, data }) => ({ title, body, icon, tag, data: data as unknown }));
  });
}

/**
 * Hands a push to the app's worker as a push service would, again every two seconds while its
 * notification is not shown: DevTools' delivery is dropped when it reaches a worker that is just
 * stopping, where a push service would send it again.
 */
async function pushUntilShown(page: Page, cdp: CDPSession, registrationId: string, push: PatientPush): Promise<void> {
  let sentAt = 0;
  await expect
    .poll(async () => {
      const shown = await shownNotifications(page);
      if (!shown.some((notification) => notification.tag === push.key) && Date.now() - sentAt >= 2_000) {
        sentAt = Date.now();
        await cdp.send('ServiceWorker.deliverPushMessage', {
          origin: stack.url,
          registrationId,
          data: JSON.stringify(push),
        });
      }
      return shown.map((notification) => notification.tag);
    })
    .toContain(push.key);
}

async function newMember(name: string): Promise<{ userEmail: string; token: string }> {
  const userEmail = `${name.toLowerCase()}.${Date.now()}@example.com`;
  const member = await appMember(stack, {
    userEmail,
    patientName: `${name} Lindqvist`,
    patientInfoBirth: '1961-04-12',
    patientInfoGender: 'F',
  });
  return { userEmail, token: member.token };
}

async function signIn(page: Page, userEmail: string): Promise<void> {
  await page.getByLabel(p.login.email, { exact: true }).fill(userEmail);
  await page.getByLabel(p.login.password, { exact: true }).fill(memberPassword);
  await page.getByRole('button', { name: p.login.submit, exact: true }).click();
  await page.getByRole('heading', { name: p.home.upcoming }).waitFor();
}

describe('the patient app, installed', () => {
  it('is installable in the patient’s language, opens offline, shows pushes, wakes the outbox and leaves nothing after sign-out', async () => {
    const { userEmail } = await newMember('Astrid');
    const profile = await newProfile();
    try {
      const { page } = profile;
      const cdp = await page.context().newCDPSession(page);
      const registrations = await workerRegistrations(cdp);
      await page.goto('/patient/');
      await page.getByRole('button', { name: p.login.submit, exact: true }).waitFor();
      await workerControls(page);

      // Installable: Chrome finds nothing missing, and reads the manifest without an error.
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      const english = await cdp.send('Page.getAppManifest');
      expect(english.errors).toEqual([]);
      expect(english.url).toBe(`${stack.url}/patient/manifest.webmanifest`);
      expect(JSON.parse(english.data ?? '{}')).toMatchObject({
        name: p.app.name,
        start_url: '/patient/',
        scope: '/patient/',
        display: 'standalone',
      });
      // The installed app is named in the language the page shows.
      await page.getByLabel(p.app.language).selectOption('ko');
      await page.getByRole('button', { name: patientKo.login.submit, exact: true }).waitFor();
      const korean = await cdp.send('Page.getAppManifest');
      expect(korean.errors).toEqual([]);
      expect(JSON.parse(korean.data ?? '{}')).toMatchObject({ name: patientKo.app.name, lang: 'ko' });
      await page.getByLabel(patientKo.app.language).selectOption('en');
      await page.getByRole('button', { name: p.login.submit, exact: true }).waitFor();
      await expectAccessible(page, 'patient app, sign-in');

      // Signed in, the patient's replies are kept in IndexedDB, without any token.
      await signIn(page, userEmail);
      await expect.poll(() => keptQueries(page), { timeout: 15_000 }).toContain('"visits"');
      const tokens = await page.evaluate(() => [
        localStorage.getItem('patientAccessToken'),
        localStorage.getItem('patientRefreshToken'),
      ]);
      const kept = (await keptQueries(page)) ?? '';
      for (const token of tokens) {
        expect(token).toBeTruthy();
        expect(kept).not.toContain(token);
      }

      // Offline, a reload opens the shell from the worker and the visits from the kept replies.
      await page.context().setOffline(true);
      await page.reload();
      await page.getByRole('heading', { name: p.home.upcoming }).waitFor();
      await page.getByText(p.home.noUpcoming).waitFor();
      await page.context().setOffline(false);

      // Notifications on this phone: subscribed with the server's key, and registered with the session.
      const pushSwitch = page.getByRole('switch', { name: p.pwa.push });
      await expectAccessible(page, 'patient app, home with the notifications switch');
      expect(await pushSwitch.isChecked()).toBe(false);
      const registered = page.waitForResponse((response) => response.url().endsWith('/api/patientApp/updatePushToken'));
      await pushSwitch.click();
      const registration = await registered;
      expect(await registration.json()).toMatchObject({ isSuccess: true });
      const sent = JSON.parse(registration.request().postData() ?? '{}') as { fcmToken: string };
      expect(JSON.parse(sent.fcmToken)).toMatchObject({ endpoint: fakeEndpoint });
      await expect.poll(() => pushSwitch.isChecked()).toBe(true);
      const accessToken = tokens[0]!;
      const { publicKey } = await callApi(stack, getPatientWebPushKey, {}, accessToken);
      const subscribedWith = await page.evaluate(
        () => (JSON.parse(localStorage.getItem('e2ePushSubscription') ?? '{}') as { key?: number[] }).key,
      );
      expect(subscribedWith).toEqual([...Buffer.from(publicKey, 'base64url')]);

      // A push the server sends is shown by the worker: its words, the app's icon, the page it opens.
      const registrationId = registrations.get(`${stack.url}/patient/`);
      expect(registrationId).toBeTruthy();
      const push: PatientPush = {
        key: 'e2e-visit-moved',
        type: 'visitMoved',
        title: 'Visit update',
        body: 'Your visit with Grace Hopper was moved to 12/01/2026 09:00.',
        url: '/patient/?visit=42',
        time: new Date().toISOString(),
      };
      await pushUntilShown(page, cdp, registrationId!, push);
      await expect
        .poll(() => shownNotifications(page))
        .toEqual([
          {
            title: push.title,
            body: push.body,
            icon: `${stack.url}/patient/icons/icon-192.png`,
            tag: push.key,
            data: { url: push.url },
          },
        ]);
      // Tapping it opens its page in the app's window. No protocol taps a system notification, so the
      // worker is handed a notificationclick for the real notification (Chrome runs the handler, but
      // lets a synthetic event neither wait nor focus, which a real tap does).
      const worker = page
        .context()
        .serviceWorkers()
        .find((candidate) => candidate.url().endsWith('/patient/sw.js'));
      expect(worker).toBeTruthy();
      await worker!.evaluate(`(async () => {
        const [shown] = await self.registration.getNotifications({ tag: '${push.key}' });
        self.dispatchEvent(new NotificationEvent('notificationclick', { notification: shown }));
      })()`);
      await page.waitForURL(`${stack.url}${push.url}`);
      await page.getByRole('heading', { name: p.home.upcoming }).waitFor();
      await expect.poll(() => shownNotifications(page)).toEqual([]);

      // One that is not the contract's message is not shown.
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: stack.url,
        registrationId: registrationId!,
        data: JSON.stringify({ ...push, key: 'e2e-elsewhere', url: 'https://elsewhere.example/' }),
      });
      await pushUntilShown(page, cdp, registrationId!, {
        ...push,
        key: 'e2e-second',
        title: 'Program update',
        url: '/patient/?screen=program',
      });
      await expect.poll(async () => (await shownNotifications(page)).map((shown) => shown.tag)).toEqual(['e2e-second']);

      // The connection back (background sync 'outbox'): the worker asks the open page to send its outbox.
      await page.evaluate(() => {
        const asked = new Promise<boolean>((resolve) =>
          navigator.serviceWorker.addEventListener('message', (event) => {
            if ((event.data as { type?: unknown } | null)?.type === 'flush-outbox') resolve(true);
          }),
        );
        (window as unknown as { flushAsked: Promise<boolean> }).flushAsked = asked;
      });
      await cdp.send('ServiceWorker.dispatchSyncEvent', {
        origin: stack.url,
        registrationId: registrationId!,
        tag: 'outbox',
        lastChance: false,
      });
      expect(await page.evaluate(() => (window as unknown as { flushAsked: Promise<boolean> }).flushAsked)).toBe(true);

      // Sign-out: the server ends the session (and its subscription); the browser keeps nothing of the patient's.
      const loggedOut = page.waitForResponse((response) => response.url().endsWith('/api/patientApp/logout'));
      await page.getByRole('button', { name: p.app.signOut, exact: true }).click();
      expect(await (await loggedOut).json()).toMatchObject({ isSuccess: true });
      await page.getByRole('button', { name: p.login.submit, exact: true }).waitFor();
      await expect.poll(() => keptQueries(page)).toBeNull();
      await expect.poll(() => page.evaluate(() => localStorage.getItem('e2ePushSubscription'))).toBeNull();
      expect(await outboxCount(page)).toBe(0);
      expect(
        await page.evaluate(() => [
          localStorage.getItem('patientAccessToken'),
          localStorage.getItem('patientRefreshToken'),
        ]),
      ).toEqual([null, null]);
      // The worker's caches hold the app's shell, never a reply of the API.
      const cached = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys())
          for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
        return urls;
      });
      expect(cached).toContain('/patient/index.html');
      expect(cached.filter((path) => path.startsWith('/api/'))).toEqual([]);
      // The ended session no longer reads the server's key.
      await expect(callApi(stack, getPatientWebPushKey, {}, accessToken)).rejects.toThrow();
    } finally {
      await profile.close();
    }
  });

  it('tells an iPhone in Safari how to add it to the Home Screen, once', async () => {
    const context = await stack.browser.newContext({
      baseURL: stack.url,
      locale: 'en-US',
      viewport: { width: 390, height: 844 },
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      hasTouch: true,
    });
    try {
      const page = await context.newPage();
      await page.goto('/patient/');
      const hint = page.getByRole('alert').filter({ hasText: p.pwa.installTitle });
      await hint.waitFor();
      expect(await hint.textContent()).toContain(p.pwa.installSteps);
      await expectAccessible(page, 'patient app, the iOS install hint');
      await hint.getByRole('button', { name: p.common.close }).click();
      await hint.waitFor({ state: 'detached' });
      await page.reload();
      await page.getByRole('button', { name: p.login.submit, exact: true }).waitFor();
      expect(await page.getByText(p.pwa.installTitle).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
