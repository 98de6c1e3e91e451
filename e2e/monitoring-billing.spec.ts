import { readFile } from 'node:fs/promises';
import { addMonitoringTime, messages } from '@clinic/contract';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, startStack, type Stack } from './harness.ts';
import { accessTokenOf, appMember, callApi, newClinicianSession, patientWithSession, ui } from './steps.ts';

const t = ui.en;
const m = t.monitoringBilling;
const c = m.consent;

/** A translation with its variables filled in. */
const fill = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((line, [name, value]) => line.replace(`{{${name}}}`, value), text);
/** MM/DD/YYYY, the English display of a date. */
const shown = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;
/** A day of this machine's calendar as YYYY-MM-DD, as the browser in the same zone counts it. */
const localDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

async function downloadOf(page: Page, click: () => Promise<void>): Promise<{ name: string; path: string }> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), click()]);
  return { name: download.suggestedFilename(), path: await download.path() };
}

describe('monitoring billing in the browser', () => {
  it('logs minutes on the dashboard, removes an entry, and exports the month as CSV and Excel', async () => {
    const member = await appMember(stack, {
      userEmail: `rtm.${Date.now()}@example.com`,
      patientName: 'Oskar Lind',
      patientInfoBirth: '1961-04-12',
      patientInfoGender: 'M',
    });
    const { page } = await newClinicianSession(stack);
    const token = await accessTokenOf(page);
    const { seqMedicalRelation } = await patientWithSession(stack, token, member);

    await page.goto(`/patientList/details?id=${seqMedicalRelation}`);
    const section = page.getByRole('region', { name: m.title });
    await section.getByText(m.noEntries).waitFor();
    const logForm = section.getByRole('form', { name: m.logTitle });
    const logMinutes = async (minutes: string, note: string, interactive: boolean) => {
      await logForm.getByLabel(m.minutesField, { exact: true }).fill(minutes);
      await logForm.getByLabel(m.activity).selectOption({ label: m.activities.communication });
      await logForm.getByLabel(m.note).fill(note);
      if (interactive) await logForm.getByLabel(m.interactiveField).check();
      await logForm.getByRole('button', { name: m.add }).click();
      await section.getByRole('cell', { name: note }).waitFor();
    };
    await logMinutes('25', 'Video call about the knee', true);
    await logMinutes('7', 'Read the week', false);
    // Total minutes of the month, beside "Yes" for the interactive communication; the month has
    // not ended, so its code is not earned yet.
    const month = section.getByRole('row').filter({ hasText: t.common.yes }).filter({ hasText: m.inProgress });
    await expect
      .poll(() => month.getByRole('cell').allInnerTexts())
      .toEqual(expect.arrayContaining(['1', '32', t.common.yes, m.inProgress]));
    await expectAccessible(page, 'the remote monitoring of a patient');

    await section.getByRole('button', { name: new RegExp(`^${m.remove} 7 `) }).click();
    await section.getByRole('cell', { name: 'Read the week' }).waitFor({ state: 'detached' });
    await expect.poll(() => month.getByRole('cell').allInnerTexts()).toEqual(expect.arrayContaining(['25']));

    await page.getByRole('link', { name: t.menu.patientList, exact: true }).click();
    await page.getByRole('button', { name: m.sheet.button }).click();
    const dialog = page.getByRole('dialog', { name: m.sheet.title });
    const row = dialog.getByRole('row').filter({ hasText: 'Oskar Lind' });
    await row.waitFor();
    await expectAccessible(page, 'the monthly monitoring sheet');

    const csv = await downloadOf(page, () => dialog.getByRole('button', { name: m.sheet.exportCsv }).click());
    expect(csv.name).toMatch(/^MonitoringSheet_\d{6}\.csv$/);
    const lines = (await readFile(csv.path, 'utf8'))
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain(m.sheet.patient);
    const line = lines.find((text) => text.startsWith('"Oskar Lind",'));
    expect(line).toBeDefined();
    const fields = [...line!.matchAll(/"((?:[^"]|"")*)"/g)].map((match) => match[1]!.replaceAll('""', '"'));
    // No consent is on record for this patient: none in force this month, and nothing earned to leave out yet.
    expect(fields.slice(-7)).toEqual(['0', '25', '25', t.common.yes, m.inProgress, c.noneShort, '—']);

    const excel = await downloadOf(page, () => dialog.getByRole('button', { name: m.sheet.exportExcel }).click());
    expect(excel.name).toMatch(/^MonitoringSheet_\d{6}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(excel.path);
    const sheet = workbook.worksheets[0]!;
    const shownMonth = /^MonitoringSheet_(\d{4})(\d{2})\.xlsx$/.exec(excel.name)!.slice(1).join('-');
    expect(sheet.name).toBe(m.sheet.tab.replace('{{month}}', shownMonth));
    expect(sheet.getCell('A1').value).toBe(`${m.sheet.title} ${shownMonth}`);
    const values = sheet
      .getSheetValues()
      .filter(Boolean)
      .map((cells) => (cells as unknown[]).slice(1));
    const patientRow = values.find((cells) => cells[0] === 'Oskar Lind')!;
    expect(patientRow[3]).toBe(1);
    expect(patientRow.slice(-7)).toEqual([0, 25, 25, t.common.yes, m.inProgress, c.noneShort, '—']);
  });

  it('counts the codes of a month only with consent on record, and marks the patient on the sheet without it', async () => {
    const member = await appMember(stack, {
      userEmail: `consent.${Date.now()}@example.com`,
      patientName: 'Vera Holm',
      patientInfoBirth: '1958-09-30',
      patientInfoGender: 'F',
    });
    const { page } = await newClinicianSession(stack);
    const token = await accessTokenOf(page);
    const { seqMedicalRelation } = await patientWithSession(stack, token, member);
    // The month before this one has ended: its management code is earned, with consent.
    const now = new Date();
    const lastMonth = localDay(new Date(now.getFullYear(), now.getMonth() - 1, 1)).slice(0, 7);
    await callApi(
      stack,
      addMonitoringTime,
      {
        seqMedicalRelation,
        date: `${lastMonth}-02`,
        minutes: 25,
        activity: 'communication',
        interactive: true,
        note: 'Call about the exercises',
      },
      token,
    );

    await page.goto(`/patientList/details?id=${seqMedicalRelation}`);
    const consent = page.getByRole('region', { name: c.title });
    await consent.getByText(c.none).waitFor();
    await consent.getByRole('button', { name: c.record }).click();
    const record = page.getByRole('dialog', { name: c.recordTitle });
    const givenOn = record.getByLabel(c.givenOn, { exact: true });
    // A day after today is refused by the server, in words, and nothing is recorded.
    await givenOn.fill(shown(localDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1))));
    await givenOn.blur();
    await record.getByRole('radio', { name: c.methods.written }).check();
    await expectAccessible(page, 'the dialog recording consent');
    await record.getByRole('button', { name: c.save }).click();
    await record.getByText(messages.en['validation.consent_date_future']).waitFor();
    await givenOn.fill(shown(`${lastMonth}-01`));
    await givenOn.blur();
    await record.getByRole('button', { name: c.save }).click();
    await record.waitFor({ state: 'detached' });
    // Recorded today for a day of last month: the day it was recorded is shown beside it.
    const given = {
      date: shown(`${lastMonth}-01`),
      method: c.methods.written,
      name: 'Grace Hopper',
      recordedOn: shown(localDay(now)),
    };
    await consent.getByText(fill(c.inForceRecordedLater, given)).waitFor();

    const sheetRow = async () => {
      await page.goto('/patientList');
      await page.getByRole('button', { name: m.sheet.button }).click();
      const dialog = page.getByRole('dialog', { name: m.sheet.title });
      await dialog.getByLabel(m.month, { exact: true }).selectOption(lastMonth);
      const row = dialog.getByRole('row').filter({ hasText: 'Vera Holm' });
      await row.waitFor();
      return row;
    };
    let row = await sheetRow();
    await expect
      .poll(() => row.getByRole('cell').allInnerTexts())
      .toEqual(['Vera Holm', '0', '0', '25', '25', t.common.yes, '98980', c.full, '—']);

    await page.goto(`/patientList/details?id=${seqMedicalRelation}`);
    await consent.getByRole('button', { name: c.withdraw }).click();
    const withdraw = page.getByRole('dialog', { name: c.withdrawTitle });
    await withdraw.getByText(c.withdrawBody).waitFor();
    await expectAccessible(page, 'the dialog withdrawing consent');
    // Cancel keeps the consent; withdrawing from the day it was given leaves it in force on no day.
    await withdraw.getByRole('button', { name: t.common.cancel }).click();
    await withdraw.waitFor({ state: 'detached' });
    await consent.getByRole('button', { name: c.withdraw }).click();
    const withdrawnOn = withdraw.getByLabel(c.withdrawnOn, { exact: true });
    await withdrawnOn.fill(shown(`${lastMonth}-01`));
    await withdrawnOn.blur();
    await withdraw.getByRole('button', { name: c.confirmWithdraw }).click();
    await withdraw.waitFor({ state: 'detached' });
    await consent.getByText(c.none).waitFor();
    await consent
      .getByRole('listitem')
      .filter({
        hasText: fill(c.historyWithdrawnRecordedLater, {
          ...given,
          withdrawnOn: shown(`${lastMonth}-01`),
          withdrawnBy: 'Grace Hopper',
        }),
      })
      .waitFor();

    await expectAccessible(page, 'the consent history on the dashboard');

    row = await sheetRow();
    await row.getByText(c.noConsentMark).waitFor();
    await expect
      .poll(() => row.getByRole('cell').allInnerTexts())
      .toEqual([expect.stringContaining('Vera Holm'), '0', '0', '25', '25', t.common.yes, '—', c.noneShort, '98980']);
    await expectAccessible(page, 'the monthly monitoring sheet with a patient without consent');
  });
});
