import { access, readFile, readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import type { Stack } from '../e2e/harness.ts';
import type { Benchmark, BenchResult } from './result.ts';
import type { RoundOptions } from './rounds.ts';
import { bareSite, benchClinician, consentCookie, loggedInContext, productStack, webDist } from './web.ts';

/** The chunks a built chunk imports statically (`import … from "./x.js"`), and theirs, by file name. */
async function staticClosure(assets: string, roots: readonly string[]): Promise<Set<string>> {
  const seen = new Set<string>();
  const pending = [...roots];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const code = await readFile(join(assets, file), 'utf8');
    for (const [, imported] of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g)) {
      if (imported) pending.push(imported);
    }
  }
  return seen;
}

/**
 * The files of a screen's own chunk in a built app: the chunk named `screen` and what only it
 * imports, with their stylesheets, i.e. not what index.html already loads nor what the chunks named
 * in `besides` (a shell the screen comes in) load.
 */
export async function screenFiles(dist: string, screen: string, besides: readonly string[] = []): Promise<Set<string>> {
  const assets = join(dist, 'assets');
  const files = await readdir(assets);
  const chunksNamed = (name: string): string[] =>
    files.filter((file) => new RegExp(`^${name}-[\\w-]+\\.js$`).test(file));
  const own = chunksNamed(screen);
  if (own.length === 0) throw new Error(`no ${screen} chunk in ${assets}: run npm run build`);
  const html = await readFile(join(dist, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/\/assets\/([^"']+\.js)["']/g)].map(([, file]) => file!);
  // Without the build's compressed copies the server sends the files as they are: another measure. (A
  // file too small to gain from compression has none.)
  const compressed = await Promise.all(
    entry.map((file) =>
      access(join(assets, `${file}.br`)).then(
        () => true,
        () => false,
      ),
    ),
  );
  if (!compressed.includes(true))
    throw new Error(`${dist} is not compressed: run apps/server/scripts/precompress.js on it`);
  const shared = await staticClosure(assets, [...entry, ...besides.flatMap(chunksNamed)]);
  const ownFiles = [...(await staticClosure(assets, own))].filter((file) => !shared.has(file));
  const styles = ownFiles.map((file) => file.replace(/\.js$/, '.css')).filter((file) => files.includes(file));
  return new Set([...ownFiles, ...styles]);
}

/**
 * The JS bytes received (encoded: as sent, compressed or not) on a fresh load of a page, until the
 * network is quiet; with `stopAt`, only of the requests sent before the first request of one of
 * those files (a script or its stylesheet).
 */
export async function firstLoadBytes(context: BrowserContext, url: string, stopAt?: Set<string>): Promise<number> {
  const page = await context.newPage();
  const requests: { url: string; type: string; size: Promise<number> }[] = [];
  page.on('request', (request) => {
    const type = request.resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const size = request
      .response()
      .then((response) => response?.finished())
      .then(() => request.sizes())
      .then((sizes) => sizes.responseBodySize);
    requests.push({ url: request.url(), type, size });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const own = stopAt ? requests.findIndex((request) => stopAt.has(basename(new URL(request.url).pathname))) : -1;
  // A page that never asked for those files ran another build than the one they were read from.
  if (stopAt && own < 0) throw new Error(`${url} loaded none of ${[...stopAt].join(', ')}`);
  const counted = own >= 0 ? requests.slice(0, own) : requests;
  const scripts = counted.filter((request) => request.type === 'script');
  const bytes = (await Promise.all(scripts.map((request) => request.size))).reduce((sum, size) => sum + size, 0);
  await page.close();
  return bytes / 1000;
}

/** A page whose first-load JS is measured: in a context of its own, until `stopAt` (firstLoadBytes). */
export interface FirstLoadPage {
  name: string;
  url: string;
  context: () => Promise<BrowserContext>;
  stopAt?: Set<string>;
}

/**
 * Each page's first-load JS in alternating rounds with the bare login page's (the baseline), against
 * the budget of 150 KB; closes the stack.
 */
export async function firstLoadResults(
  { rounds, smoke }: RoundOptions,
  stack: Stack,
  pages: readonly FirstLoadPage[],
): Promise<BenchResult[]> {
  try {
    const bare = await bareSite();
    try {
      const product = pages.map((): number[] => []);
      const baseline: number[] = [];
      for (let round = 0; round < (smoke ? 1 : rounds); round++) {
        for (const [index, page] of pages.entries()) {
          const context = await page.context();
          product[index]!.push(await firstLoadBytes(context, page.url, page.stopAt));
          await context.close();
          if (index === 0) {
            const bareContext = await stack.browser.newContext();
            baseline.push(await firstLoadBytes(bareContext, `${bare.url}/`));
            await bareContext.close();
          }
        }
      }
      return pages.map((page, index) => ({
        name: page.name,
        unit: 'KB',
        product: product[index]!,
        baseline,
        better: 'lower',
        budget: { value: 150 },
      }));
    } finally {
      await bare.close();
    }
  } finally {
    await stack.close();
  }
}

/**
 * First-load JS on the wire (the budget of issue 15 and DESIGN section 9) at /login and, after login, at home before the home screen's
 * own chunk, in Chromium on the built app; beside a bare Vite + React + Mantine login page built
 * for production and served gzip-compressed.
 */
export const webBytes: Benchmark = {
  name: 'web-bytes',
  async run(options) {
    const homeFiles = await screenFiles(webDist, 'home');
    // The bytes do not depend on the data: a clinic of a few patients starts faster than the demo.
    const stack = await productStack({ patients: 30 });
    return firstLoadResults(options, stack, [
      {
        name: 'first-load JS at /login, on the wire',
        url: `${stack.url}/login`,
        async context() {
          const fresh = await stack.newContext();
          await fresh.addCookies([consentCookie(stack.url)]);
          return fresh;
        },
      },
      {
        name: "first-load JS after login, before the home screen's own chunk, on the wire",
        url: `${stack.url}/`,
        context: () => loggedInContext(stack.browser, stack.url, benchClinician),
        stopAt: homeFiles,
      },
    ]);
  },
};
