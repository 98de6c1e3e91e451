import { ScheduleStatus } from '@clinic/contract';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCaddy, type Caddy } from '../apps/server/test/caddy.ts';
import { freePort } from '../apps/server/test/free-port.ts';
import { outsideProgram } from '../apps/server/test/outside-program.ts';
import { chromiumArgs, mediaArgs, startStack, type ContextOptions, type Stack } from './harness.ts';
import { connectedVisit, visitOf } from './visit-steps.ts';

describe.skipIf(!outsideProgram('caddy', 'caddy'))('a video visit through Caddy on HTTPS', () => {
  let stack: Stack;
  let caddy: Caddy;
  let browser: Browser;
  beforeAll(async () => {
    // Mailed links, like the browsers, go through the proxy.
    const port = await freePort();
    stack = await startStack({ TRUST_PROXY: '1', PUBLIC_URL: `https://localhost:${port}` }, { media: true });
    caddy = await startCaddy([new URL(stack.url).host], port);
    // Chromium trusts Caddy's own certificate authority, and nothing else it would not trust anyway.
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [...chromiumArgs, ...mediaArgs, `--ignore-certificate-errors-spki-list=${caddy.spkiHashes.join(',')}`],
    });
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await caddy?.close();
    await stack?.close();
  });

  it('serves the app over HTTP/2 and holds a visit, its signalling on the WebSocket through the proxy', async () => {
    const newContext = (options: ContextOptions = {}) =>
      browser.newContext({
        baseURL: caddy.url,
        locale: 'en-US',
        viewport: { width: options.width ?? 1280, height: 800 },
        ...(options.timezoneId && { timezoneId: options.timezoneId }),
      });
    // Set-up calls from the test go to the app directly; the browsers only ever see the proxy.
    const visit = await connectedVisit({ url: stack.url, mail: stack.mail, newContext }, caddy.url);
    for (const page of [visit.clinician, visit.patient]) {
      expect(new URL(page.url()).origin).toBe(caddy.url);
      const protocol = await page.evaluate(
        () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol,
      );
      expect(protocol).toBe('h2');
    }
    const status = (await visitOf(stack.url, visit.token, visit.seqMedicalRelation, visit.seqSchedule)).scheduleStatus;
    expect(status).toBe(ScheduleStatus.inProgress);

    // Hashed assets are cached for good through the proxy.
    const asset = await visit.clinician.evaluate(() => {
      const script = document.querySelector<HTMLScriptElement>('script[type=module][src]');
      return script ? fetch(script.src).then((reply) => reply.headers.get('cache-control')) : null;
    });
    expect(asset).toBe('public, max-age=31536000, immutable');
  }, 300_000);
});
