import { listSymptomReports } from '@clinic/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import patientEn from '../apps/patient/web/locales/en.json';
import { expectAccessible, expectFitsWidth, startStack, type Stack } from './harness.ts';
import { callApi, clinicianTokenByApi, keptQueries, newPatientOf, patientLogIn, phoneProfile } from './steps.ts';
import { bookVisit, nameHelper } from './visit-steps.ts';

const p = patientEn;

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

/** The time zone of this machine, which Chromium uses too. */
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

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

function section(page: Page, name: string) {
  return page.getByRole('link', { name, exact: true });
}

describe('the patient’s program and symptom reports', () => {
  it('open offline as of the last visit, and reports made offline reach the clinician once', async () => {
    // A clinician with a patient who has a knee prescription, one session from the device and a visit to come.
    const clinician = await clinicianTokenByApi(stack);
    const { userEmail, seqMedicalRelation } = await newPatientOf(stack, clinician, {
      label: 'program',
      session: { iuppiterUsageMinAngle: 12, iuppiterUsageMaxAngle: 90, deviceUsageDuration: 600 },
    });
    // 10:00 the day after tomorrow in this machine's zone: a bookable slot whatever the hour now.
    const visitStart = new Date(Date.now() + 2 * 86_400_000);
    visitStart.setHours(10, 0, 0, 0);
    await bookVisit(stack.url, clinician, { seqMedicalRelation, start: visitStart, timeZone });
    const reportCount = async (): Promise<number> =>
      (await callApi(stack, listSymptomReports, { seqMedicalRelation, page: 1, size: 20 }, clinician)).totalCount;

    // The narrowest phone the app is made for.
    const profile = await phoneProfile(stack, { initScripts: [nameHelper] });
    try {
      const { page, context } = profile;
      await patientLogIn(page, userEmail);
      await page.getByRole('heading', { name: p.call.nextVisit }).waitFor();
      // The app's worker serves the shell from now on.
      await page.waitForFunction(async () => {
        const registration = await navigator.serviceWorker.getRegistration('/patient/');
        return registration?.active?.state === 'activated' && navigator.serviceWorker.controller !== null;
      });
      await expectAccessible(page, 'patient app, home with the navigation');
      await expectFitsWidth(page);

      // Online: the program, its progress, the last session and the chart's numbers.
      await section(page, p.nav.program).click();
      await page.waitForURL('**/patient/?screen=program');
      const prescription = page.getByRole('article', { name: 'Knee, right' });
      await prescription.waitFor();
      await prescription.getByText('Pro device · Sessions a day: 2').waitFor();
      await prescription.getByText('Range: 10° to 100°').waitFor();
      const progress = prescription.getByRole('progressbar', { name: `${p.program.progressLabel} – Knee, right` });
      expect(await progress.getAttribute('aria-valuetext')).toMatch(/^1 of \d+ sessions done$/);
      const sessions = page.getByRole('region', { name: p.program.sessions }).getByRole('listitem');
      expect(await sessions.count()).toBe(1);
      await sessions.getByText('Knee, right · Angles: 12° to 90°').waitFor();
      const chartRows = page.getByRole('table', { name: 'Knee, right: angles by day' }).getByRole('row');
      expect(await chartRows.count()).toBe(2);
      await expectAccessible(page, 'patient app, program');
      await expectFitsWidth(page);

      await section(page, p.nav.symptoms).click();
      await page.waitForURL('**/patient/?screen=symptoms');
      await page.getByText(p.symptomReports.none).waitFor();
      await expectAccessible(page, 'patient app, symptom reports');
      await expectFitsWidth(page);
      // Everything the screens showed is kept for the next time.
      await expect
        .poll(() => keptQueries(page), { timeout: 15_000 })
        .toMatch(/(?=.*"program")(?=.*"symptomReports")(?=.*"clinicians")(?=.*"visits")/s);

      // A minute later, with no network at all for the page and its worker: the app opens as of the last visit.
      await context.route('**', (route) => route.abort());
      await page.clock.install({ time: Date.now() + 60_000 });
      await page.goto('/patient/');
      await page.getByRole('heading', { name: p.call.nextVisit }).waitFor();
      await page
        .getByRole('status')
        .filter({ hasText: /^Offline — as of / })
        .waitFor();
      await section(page, p.nav.program).click();
      await page.getByRole('article', { name: 'Knee, right' }).waitFor();
      await page
        .getByRole('status')
        .filter({ hasText: /^Offline — as of / })
        .waitFor();
      await page
        .getByRole('region', { name: p.program.sessions })
        .getByText('Knee, right · Angles: 12° to 90°')
        .waitFor();
      await expectAccessible(page, 'patient app, program offline');

      // Three reports made offline wait on the phone.
      await section(page, p.nav.symptoms).click();
      const form = page.getByRole('form', { name: p.symptomReports.title });
      const waiting = page.getByRole('region', { name: p.symptomReports.list }).getByText(p.symptomReports.waiting);
      for (const [index, pain] of [3, 5, 7].entries()) {
        await form.getByRole('radio', { name: String(pain), exact: true }).click();
        await form.getByLabel(p.symptomReports.text).fill(`Offline report ${index + 1}`);
        await form.getByRole('button', { name: p.symptomReports.submit }).click();
        await expect.poll(() => waiting.count()).toBe(index + 1);
      }
      expect(await outboxCount(page)).toBe(3);
      await expectAccessible(page, 'patient app, symptom reports waiting to be sent');
      expect(await reportCount()).toBe(0);

      // Back online, the first send reaches the server but its reply is lost: it stays in the outbox.
      await context.unrouteAll();
      await context.route('**/api/patientApp/addSymptomReport', async (route) => {
        await route.fetch();
        await route.abort();
      });
      await page.reload();
      await expect.poll(reportCount, { timeout: 15_000 }).toBe(1);
      expect(await outboxCount(page)).toBe(3);

      // Replayed with the replies coming through: every report is kept once, the first not twice.
      await context.unrouteAll();
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await expect.poll(() => outboxCount(page), { timeout: 15_000 }).toBe(0);
      expect(await reportCount()).toBe(3);
      const { symptomReportList } = await callApi(
        stack,
        listSymptomReports,
        { seqMedicalRelation, page: 1, size: 20 },
        clinician,
      );
      expect(symptomReportList.map((report) => [report.painLevel, report.symptoms])).toEqual([
        [7, 'Offline report 3'],
        [5, 'Offline report 2'],
        [3, 'Offline report 1'],
      ]);
      await expect.poll(() => waiting.count()).toBe(0);
      await page.getByRole('region', { name: p.symptomReports.list }).getByText('Offline report 1').waitFor();
      expect(
        await page
          .getByRole('status')
          .filter({ hasText: /^Offline — as of / })
          .count(),
      ).toBe(0);

      // Opened again, nothing is sent twice.
      await page.reload();
      await page.getByRole('region', { name: p.symptomReports.list }).getByText('Offline report 3').waitFor();
      expect(await reportCount()).toBe(3);
    } finally {
      await profile.close();
    }
  });
});
