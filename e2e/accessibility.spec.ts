import { getMyPatients } from '@clinic/contract';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, startStack, type Stack } from './harness.ts';
import { acceptCookies, accessTokenOf, callApi, logIn, ui } from './steps.ts';

// Every screen that no other flow checks, walked with the demo clinician's data (WCAG 2.1 AA in axe).
const t = ui.en;
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

async function demoSession(): Promise<Page> {
  const page = await stack.newPage();
  await page.goto('/login');
  await acceptCookies(page);
  await logIn(page, 'demo@clinic.localhost', 'Demo-clinic-2026');
  await page.getByText(t.home.welcomeNamed.replace('{{name}}', 'Dana Demo')).waitFor();
  return page;
}

/** Opens a dialog with its button, checks it, and closes it with Escape. */
async function checkDialog(page: Page, opener: Locator, name: string): Promise<void> {
  await opener.click();
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  await expectAccessible(page, `${name} dialog`);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
}

/** The element that has the keyboard focus, as an attribute of a role and a name check. */
const isFocused = (locator: Locator): Promise<boolean> =>
  locator.evaluate((element) => element === document.activeElement);

describe('accessibility of every screen (axe, WCAG 2.1 AA)', () => {
  it('the login area: log in, find ID and password, sign up with its agreements, provider inquiry', async () => {
    const page = await stack.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: t.notices.cookies.acceptAll }).waitFor();
    await expectAccessible(page, 'login with the cookie banner');
    await acceptCookies(page);
    await page.getByRole('button', { name: t.login.submit, exact: true }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await expectAccessible(page, 'login with errors');
    await checkDialog(
      page,
      page.getByRole('button', { name: t.login.providerInquiry, exact: true }),
      t.inquiries.provider.title,
    );

    await page.getByRole('link', { name: t.login.findId, exact: true }).click();
    await page.getByRole('tab', { name: t.recovery.findIdTab, selected: true }).waitFor();
    await expectAccessible(page, 'find ID');
    await page.getByRole('tab', { name: t.recovery.findPasswordTab }).click();
    await page.getByRole('tab', { name: t.recovery.findPasswordTab, selected: true }).waitFor();
    await expectAccessible(page, 'find password');

    await page.goto('/login/signUp');
    await page.getByRole('heading', { name: t.signUp.title }).first().waitFor();
    await expectAccessible(page, 'sign-up');
    await checkDialog(
      page,
      page.getByRole('button', { name: t.agreements.viewNamed.replace('{{title}}', t.agreements.terms.title) }),
      t.agreements.terms.title,
    );
    await page.getByRole('button', { name: t.signUp.submit, exact: true }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await expectAccessible(page, 'sign-up with errors');
    await page.context().close();
  });

  it('home and the appointments in day, week and month, with the visit, new-visit and open-hours dialogs', async () => {
    const page = await demoSession();
    await page.getByRole('heading', { name: t.schedule.title, level: 3 }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, 'home');

    await page.goto('/appointments');
    await page.getByRole('heading', { name: t.schedule.title, level: 3 }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, 'appointments, week');
    for (const view of ['day', 'month'] as const) {
      await page.getByText(t.schedule.views[view], { exact: true }).click();
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, `appointments, ${view}`);
    }
    const visit = page.getByRole('button', { name: /, (Waiting|Completed|Expired|Cancelled)$/ }).first();
    await checkDialog(page, visit, t.schedule.modal.detailsTitle);
    await checkDialog(
      page,
      page.getByRole('button', { name: t.schedule.newVisit, exact: true }),
      t.schedule.modal.createTitle,
    );
    await checkDialog(
      page,
      page.getByRole('button', { name: t.schedule.openHours, exact: true }),
      t.schedule.openHours,
    );
    await page.context().close();
  });

  it('the patient list, every patient tab, rehab and My page', async () => {
    const page = await demoSession();
    const token = await accessTokenOf(page);
    const { patientList } = await callApi(stack, getMyPatients, {}, token);
    // A patient of the app, with a program, device records and visits.
    const member = patientList.find((patient) => patient.patientName === 'Min-jun Chan');
    if (!member) throw new Error('no demo app member');

    await page.getByRole('link', { name: t.menu.patientList, exact: true }).click();
    await page.getByRole('table').getByRole('link').first().waitFor();
    await expectAccessible(page, 'patient list');
    await checkDialog(page, page.getByRole('button', { name: t.patients.add.open, exact: true }), t.patients.add.title);

    await page.goto(`/patientList/details?id=${member.seqMedicalRelation}`);
    for (const tab of [
      'dashboard',
      'info',
      'note',
      'remote',
      'record',
      'categories',
      'rehab',
      'history',
      'report',
    ] as const) {
      await page.getByRole('tab', { name: t.patientDetails.tabs[tab], exact: true }).click();
      await page.getByRole('tab', { name: t.patientDetails.tabs[tab], selected: true }).waitFor();
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, `patient tab ${tab}`);
    }

    await page.getByRole('link', { name: t.menu.rehab, exact: true }).click();
    await page.waitForURL('**/rehab');
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, 'rehabilitation');

    await page.getByRole('link', { name: t.menu.myPage, exact: true }).click();
    await page.getByRole('heading', { name: t.options.title, level: 2 }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, 'My page');
    await page.goto('/payments');
    await page.getByRole('heading', { name: t.payments.title, level: 2 }).waitFor();
    await expectAccessible(page, 'payments');
    await page.context().close();
  });

  it('works with the keyboard: a visit dialog holds the focus, shows where it is, and gives it back', async () => {
    const page = await demoSession();
    const newVisit = page.getByRole('button', { name: t.schedule.newVisit, exact: true });
    await newVisit.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: t.schedule.modal.createTitle });
    await dialog.waitFor();
    await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    for (let press = 0; press < 12; press++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      // Mantine's focus ring (an outline), or the primary-coloured border of a focused field (Mantine's inputs).
      const unmarked = await page.evaluate(() => {
        const focused = document.activeElement!;
        const style = getComputedStyle(focused);
        const marked =
          focused.matches('input, textarea, select, .mantine-Input-input') ||
          (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0);
        return marked ? '' : focused.outerHTML.slice(0, 200);
      });
      expect(unmarked).toBe('');
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => isFocused(newVisit)).toBe(true);
    await page.context().close();
  });
});
