import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, startStack, type Stack } from './harness.ts';
import { accessTokenOf, appMember, newClinicianSession, patientWithSession, ui } from './steps.ts';

const t = ui.en;
const m = t.monitoringBilling;
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
    expect(fields.slice(-5)).toEqual(['0', '25', '25', t.common.yes, m.inProgress]);

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
    expect(patientRow.slice(-5)).toEqual([0, 25, 25, t.common.yes, m.inProgress]);
  });
});
