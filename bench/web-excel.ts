import { getPatientRecordsByRange, recordRangePageMax } from '@clinic/contract';
import type { Page } from 'playwright-core';
import en from '../apps/web/src/locales/en/translation.json';
import type { Benchmark } from './result.ts';
import { loggedInContext, productStack } from './web.ts';

/** The demo patient with a year of twice-daily sessions. */
const demoPatient = 'Min-jun Chan';

const pad = (value: number): string => String(value).padStart(2, '0');
const iso = (date: Date): string => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const us = (date: Date): string => `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;

/**
 * The baseline, run in the page as source text (tsx would wrap its functions in a helper the page
 * lacks): the same pages of the same records read from the same endpoint, made into a CSV of every
 * field and handed to the browser's download.
 */
const csvExport = (range: { seqMedicalRelation: number; startDate: string; endDate: string }): string => `
  (async () => {
    const range = ${JSON.stringify(range)};
    const headers = {
      'content-type': 'application/json',
      authorization: 'Bearer ' + localStorage.getItem('accessToken'),
      'x-time-zone': Intl.DateTimeFormat().resolvedOptions().timeZone,
    };
    const rows = [];
    let total = 1;
    for (let page = 1; (page - 1) * ${recordRangePageMax} < total; page++) {
      const response = await fetch(${JSON.stringify(`/api${getPatientRecordsByRange.path}`)}, {
        method: 'POST',
        headers,
        body: JSON.stringify({ ...range, page, size: ${recordRangePageMax} }),
      });
      const reply = await response.json();
      total = reply.totalCount;
      rows.push(...reply.recordList);
    }
    const columns = Object.keys(rows[0] ?? {});
    const field = (value) => {
      const text = value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
      return /[",\\r\\n]/.test(text) ? '"' + text.replaceAll('"', '""') + '"' : text;
    };
    const lines = [columns.join(','), ...rows.map((row) => columns.map((column) => field(row[column])).join(','))];
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([lines.join('\\r\\n')], { type: 'text/csv' }));
    link.download = 'records.csv';
    document.body.append(link);
    link.click();
    link.remove();
    return rows.length;
  })()
`;

/** Resolves once no API request has been in flight for a while: the report screen has settled. */
async function settled(page: Page, inFlight: () => number): Promise<void> {
  let quietSince = Date.now();
  while (Date.now() - quietSince < 500) {
    if (inFlight() > 0) quietSince = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
}

/** Milliseconds from the start of an action to the browser's download of its file, and the file's name. */
async function timedDownload(page: Page, action: () => Promise<unknown>): Promise<{ ms: number; name: string }> {
  const started = performance.now();
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 300_000 }), action()]);
  const ms = performance.now() - started;
  return { ms: Math.round(ms), name: download.suggestedFilename() };
}

/**
 * The report tab's export of a patient's exercise records of a year to Excel, in Chromium on the
 * built app with the demo data, each round in a fresh profile (so the Excel library is loaded as on
 * a first export); beside a CSV of the same records made in the same page.
 */
export const webExcel: Benchmark = {
  name: 'web-excel',
  async run({ rounds, smoke }) {
    const stack = await productStack({ demo: true });
    try {
      const end = new Date();
      // Smoke: the report's default month instead of a year.
      const start = new Date(end.getFullYear(), end.getMonth(), end.getDate() - (smoke ? 29 : 364));
      const product: number[] = [];
      const baseline: number[] = [];
      for (let round = 0; round < (smoke ? 1 : rounds); round++) {
        const context = await loggedInContext(stack.browser, stack.url);
        const page = await context.newPage();
        let inFlight = 0;
        page.on('request', (request) => void (request.url().includes('/api/') && inFlight++));
        const done = (request: { url(): string }): void => void (request.url().includes('/api/') && inFlight--);
        page.on('requestfinished', done);
        page.on('requestfailed', done);

        await page.goto('/patientList');
        await page.getByLabel(en.patients.list.search).fill(demoPatient);
        await page.getByRole('link', { name: demoPatient }).first().click();
        await page.getByRole('heading', { name: demoPatient, level: 2 }).waitFor();
        await page.getByRole('tab', { name: en.patientDetails.tabs.report, exact: true }).click();
        const builder = page.getByRole('region', { name: en.report.builder });
        await builder.getByLabel(en.report.from, { exact: true }).fill(us(start));
        await builder.getByLabel(en.report.from, { exact: true }).press('Tab');
        const exportRecords = page.getByRole('button', { name: en.report.exportRecords, exact: true });
        await exportRecords.waitFor();
        await settled(page, () => inFlight);
        const seqMedicalRelation = Number(new URL(page.url()).searchParams.get('id'));

        const excel = await timedDownload(page, () => exportRecords.click());
        if (!excel.name.includes(iso(start).replaceAll('-', ''))) throw new Error(`exported ${excel.name}`);
        product.push(excel.ms);
        await settled(page, () => inFlight);
        let records = 0;
        const csv = await timedDownload(page, async () => {
          records = await page.evaluate<number>(
            csvExport({ seqMedicalRelation, startDate: iso(start), endDate: iso(end) }),
          );
        });
        if (records === 0) throw new Error(`${demoPatient} has no records to export`);
        baseline.push(csv.ms);
        await context.close();
      }
      return [
        {
          name: `Excel export of a patient's exercise records of ${smoke ? 'a month' : 'a year'}`,
          unit: 'ms',
          product,
          baseline,
          better: 'lower',
          budget: { ratio: 4 },
        },
      ];
    } finally {
      await stack.close();
    }
  },
};
