import compress from '@fastify/compress';
import type { Page } from 'playwright-core';
import type { Stack } from '../e2e/harness.ts';
import en from '../apps/web/src/locales/en/translation.json';
import type { Benchmark } from './result.ts';
import { benchApp, insertPatients, listRows } from './setup.ts';
import { bareSite, benchClinician, loggedInContext, percentile, productStack, type StaticSite } from './web.ts';

declare global {
  interface Window {
    /** Milliseconds from the next click until the list's first row is on screen. */
    benchOpened?: Promise<number>;
    /** The time between animation frames while recording. */
    benchFrames?: { deltas: number[]; running: boolean };
  }
}

/** How fast the list is scrolled: a wheel turn of this many pixels at this interval. */
const wheelPixels = 1200;
const wheelIntervalMs = 50;

/** The scrolling region of the list of that label. */
const regionSelector = (label: string): string => `[role="region"][aria-label=${JSON.stringify(label)}]`;

/** Starts a clock at the next click that stops on the frame after the list's first row appears. */
async function armOpeningClock(page: Page, label: string): Promise<void> {
  await page.evaluate(
    (firstRow) => {
      window.benchOpened = new Promise((resolve) => {
        let clicked: number | undefined;
        document.addEventListener('click', () => (clicked = performance.now()), { capture: true, once: true });
        const observer = new MutationObserver(() => {
          if (clicked === undefined || !document.querySelector(firstRow)) return;
          observer.disconnect();
          const start = clicked;
          // The second frame callback runs after the frame with the row was drawn.
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - start)));
        });
        observer.observe(document.body, { childList: true, subtree: true });
      });
    },
    `${regionSelector(label)} tr[aria-rowindex="2"]`,
  );
}

// In-page loops as source text: tsx would wrap a named function in a helper the page lacks.
/** Records the time between animation frames in window.benchFrames until told to stop. */
const recordFrames = `
  const recorder = { deltas: [], running: true };
  requestAnimationFrame(function first(start) {
    let last = start;
    requestAnimationFrame(function frame(now) {
      recorder.deltas.push(now - last);
      last = now;
      if (recorder.running) requestAnimationFrame(frame);
    });
  });
  window.benchFrames = recorder;
`;

/** Resolves once the element the selector finds is scrolled to its end. */
const untilScrolledDown = (selector: string): string => `
  new Promise((resolve) => {
    const element = document.querySelector(${JSON.stringify(selector)});
    requestAnimationFrame(function atBottom() {
      if (element.scrollTop + element.clientHeight >= element.scrollHeight - 1) resolve();
      else requestAnimationFrame(atBottom);
    });
  })
`;

/** Scrolls a region from top to bottom with the mouse wheel at a fixed pace; the p95 frame time meanwhile. */
async function scrollFrameP95(page: Page, label: string): Promise<number> {
  const selector = regionSelector(label);
  const region = page.locator(selector);
  const box = await region.boundingBox();
  if (!box) throw new Error('the list is not on screen');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const distance = await region.evaluate((element) => element.scrollHeight - element.clientHeight);
  await page.evaluate(recordFrames);
  const started = Date.now();
  for (let turn = 1; turn <= Math.ceil(distance / wheelPixels); turn++) {
    await page.mouse.wheel(0, wheelPixels);
    const next = started + turn * wheelIntervalMs;
    if (next > Date.now()) await new Promise((resolve) => setTimeout(resolve, next - Date.now()));
  }
  await page.evaluate(untilScrolledDown(selector));
  const deltas = await page.evaluate(() => {
    if (window.benchFrames) window.benchFrames.running = false;
    return window.benchFrames?.deltas ?? [];
  });
  if (deltas.length === 0) throw new Error('no frames while scrolling');
  return percentile(deltas, 0.95);
}

interface Round {
  openMs: number;
  frameP95: number;
}

/** Home to the patient list by the menu, in a fresh profile of a logged-in clinician, then scrolled through. */
async function productRound(stack: Stack): Promise<Round> {
  const context = await loggedInContext(stack.browser, stack.url, benchClinician);
  try {
    const page = await context.newPage();
    await page.goto('/');
    const link = page.getByRole('navigation').getByRole('link', { name: en.menu.patientList });
    await link.waitFor();
    await armOpeningClock(page, en.patients.list.scrollArea);
    await link.click();
    const openMs = await page.evaluate(() => window.benchOpened);
    if (openMs === undefined) throw new Error('the opening clock was not set');
    const frameP95 = await scrollFrameP95(page, en.patients.list.scrollArea);
    return { openMs: Math.round(openMs), frameP95: Math.round(frameP95 * 10) / 10 };
  } finally {
    await context.close();
  }
}

/**
 * A bare Fastify route answering the rows of a clinician with that many patients, read by the same
 * SQL as the server benchmark's bare route, compressed as the product compresses its replies.
 */
async function bareRowsServer(patients: number): Promise<{ url: string; close(): Promise<void> }> {
  const bench = await benchApp('web_list', { label: 'PGlite' });
  try {
    const { app, bare, seqManager } = bench;
    await insertPatients(app, seqManager, patients);
    await bare.register(compress, { encodings: ['br', 'gzip'] });
    // Read by the bare page of another origin: a simple GET, allowed to any origin.
    bare.get('/rows', async (_request, reply) => {
      void reply.header('access-control-allow-origin', '*');
      return { rows: await listRows(app, seqManager) };
    });
    const url = await bare.listen({ port: 0, host: '127.0.0.1' });
    return { url: `${url}/rows`, close: () => bench.close() };
  } catch (error) {
    await bench.close();
    throw error;
  }
}

/** The bare page: a button that fetches the rows from the bare route and shows them in a virtualised table. */
async function bareRound(stack: Stack, bare: StaticSite, rowsUrl: string): Promise<Round> {
  const context = await stack.browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(`${bare.url}/list.html?rows=${encodeURIComponent(rowsUrl)}`);
    const button = page.getByRole('button', { name: 'Patients' });
    await button.waitFor();
    await armOpeningClock(page, 'Rows');
    await button.click();
    const openMs = await page.evaluate(() => window.benchOpened);
    if (openMs === undefined) throw new Error('the opening clock was not set');
    const frameP95 = await scrollFrameP95(page, 'Rows');
    return { openMs: Math.round(openMs), frameP95: Math.round(frameP95 * 10) / 10 };
  } finally {
    await context.close();
  }
}

/**
 * The patient list of a clinician with 10,000 patients in Chromium on the built app: from home to
 * the list's first rows on screen, and the p95 frame time while it is scrolled top to bottom with
 * the mouse wheel; beside a bare page fetching the same rows' JSON from a bare Fastify route on
 * the same data and showing them with @tanstack/react-virtual.
 */
export const webPatientList: Benchmark = {
  name: 'web-patient-list',
  async run({ rounds, smoke }) {
    const patients = smoke ? 200 : 10_000;
    const stack = await productStack({ patients });
    const bare = await bareSite();
    const rows = await bareRowsServer(patients);
    try {
      // A first round of each, not counted, warms the servers.
      await productRound(stack);
      await bareRound(stack, bare, rows.url);
      const product: Round[] = [];
      const baseline: Round[] = [];
      for (let round = 0; round < (smoke ? 1 : rounds); round++) {
        product.push(await productRound(stack));
        baseline.push(await bareRound(stack, bare, rows.url));
      }
      const label = `${patients.toLocaleString('en')} patients`;
      return [
        {
          name: `patient list, ${label}: navigation from home to the first rows on screen`,
          unit: 'ms',
          product: product.map((one) => one.openMs),
          baseline: baseline.map((one) => one.openMs),
          better: 'lower',
          budget: { ratio: 1.5 },
        },
        {
          name: `patient list, ${label}: p95 frame time scrolling top to bottom`,
          unit: 'ms',
          product: product.map((one) => one.frameP95),
          baseline: baseline.map((one) => one.frameP95),
          better: 'lower',
          budget: { ratio: 1.2 },
        },
      ];
    } finally {
      await rows.close();
      await bare.close();
      await stack.close();
    }
  },
};
