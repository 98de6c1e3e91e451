import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import patientEn from '../apps/patient/web/locales/en.json';
import { expectAccessible, startStack, type Stack } from './harness.ts';
import { accessTokenOf, newClinicianSession, newPatientOf, patientLogIn, pushToWorker, ui } from './steps.ts';

const t = ui.en;
const p = patientEn;
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

describe("a patient's symptom report in the clinician's browser", () => {
  it('reaches the open home page, and its notification opens the patient’s reports', async () => {
    const { page } = await newClinicianSession(stack);
    const { userEmail, seqMedicalRelation } = await newPatientOf(stack, await accessTokenOf(page), {
      label: 'symptoms',
    });
    // Home is open with its socket ready before the report is sent.
    await page.locator('[data-testid="notification-badge"][data-realtime="ready"]').waitFor();

    // The patient sends a report from their app.
    const phone = await stack.newPage({ width: 360 });
    await patientLogIn(phone, userEmail);
    await phone.getByRole('link', { name: p.nav.symptoms, exact: true }).click();
    const form = phone.getByRole('form', { name: p.symptomReports.title });
    await form.getByRole('radio', { name: '6', exact: true }).click();
    await form.getByLabel(p.symptomReports.text).fill('Knee swollen after the stairs');
    await form.getByRole('button', { name: p.symptomReports.submit }).click();
    await phone.getByText(p.symptomReports.sent).waitFor();
    await phone.context().close();

    // The clinician's bell counts it, and its list names the patient.
    await page
      .getByRole('button', { name: t.notifications.bellUnread.replace('{{unread}}', '1'), exact: true })
      .click();
    const item = page
      .getByRole('dialog', { name: t.notifications.title })
      .getByText(t.notifications.symptomReport.replace('{{patientName}}', 'Ines Varga'));
    await item.waitFor();
    await expectAccessible(page, 'the notifications with a symptom report');

    // A click opens the patient's reports, newest first, with the pain on its scale and the text.
    await item.click();
    await page.waitForURL(`**/patientList/details/symptoms?id=${seqMedicalRelation}`);
    const reports = page.getByRole('table', { name: t.patientDetails.symptomReports.title });
    const row = reports.getByRole('row').nth(1);
    await row.getByRole('cell', { name: 'Knee swollen after the stairs', exact: true }).waitFor();
    await row.getByRole('cell', { name: '6/10', exact: true }).waitFor();
    expect(
      await page.getByRole('tab', { name: t.patientDetails.tabs.symptoms, exact: true }).getAttribute('aria-selected'),
    ).toBe('true');
    await page.getByRole('button', { name: t.notifications.bell, exact: true }).waitFor();
    await expectAccessible(page, "the patient's symptom reports");
  });

  it('comes by Web Push through the service worker, whose tap opens the patient’s reports', async () => {
    const { page } = await newClinicianSession(stack);
    const push = await pushToWorker(stack, page);
    const pushed = {
      key: 'symptom-push-1',
      seqSymptomReport: 31,
      seqMedicalRelation: 5,
      patientName: 'Jan Novak',
      time: new Date().toISOString(),
    };
    await push(pushed);
    await page
      .getByRole('button', { name: t.notifications.bellUnread.replace('{{unread}}', '1'), exact: true })
      .click();
    await page
      .getByRole('dialog', { name: t.notifications.title })
      .getByText(t.notifications.symptomReport.replace('{{patientName}}', 'Jan Novak'))
      .waitFor();
    await page.keyboard.press('Escape');

    // The worker's own push and click handlers: the data it gives the notification it shows is what a
    // tap hands back (no tab has the focus then; headless Chromium shows no notification to tap).
    await page.goto('/patientList');
    await page.locator('[data-testid="notification-badge"][data-realtime="ready"]').waitFor();
    const worker = page.context().serviceWorkers()[0] ?? (await page.context().waitForEvent('serviceworker'));
    await worker.evaluate(
      async (payload) => {
        const scope = self as unknown as {
          registration: { showNotification: (title: string, options: { data?: unknown }) => Promise<void> };
          hasVisibleFocusedWindow: () => Promise<boolean>;
          onPush: (event: unknown) => Promise<void>;
          onNotificationClick: (event: unknown) => Promise<void>;
        };
        let data: unknown;
        scope.hasVisibleFocusedWindow = () => Promise.resolve(false);
        scope.registration.showNotification = (_title, options) => {
          data = options.data;
          return Promise.resolve();
        };
        await scope.onPush({ data: { json: () => payload } });
        if (data === undefined) throw new Error('the worker showed no notification');
        return scope.onNotificationClick({ notification: { close: () => undefined, data } });
      },
      { ...pushed, key: 'symptom-push-2' },
    );
    await page.waitForURL((url) => url.pathname === '/patientList/details/symptoms' && url.search === '?id=5');
  });
});
