import {
  addPatient,
  bookSchedule,
  cancelMySchedule,
  getReservableSlots,
  updateReservableTimeline,
} from '@clinic/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from './harness.ts';
import { accessTokenOf, appMember, callApi, newClinicianSession, pushToWorker, ui } from './steps.ts';

const t = ui.en;
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

function isoDate(daysFromToday: number): string {
  return new Date(Date.now() + daysFromToday * 86_400_000).toISOString().slice(0, 10);
}

/** What the browser's database holds (the names of notification-db.ts and sw.js). */
function storedKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('clinic-notifications', 1);
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const db = open.result;
          const request = db.transaction('notifications').objectStore('notifications').getAllKeys();
          request.onsuccess = () => {
            db.close();
            resolve(request.result.map(String));
          };
          request.onerror = () => reject(new Error(String(request.error)));
        };
      }),
  );
}

/** Replaces the stored notifications with 50 old, read ones: seed-0 is the oldest. */
function seedFifty(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('clinic-notifications', 1);
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('notifications', 'readwrite');
          const store = tx.objectStore('notifications');
          store.clear();
          for (let index = 0; index < 50; index++) {
            const time = Date.UTC(2026, 0, 1, 9, 0, index);
            store.put({
              key: `seed-${index}`,
              data: {
                key: `seed-${index}`,
                pushType: 2,
                seqSchedule: 1000 + index,
                seqMedicalRelation: 1,
                patientName: `Seed ${index}`,
                managerName: 'Grace Hopper',
                scheduleExpectStartDatetime: new Date(time + 86_400_000).toISOString(),
                time: new Date(time).toISOString(),
              },
              time,
              read: true,
            });
          }
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(new Error(String(tx.error)));
        };
      }),
  );
}

describe('notifications', () => {
  it('shows a booking made by a patient at once, and keeps at most 50', async () => {
    const { page } = await newClinicianSession(stack);
    const clinicianToken = await accessTokenOf(page);

    // A patient of this clinician, with the app.
    const patientName = 'Mina Lee';
    const member = await appMember(stack, {
      userEmail: `member.${Date.now()}@example.com`,
      patientName,
      patientInfoBirth: '1985-04-12',
      patientInfoGender: 'F',
    });
    const { seqMedicalRelation } = await callApi(
      stack,
      addPatient,
      { patientSyncAuthCode: member.code, heightCm: 165, weightKg: 60, deviceType: 1 },
      clinicianToken,
    );

    // The clinician opens every day for booking; the patient takes the first free slot.
    await callApi(
      stack,
      updateReservableTimeline,
      { timeline: [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({ dayOfWeek, startTime: '07:00', endTime: '21:00' })) },
      clinicianToken,
      'UTC',
    );
    const { slotList } = await callApi(
      stack,
      getReservableSlots,
      { seqMedicalRelation, scheduleExpectProgressTime: '00:30:00', startDate: isoDate(1), endDate: isoDate(6) },
      member.token,
    );
    const slot = slotList[0];
    if (!slot) throw new Error('no free slot');

    // The home page is open and its socket is ready; nothing is unread yet.
    const badge = page.getByTestId('notification-badge');
    await page.locator('[data-testid="notification-badge"][data-realtime="ready"]').waitFor();
    await page.getByRole('button', { name: t.notifications.bell, exact: true }).waitFor();

    const { schedule } = await callApi(
      stack,
      bookSchedule,
      { seqMedicalRelation, scheduleExpectStartDatetime: slot, scheduleExpectProgressTime: '00:30:00' },
      member.token,
    );

    // Without a reload: one unread on the bell, a toast, and the sentence in the list.
    const bellWithOne = page.getByRole('button', {
      name: t.notifications.bellUnread.replace('{{unread}}', '1'),
      exact: true,
    });
    await bellWithOne.waitFor();
    expect(await badge.textContent()).toContain('1');
    const when = await page.evaluate((iso) => {
      const date = new Date(iso);
      const pad = (value: number): string => String(value).padStart(2, '0');
      return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
    }, slot);
    const sentence = t.notifications.types.bookedByPatient
      .replace('{{patientName}}', patientName)
      .replace('{{when}}', when);
    await page.getByTestId('notification-toast').getByText(sentence).waitFor();

    await bellWithOne.click();
    const list = page.getByRole('dialog', { name: t.notifications.title });
    const item = list.getByTestId('notification-item').filter({ hasText: sentence });
    await item.waitFor();
    expect(await item.getAttribute('data-read')).toBe('false');
    await list.getByRole('button', { name: t.notifications.markAllRead, exact: true }).click();
    await page.getByRole('button', { name: t.notifications.bell, exact: true }).waitFor();
    expect(await item.getAttribute('data-read')).toBe('true');
    expect(await storedKeys(page)).toHaveLength(1);
    await page.keyboard.press('Escape');

    // 50 older ones kept; the 51st (the patient cancels) drops the oldest.
    await seedFifty(page);
    await callApi(stack, cancelMySchedule, { seqSchedule: schedule.seqSchedule }, member.token, 'UTC');
    await bellWithOne.waitFor();
    const keys = await storedKeys(page);
    expect(keys).toHaveLength(50);
    expect(keys).not.toContain('seed-0');
    expect(keys).toContain('seed-1');
    expect(keys.filter((key) => !key.startsWith('seed-'))).toHaveLength(1);

    await page.context().close();
  });

  it('keeps a Web Push in the same database from the service worker, and the open page shows it', async () => {
    const { page } = await newClinicianSession(stack);
    const warnings: string[] = [];
    const pageErrors: Error[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    page.on('pageerror', (error) => pageErrors.push(error));
    // With permission, the page registers /sw.js; this headless browser has no push service, so the
    // subscription fails quietly and the app carries on.
    const push = await pushToWorker(stack, page);
    const pushed = {
      key: 'web-push-1',
      pushType: 5,
      seqSchedule: 77,
      seqMedicalRelation: 5,
      patientName: 'Jan Novak',
      managerName: 'Grace Hopper',
      scheduleExpectStartDatetime: new Date(Date.now() + 10 * 60_000).toISOString(),
      time: new Date().toISOString(),
    };
    await push(pushed);
    await page
      .getByRole('button', { name: t.notifications.bellUnread.replace('{{unread}}', '1'), exact: true })
      .waitFor();
    expect(await storedKeys(page)).toEqual(['web-push-1']);
    // No socket brought it, so the page shows the service worker's one.
    await page
      .getByTestId('notification-toast')
      .getByText(/Jan Novak/)
      .waitFor();
    await page
      .getByRole('button', { name: t.notifications.bellUnread.replace('{{unread}}', '1'), exact: true })
      .click();
    await page
      .getByRole('dialog', { name: t.notifications.title })
      .getByText(/^The visit with Jan Novak starts soon, at \d\d\/\d\d\/\d{4} \d\d:\d\d\.$/)
      .waitFor();
    // Headless Chromium refuses the subscription: logged, and nothing breaks.
    expect(warnings.filter((text) => text.includes('push:')).length).toBeLessThanOrEqual(1);
    await page.keyboard.press('Escape');

    // SPEC 2: a tap on a push goes to the home page. The worker's own click handler is run, as a
    // tap on the system notification would (headless Chromium shows none to tap).
    await page.goto('/patientList');
    await page.locator('[data-testid="notification-badge"][data-realtime="ready"]').waitFor();
    const worker = page.context().serviceWorkers()[0] ?? (await page.context().waitForEvent('serviceworker'));
    await worker.evaluate(() =>
      (self as unknown as { onNotificationClick: (event: unknown) => Promise<void> }).onNotificationClick({
        notification: { close: () => undefined },
      }),
    );
    await page.waitForURL((url) => url.pathname === '/');

    // A push in the foreground goes there too: its toast is tapped.
    await page.goto('/patientList');
    await page.locator('[data-testid="notification-badge"][data-realtime="ready"]').waitFor();
    await push({ ...pushed, key: 'web-push-2', patientName: 'Eva Dvorak' });
    await page
      .getByTestId('notification-toast')
      .getByText(/Eva Dvorak/)
      .click();
    await page.waitForURL((url) => url.pathname === '/');

    expect(pageErrors).toEqual([]);
    await page.context().close();
  });
});
