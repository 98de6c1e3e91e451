import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { chromiumArgs } from '../e2e/harness.ts';
import type { Stack } from '../e2e/harness.ts';
import type { Benchmark, BenchResult } from './result.ts';
import type { RoundOptions } from './rounds.ts';
import { bareSite, consentCookie, loggedInStorage, productStack } from './web.ts';

/** Lighthouse's own failure, after which it asks to be run again (e.g. NO_NAVSTART: the trace missed the load). */
class LighthouseRuntimeError extends Error {}

/** What a signed-in page must have done for its score to count: read this API path (2xx), so the session held. */
export interface SignedInCheck {
  reads: string;
}

/** What Lighthouse measured of one page load: its performance score and its total blocking time. */
export interface PageLoad {
  score: number;
  blockingMs: number;
}

/**
 * Lighthouse's mobile performance score (its default: a mid-range phone on a slow 4G network,
 * throttling simulated, so nothing depends on this machine's network) and total blocking time of
 * one page load in a fresh Debian Chromium; with `storage`, the origin's local storage is filled
 * first, as after a login.
 */
async function lighthouseRun(url: string, storage?: Record<string, string>, check?: SignedInCheck): Promise<PageLoad> {
  const profile = await mkdtemp(join(tmpdir(), 'clinic-lighthouse-'));
  const browser = spawn('/usr/bin/chromium', [
    ...chromiumArgs,
    '--remote-debugging-port=0',
    `--user-data-dir=${profile}`,
    'about:blank',
  ]);
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let output = '';
      browser.stderr.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const listening = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
        if (listening) resolve(Number(listening[1]));
      });
      browser.once('exit', () => reject(new Error(`Chromium exited:\n${output}`)));
    });
    if (storage) {
      const origin = new URL(url).origin;
      const connection = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
      const context = connection.contexts()[0]!;
      await context.addCookies([consentCookie(origin)]);
      const page = await context.newPage();
      // A page of the origin that loads none of the app, so its cache stays cold.
      await page.goto(`${origin}/api/readyz`);
      await page.evaluate((items) => {
        for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
      }, storage);
      await page.close();
      await connection.close();
    }
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // Keeps the session just stored; the cache is cold all the same.
      disableStorageReset: storage !== undefined,
    });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    const { lhr } = result;
    const score = lhr.categories.performance?.score;
    if (typeof score !== 'number') throw new LighthouseRuntimeError(`${url}: ${lhr.runtimeError?.message ?? ''}`);
    // A session that did not hold would have scored the login screen instead.
    if (check) {
      const requests = (lhr.audits['network-requests']?.details as { items?: { url: string; statusCode: number }[] })
        ?.items;
      const read = requests?.some(
        (request) => new URL(request.url).pathname === `/api${check.reads}` && request.statusCode < 300,
      );
      if (!read) throw new Error(`${url} did not read ${check.reads}`);
    } else {
      const shown = new URL(lhr.finalDisplayedUrl).pathname;
      if (shown !== new URL(url).pathname) throw new Error(`${url} showed ${shown}`);
    }
    return { score: Math.round(score * 100), blockingMs: lhr.audits['total-blocking-time']?.numericValue ?? 0 };
  } finally {
    const exited = new Promise((resolve) => browser.once('exit', resolve));
    if (browser.kill()) await exited;
    // Chromium's helper processes may still be writing the profile as the browser exits.
    await rm(profile, { recursive: true, force: true, maxRetries: 5 });
  }
}

/**
 * A page's load, run again (up to three times) when Lighthouse failed to trace it; `login` first,
 * if given, and `check` to know the page was signed in where its address cannot tell.
 */
export async function pageLoad(
  url: string,
  login?: () => Promise<Record<string, string>>,
  check?: SignedInCheck,
): Promise<PageLoad> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseRun(url, login && (await login()), check);
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || attempt === 3) throw error;
    }
  }
}

/** A page whose Lighthouse score is measured, with its login and its check (pageLoad). */
export interface ScoredPage {
  name: string;
  url: string;
  login?: () => Promise<Record<string, string>>;
  check?: SignedInCheck;
}

/**
 * Budgets against the bare page measured in the same rounds, so that they mean the same on a quiet
 * machine and a busy one: the score at least 0.97 of the bare page's, the blocking time at most 1.5
 * times its.
 */
const lighthouseBudgets = { score: 0.97, blocking: 1.5 };

/**
 * Each page's score and blocking time in alternating rounds with the bare login page's (its
 * baseline, measured right after it); closes the stack.
 */
export async function scoreResults(
  { rounds, smoke }: RoundOptions,
  stack: Stack,
  pages: readonly ScoredPage[],
): Promise<BenchResult[]> {
  try {
    const bare = await bareSite();
    try {
      const product = pages.map((): PageLoad[] => []);
      const baseline = pages.map((): PageLoad[] => []);
      for (let round = 0; round < (smoke ? 1 : rounds); round++) {
        for (const [index, page] of pages.entries()) {
          product[index]!.push(await pageLoad(page.url, page.login, page.check));
          // A smoke run measures the bare page once, for every page.
          baseline[index]!.push(smoke && index > 0 ? baseline[0]![0]! : await pageLoad(`${bare.url}/`));
        }
      }
      return pages.flatMap((page, index): BenchResult[] => [
        {
          name: `${page.name}: score`,
          unit: 'score',
          product: product[index]!.map((load) => load.score),
          baseline: baseline[index]!.map((load) => load.score),
          better: 'higher',
          budget: { ratio: lighthouseBudgets.score },
        },
        {
          name: `${page.name}: total blocking time`,
          unit: 'ms',
          product: product[index]!.map((load) => load.blockingMs),
          baseline: baseline[index]!.map((load) => load.blockingMs),
          better: 'lower',
          budget: { ratio: lighthouseBudgets.blocking },
        },
      ]);
    } finally {
      await bare.close();
    }
  } finally {
    await stack.close();
  }
}

/**
 * Lighthouse 12's mobile performance score of /login and of home after login, on the built app
 * served by the real server, each beside a bare Vite + React + Mantine login page served with brotli.
 */
export const webLighthouse: Benchmark = {
  name: 'lighthouse',
  async run(options) {
    const stack = await productStack({ demo: true });
    return scoreResults(options, stack, [
      { name: 'Lighthouse mobile performance at /login', url: `${stack.url}/login` },
      {
        name: 'Lighthouse mobile performance at home, after login',
        url: `${stack.url}/`,
        // A fresh login each round: the session must still be valid when the page loads.
        login: () => loggedInStorage(stack.url),
      },
    ]);
  },
};
