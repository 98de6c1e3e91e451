import {
  addPatientNoAuth,
  getMyPatients,
  getPatientRecordsByRange,
  getReport,
  listReports,
  messages,
  recordRangePageMax,
  updateManagerInfo,
} from '@clinic/contract';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, startStack, type Stack } from './harness.ts';
import { acceptCookies, accessTokenOf, callApi, logIn, newClinicianSession, ui } from './steps.ts';

const t = ui.en;
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

/** The clinic the demo clinician names on My page, and where it moves after the report is kept. */
const clinic = { name: `Harbour Rehabilitation ${Date.now()}`, address: '12 Pier Road\nKowloon, Hong Kong' };
const movedClinic = 'Quayside Physiotherapy';

/** The images of the printed report when the page called window.print(), recorded by a stand-in. */
declare global {
  interface Window {
    printedImages?: { loaded: boolean }[];
  }
}

const pad = (value: number): string => String(value).padStart(2, '0');
const iso = (date: Date): string => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const us = (date: Date): string => `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;

/** Node 20 lacks Promise.withResolvers, which PDF.js uses. */
/**
 * The text of every page of a PDF, read with pdf2json (pure JavaScript), without white space:
 * the reader splits runs of glyphs where the PDF positions them, not where the words end.
 */
const compact = (value: string): string => value.replace(/\s+/g, '');

async function pdfText(bytes: Buffer): Promise<string[]> {
  const { default: PDFParser } = await import('pdf2json');
  const parser = new PDFParser(null, true);
  const text = await new Promise<string>((resolve, reject) => {
    parser.on('pdfParser_dataError', (error) =>
      reject(error instanceof Error ? error : new Error('the PDF could not be read')),
    );
    parser.on('pdfParser_dataReady', () => resolve(parser.getRawTextContent()));
    parser.parseBuffer(bytes, 0);
  });
  // Pages are separated by a line of dashes naming the page break.
  return text
    .split(/-+Page \(\d+\) Break-+/)
    .map(compact)
    .filter((page) => page.length > 0);
}

/** A promise that the test settles with open(): routed requests that await it are held until then. */
function gate(): { passed: Promise<void>; open: () => void } {
  let open = (): void => undefined;
  const passed = new Promise<void>((resolve) => (open = resolve));
  return { passed, open };
}

async function downloadOf(page: Page, click: () => Promise<void>): Promise<{ name: string; path: string }> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), path };
}

describe('reports, end to end', () => {
  it('builds a report for a demo patient, saves it, prints it to PDF and exports it to Excel', async () => {
    const context = await stack.newContext();
    const page = await context.newPage();
    await page.goto('/login');
    await acceptCookies(page);
    await logIn(page, 'demo@clinic.localhost', 'Demo-clinic-2026');
    await page.getByText(t.home.welcomeNamed.replace('{{name}}', 'Dana Demo')).waitFor();
    const token = await accessTokenOf(page);
    const { patientList } = await callApi(stack, getMyPatients, {}, token);
    const members = patientList.filter((patient) => patient.isAppMember && patient.isEnabled);
    const patient = members.find((one) => one.patientName === 'Min-jun Chan') ?? members[0];
    if (!patient) throw new Error('the demo has no app member');

    // The clinic, on My page: printed at the head of the report.
    await page.goto('/options');
    const profile = page.getByRole('form', { name: t.profile.formTitle });
    await profile.getByLabel(t.profile.clinicName, { exact: true }).fill(clinic.name);
    await profile.getByLabel(t.profile.clinicAddress, { exact: true }).fill(clinic.address);
    await profile.getByRole('button', { name: t.profile.save, exact: true }).click();
    await page.getByText(t.profile.saved).waitFor();

    // The period: the 60 days up to today.
    const end = new Date();
    const start = new Date(end.getFullYear(), end.getMonth(), end.getDate() - 59);
    await page.goto(`/patientList/details/report?id=${patient.seqMedicalRelation}`);
    await page.getByRole('heading', { name: patient.patientName, level: 2 }).waitFor();
    await page.getByRole('tab', { name: t.patientDetails.tabs.report, exact: true }).waitFor();
    const builder = page.getByRole('region', { name: t.report.builder });
    await builder.getByLabel(t.report.from, { exact: true }).fill(us(start));
    await builder.getByLabel(t.report.from, { exact: true }).press('Tab');

    // At least one parameter: clearing them all is refused with a translated message.
    await builder.getByLabel(t.report.parameterNames.maxAngle, { exact: true }).uncheck();
    await builder.getByLabel(t.report.parameterNames.minAngle, { exact: true }).uncheck();
    await builder.getByText(messages.en['validation.report_parameter_required']).waitFor();
    await builder.getByLabel(t.report.parameterNames.maxAngle, { exact: true }).check();
    await builder.getByLabel(t.report.parameterNames.sessions, { exact: true }).check();
    expect(await builder.getByText(messages.en['validation.report_parameter_required']).count()).toBe(0);

    const opinion = `Steady progress in the range of motion ${Date.now()}`;
    await builder.getByLabel(t.report.expertOpinion, { exact: true }).fill(opinion);
    // The demo member answered LEFS every two weeks: 28 ten weeks ago, the baseline, then 33 to 58.
    await builder.getByLabel(t.report.outcomes.include, { exact: true }).check();
    const lefsTitle = 'Lower Extremity Functional Scale';
    const scores = page.getByRole('table', { name: t.questionnaires.scores.listOf.replace('{{title}}', lefsTitle) });
    await scores.first().getByRole('cell', { name: '58', exact: true }).waitFor();
    await expectAccessible(page, 'a report with its questionnaire scores');
    await page
      .getByRole('figure', { name: new RegExp(`^${t.report.parameterNames.maxAngle} chart over \\d+ days`) })
      .first()
      .waitFor();
    await page.getByRole('button', { name: t.report.save, exact: true }).click();
    await page.getByText(t.report.savedNotice).waitFor();

    // The kept report is in the list; it opens as it was saved.
    const period = `${us(start)} – ${us(end)}`;
    const list = page.getByRole('region', { name: t.report.savedList.title });
    await list.getByRole('cell', { name: period }).first().waitFor();
    const { reportList } = await callApi(stack, listReports, { seqMedicalRelation: patient.seqMedicalRelation }, token);
    expect(reportList).toHaveLength(1);
    expect(reportList[0]).toMatchObject({ startDate: iso(start), endDate: iso(end) });
    const { report } = await callApi(stack, getReport, { seqReport: reportList[0]!.seqReport }, token);
    expect(report.expertOpinion).toBe(opinion);
    expect(report.romDays.length).toBeGreaterThan(0);
    const lefsScores = report.data.outcomes?.[0]?.responses.map((response) => response.score);
    expect(lefsScores).toEqual([33, 41, 50, 58]);

    // The clinic moves after the report was kept; the kept report still names the clinic it was saved with.
    await callApi(
      stack,
      updateManagerInfo,
      { firstName: 'Dana', lastName: 'Demo', managerClinicName: movedClinic },
      token,
    );

    // Print waits for the signature and the charts: on a fresh load the signature comes late.
    await page.addInitScript(() => {
      window.print = () => {
        window.printedImages = Array.from(
          document.querySelectorAll<HTMLImageElement>('[data-testid="report-print"] img'),
          (image) => ({ loaded: image.complete && image.naturalWidth > 0 }),
        );
      };
    });
    // The stored images are held back until Print has been pressed.
    const pressed = gate();
    await page.route('**/api/storage/file/**', async (route) => {
      await pressed.passed;
      await route.continue();
    });
    await page.reload();
    await list.getByRole('button', { name: t.report.savedList.openLabel.replace('{{period}}', period) }).click();
    await page.getByRole('button', { name: t.report.savedList.close }).waitFor();
    await page.getByTestId('expert-opinion').first().getByText(opinion).waitFor();
    expect(await page.getByRole('textbox', { name: t.report.expertOpinion }).count()).toBe(0);
    await page.getByRole('button', { name: t.report.print.button, exact: true }).click();
    pressed.open();
    const printedImages = await page.waitForFunction(() => window.printedImages, undefined, { timeout: 20_000 });
    // The e-signature and the two charts, each loaded when the print dialog would open.
    expect(await printedImages.jsonValue()).toEqual([{ loaded: true }, { loaded: true }, { loaded: true }]);
    await page.unroute('**/api/storage/file/**');

    // Print: an A4 PDF with the header, the period, the opinion, the charts and page numbers, without the app.
    await page.emulateMedia({ media: 'print' });
    const printed = page.getByTestId('report-print');
    await printed.locator('.report-chart img').first().waitFor();
    expect(await printed.locator('.report-chart img').count()).toBe(2);
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    await page.emulateMedia({ media: 'screen' });
    const pages = await pdfText(pdf);
    const text = pages.join('\n');
    expect(text).toContain(compact(patient.patientName));
    expect(text).toContain(compact(period));
    expect(text).toContain(compact(opinion));
    expect(text).toContain(compact(clinic.name));
    // The reader gives the address lines in either order.
    for (const line of clinic.address.split('\n')) expect(text).toContain(compact(line));
    expect(text).not.toContain(compact(movedClinic));
    expect(text).toContain('DanaDemo');
    // The questionnaire scores: the latest, its change from the baseline of 28, beyond the MCID.
    expect(text).toContain(compact(lefsTitle));
    expect(text).toContain(compact(t.questionnaires.scores.baseline.replace('{{score}}', '28').split(' on ')[0]!));
    expect(text).toContain('+30');
    // Each score beyond it is marked, on a badge (in capitals).
    expect(text).toContain(compact(`58+30${t.questionnaires.scores.improved.toUpperCase()}`));
    expect(pages[0]).toContain(compact(`${t.report.print.page} 1 / ${pages.length}`));
    expect(text).not.toContain(compact(t.report.savedList.title));
    expect(text).not.toContain(compact(t.report.save));

    // Excel: sheet names, the patient, and a day's max angle as a number beside its date.
    const file = await downloadOf(page, () => page.getByRole('button', { name: t.report.exportExcel }).click());
    expect(file.name).toMatch(/^Report_[\p{L}\p{N}_]+\.xlsx$/u);
    expect(file.name).toContain(patient.patientName.replace(/[^\p{L}\p{N}]/gu, ''));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file.path);
    const sheets = workbook.worksheets.map((sheet) => sheet.name);
    expect(sheets).toEqual([
      t.report.excel.sheets.summary,
      t.report.excel.sheets.rom,
      t.report.excel.sheets.conditions,
      t.report.excel.sheets.adherence,
      t.report.excel.sheets.deviceDays,
      t.questionnaires.scores.title,
    ]);
    const summary = workbook.getWorksheet(t.report.excel.sheets.summary);
    const values: unknown[] = [];
    summary?.eachRow((row) => values.push(row.getCell(2).value));
    expect(values).toContain(patient.patientName);
    expect(values).toContain(opinion);
    expect(values).toContain(clinic.name);

    // Conditions: the first and the latest side by side, under translated labels.
    const conditions = workbook.getWorksheet(t.report.excel.sheets.conditions);
    const rows = new Map<unknown, unknown[]>();
    conditions?.eachRow((row) => rows.set(row.getCell(1).value, [row.getCell(2).value, row.getCell(3).value]));
    expect(rows.get(t.report.excel.columns.item)).toEqual([t.report.conditions.first, t.report.conditions.latest]);
    // Every demo patient has a first and a later assessment, each with its diagnosis.
    const { initStatus, lastStatus } = report.data;
    if (!initStatus?.primaryDiagnosis || !lastStatus?.primaryDiagnosis) throw new Error('no demo assessments');
    expect(rows.get(t.report.excel.columns.recorded)?.every((value) => value instanceof Date)).toBe(true);
    expect(rows.get(t.condition.fields.primaryDiagnosis)).toEqual([
      initStatus.primaryDiagnosis,
      lastStatus.primaryDiagnosis,
    ]);
    const rom = workbook.getWorksheet(t.report.excel.sheets.rom);
    expect(rom?.getRow(1).getCell(2).value).toBe(t.report.excel.columns.maxAngle);
    const day = report.romDays[report.romDays.length - 1];
    if (!day) throw new Error('no ROM day');
    let found = false;
    rom?.eachRow((row, number) => {
      if (number === 1) return;
      const date = row.getCell(1).value;
      expect(date).toBeInstanceOf(Date);
      if (date instanceof Date && date.toISOString().slice(0, 10) === day.date.slice(0, 10)) {
        expect(row.getCell(2).value).toBe(day.maxAngle);
        expect(row.getCell(3).value).toBe(day.sessions);
        found = true;
      }
    });
    expect(found).toBe(true);
    // The questionnaire scores: one row per response, the score and its change as numbers.
    const outcomeRows: unknown[][] = [];
    workbook.getWorksheet(t.questionnaires.scores.title)?.eachRow((row, number) => {
      if (number > 1) outcomeRows.push([2, 3, 4, 5].map((cell) => row.getCell(cell).value));
    });
    expect(outcomeRows).toHaveLength(4);
    expect(outcomeRows.at(-1)?.[0]).toBeInstanceOf(Date);
    expect(outcomeRows.at(-1)?.slice(1)).toEqual([58, 30, t.common.yes]);
    await context.close();
  });

  it('exports every record of the listed patients behind a progress overlay that holds the keyboard', async () => {
    const context = await stack.newContext();
    const page = await context.newPage();
    await page.goto('/login');
    await acceptCookies(page);
    await logIn(page, 'demo@clinic.localhost', 'Demo-clinic-2026');
    await page.getByText(t.home.welcomeNamed.replace('{{name}}', 'Dana Demo')).waitFor();
    const token = await accessTokenOf(page);
    await page.goto('/patientList');
    await page.getByLabel(t.patients.list.search).fill('Chan');
    const shown = page.getByRole('status').filter({ hasText: /of/ });
    await shown.first().waitFor();
    // The records are held back, so the overlay stays while the keyboard tries to leave it.
    const tried = gate();
    await page.route(`**/api${getPatientRecordsByRange.path}`, async (route) => {
      await tried.passed;
      await route.continue();
    });
    const exportButton = page.getByRole('button', { name: t.report.exportList.button });
    const file = await downloadOf(page, async () => {
      await exportButton.click();
      const overlay = page.getByRole('alertdialog', { name: t.report.exportList.progress });
      const count = overlay.getByRole('status');
      await count.getByText(/^\d+ \/ \d+$/).waitFor();
      expect(await count.getAttribute('aria-live')).toBe('polite');
      expect(await overlay.getAttribute('aria-describedby')).toBe(await count.getAttribute('id'));
      expect(await overlay.getAttribute('aria-modal')).toBe('true');
      expect(await page.locator('#root').getAttribute('inert')).toBe('');
      expect(await page.locator('#root').getAttribute('aria-busy')).toBe('true');
      for (let press = 0; press < 4; press++) {
        await page.keyboard.press(press % 2 ? 'Shift+Tab' : 'Tab');
        expect(await overlay.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
      }
      tried.open();
    });
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    expect(await page.locator('#root').getAttribute('inert')).toBeNull();
    await expect.poll(() => exportButton.evaluate((button) => button === document.activeElement)).toBe(true);

    expect(file.name).toMatch(/^ExerciseRecords_\d{8}_\d{8}\.xlsx$|^ExerciseRecords_[\p{L}\p{N}_]+\.xlsx$/u);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file.path);
    expect(workbook.worksheets.length).toBeGreaterThan(0);
    // Every record of the last 365 days, on however many pages the server holds them.
    const { patientList } = await callApi(stack, getMyPatients, {}, token);
    const end = new Date();
    const start = new Date(end.getFullYear(), end.getMonth(), end.getDate() - 364);
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const totals: number[] = [];
    for (const sheet of workbook.worksheets) {
      expect(sheet.name.length).toBeLessThanOrEqual(30);
      const patient = patientList.find((one) => one.patientName === sheet.name);
      if (!patient) throw new Error(`no patient named ${sheet.name}`);
      const { totalCount } = await callApi(
        stack,
        getPatientRecordsByRange,
        { seqMedicalRelation: patient.seqMedicalRelation, startDate: iso(start), endDate: iso(end), size: 1 },
        token,
        timeZone,
      );
      expect(sheet.actualRowCount - 1).toBe(totalCount);
      totals.push(totalCount);
    }
    // The demo's year of twice-daily sessions fills more than one page of a patient's records.
    expect(Math.max(...totals)).toBeGreaterThan(recordRangePageMax);
    await context.close();
  });

  it('disables the output of a period with nothing to report, and of a report without parameters, saying why', async () => {
    const { page } = await newClinicianSession(stack);
    const token = await accessTokenOf(page);
    const { seqMedicalRelation } = await callApi(
      stack,
      addPatientNoAuth,
      {
        patientName: 'Quiet Period',
        patientInfoBirth: '1970-05-20',
        patientInfoGender: 'F',
        heightCm: 165,
        weightKg: 60,
        deviceType: 1,
      },
      token,
    );
    await page.goto(`/patientList/details/report?id=${seqMedicalRelation}`);
    const builder = page.getByRole('region', { name: t.report.builder });
    await builder.waitFor();
    const reason = page.getByTestId('output-blocked');
    await reason.getByText(t.report.nothingToReport, { exact: true }).waitFor();
    const reasonId = await reason.getAttribute('id');
    for (const name of [t.report.save, t.report.print.button, t.report.exportExcel]) {
      const button = page.getByRole('button', { name, exact: true });
      expect(await button.isDisabled()).toBe(true);
      expect(await button.getAttribute('aria-describedby')).toBe(reasonId);
    }
    await builder.getByLabel(t.report.parameterNames.maxAngle, { exact: true }).uncheck();
    await builder.getByLabel(t.report.parameterNames.minAngle, { exact: true }).uncheck();
    await reason.getByText(messages.en['validation.report_parameter_required'], { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: t.report.save, exact: true }).isDisabled()).toBe(true);

    // A period over 366 days is refused in the form with the contract's message, before any request.
    const today = new Date();
    const yearAgo = new Date(today.getFullYear() - 1, today.getMonth(), today.getDate() - 1);
    await builder.getByLabel(t.report.from, { exact: true }).fill(us(yearAgo));
    await builder.getByLabel(t.report.from, { exact: true }).press('Tab');
    await builder.getByText(messages.en['validation.report_period_too_long'], { exact: true }).waitFor();
    await page.context().close();
  });
});
