import { alertKinds } from '@clinic/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, startStack, type Stack } from './harness.ts';
import {
  acceptCookies,
  accessTokenOf,
  appMember,
  logIn,
  newClinicianSession,
  patientWithSession,
  ui,
} from './steps.ts';

const t = ui.en;
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

describe('monitoring alerts in the browser', () => {
  it('brings a reported pain to the open home page, opens it on the chart, keeps the note in the medical record, and keeps the thresholds on My page', async () => {
    const member = await appMember(stack, {
      userEmail: `pain.${Date.now()}@example.com`,
      patientName: 'Ines Varga',
      patientInfoBirth: '1958-09-03',
      patientInfoGender: 'F',
    });
    const { page } = await newClinicianSession(stack);
    const token = await accessTokenOf(page);
    // Home is open with its socket ready before anything happens.
    await page.locator('[data-testid="notification-badge"][data-realtime="ready"]').waitFor();
    const { seqMedicalRelation } = await patientWithSession(stack, token, member, {
      iuppiterUsageMinAngle: 15,
      iuppiterUsageMaxAngle: 70,
      patientReview: 'Sharp pain, stopped',
      painLevel: 8,
    });

    // The server's job raises the alert on its next pass: it reaches the open home page over the
    // socket, which refreshes the worklist and keeps it in the notifications, without a reload.
    const section = page.getByRole('region', { name: t.monitoring.title });
    const patient = section.getByRole('article', { name: 'Ines Varga' });
    await patient.waitFor({ timeout: 90_000 });
    await patient.getByText(t.monitoring.reason.pain.replace('{{level}}', '8').split(' reported')[0]!).waitFor();
    const sentence = t.notifications.alerts.pain.replace('{{patientName}}', 'Ines Varga');
    await page
      .getByRole('button', { name: t.notifications.bellUnread.replace('{{unread}}', '1'), exact: true })
      .click();
    await page.getByRole('dialog', { name: t.notifications.title }).getByText(sentence).waitFor();
    await page.keyboard.press('Escape');
    await expectAccessible(page, 'home with an alert');

    // The alert opens the history tab on its period: the two weeks before it, to today.
    await patient.getByRole('link', { name: t.monitoring.kind.pain, exact: true }).click();
    await page.waitForURL(`**/patientList/details/history?id=${seqMedicalRelation}&from=*`);
    const { today, yesterday } = await page.evaluate(() => {
      const shown = (daysBack: number): string => {
        const day = new Date();
        day.setDate(day.getDate() - daysBack);
        return `${String(day.getMonth() + 1).padStart(2, '0')}/${String(day.getDate()).padStart(2, '0')}/${day.getFullYear()}`;
      };
      return { today: shown(0), yesterday: shown(1) };
    });
    const period = page.getByTestId('alert-period');
    await period.waitFor();
    expect(await period.textContent()).toContain(` – ${today}`);
    expect(await page.getByLabel(t.exercises.chart.to, { exact: true }).inputValue()).toBe(today);
    // The reported level shows where the alert leads: under the chart and with the session, whose
    // records follow the chart's period.
    const reportedPain = t.exercises.painValue.replace('{{level}}', '8');
    expect(await page.getByTestId('highest-pain').textContent()).toBe(
      t.exercises.chart.highestPain.replace('{{level}}', '8').replace('{{date}}', today),
    );
    const records = page.getByRole('table', { name: t.exercises.recordsLabel });
    await records.getByRole('cell', { name: `${reportedPain} · Sharp pain, stopped`, exact: true }).waitFor();
    expect(await page.getByTestId('records-period').textContent()).toContain(` – ${today}`);
    await expectAccessible(page, 'the chart on the period of an alert');
    const to = page.getByLabel(t.exercises.chart.to, { exact: true });
    await to.fill(yesterday);
    await to.press('Enter');
    await expect.poll(() => page.getByTestId('records-period').textContent()).toContain(` – ${yesterday}`);
    await records.waitFor({ state: 'detached' });
    await page.goBack();

    await patient.getByRole('button', { name: t.monitoring.acknowledge }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(t.monitoring.note).fill('Called her; lowered the strength');
    await expectAccessible(page, 'acknowledging an alert');
    await dialog.getByRole('button', { name: t.monitoring.acknowledge }).click();
    await section.getByText(t.monitoring.empty).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The note is in the patient's medical record.
    await page.goto(`/patientList/details/record?id=${seqMedicalRelation}`);
    const record = page.getByRole('region', { name: t.record.title });
    await record.getByText('Called her; lowered the strength').waitFor();
    await record.getByText('Alert acknowledged: pain').waitFor();

    await page.goto('/options');
    const thresholds = page.getByRole('region', { name: t.monitoring.settings.title });
    const painLevel = thresholds.getByLabel(t.monitoring.settings.painLevel);
    await expect.poll(() => painLevel.inputValue()).toBe('7');
    await painLevel.fill('6');
    await thresholds.getByRole('button', { name: t.monitoring.settings.save }).click();
    await thresholds.getByText(t.monitoring.settings.saved).waitFor();
    await expectAccessible(page, 'My page with the alert thresholds');
    await page.reload();
    await expect.poll(() => thresholds.getByLabel(t.monitoring.settings.painLevel).inputValue()).toBe('6');
  });
});

describe("the demo clinician's worklist", () => {
  it('shows every kind of alert from the demo devices on the first start', async () => {
    const page = await stack.newPage();
    await page.goto('/login');
    await acceptCookies(page);
    await logIn(page, 'demo@clinic.localhost', 'Demo-clinic-2026');
    const section = page.getByRole('region', { name: t.monitoring.title });
    // The job's first pass runs within its interval of the start.
    for (const kind of alertKinds)
      await section
        .getByRole('link', { name: t.monitoring.kind[kind], exact: true })
        .first()
        .waitFor({ timeout: 90_000 });
    // Every date in the reasons is written as the clinician reads dates, none as YYYY-MM-DD.
    expect(await section.textContent()).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    await page.context().close();
  });
});
