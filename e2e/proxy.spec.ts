import { ScheduleStatus } from '@clinic/contract';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import patientEn from '../apps/patient/web/locales/en.json';
import { startCaddy, type Caddy } from '../apps/server/test/caddy.ts';
import { freePort } from '../apps/server/test/free-port.ts';
import { chromiumArgs, mediaArgs, startStack, type ContextOptions, type Stack } from './harness.ts';
import { ui } from './steps.ts';
import {
  bookVisit,
  callStatus,
  clinicianWithMember,
  nameHelper,
  nextQuarterHour,
  patientSignIn,
  remoteVideoPlays,
  visitOf,
  waitForCallWindow,
  zoneForComingQuarters,
} from './visit-steps.ts';

const t = ui.en;

describe('a video visit through Caddy on HTTPS', () => {
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
    const newContext = async (options: ContextOptions = {}) => {
      const context = await browser.newContext({
        baseURL: caddy.url,
        locale: 'en-US',
        viewport: { width: options.width ?? 1280, height: 800 },
        ...(options.timezoneId && { timezoneId: options.timezoneId }),
      });
      await context.addInitScript({ content: nameHelper });
      return context;
    };
    // Set-up calls from the test go to the app directly; the browsers only ever see the proxy.
    const proxied = { url: stack.url, mail: stack.mail, newContext };
    const zone = zoneForComingQuarters(2);
    const { clinician, token, userEmail, seqMedicalRelation } = await clinicianWithMember(proxied, zone);
    expect(new URL(clinician.url()).origin).toBe(caddy.url);
    const protocol = await clinician.evaluate(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol,
    );
    expect(protocol).toBe('h2');

    const soon = nextQuarterHour();
    const seqSchedule = await bookVisit(stack.url, token, {
      seqMedicalRelation,
      start: soon,
      length: '00:30:00',
      timeZone: zone,
    });
    const patient = await (await newContext({ width: 390, timezoneId: zone })).newPage();
    await patientSignIn(patient, caddy.url, userEmail);

    await waitForCallWindow(soon);
    await clinician.goto(`/remote?seqSchedule=${seqSchedule}`);
    await callStatus(clinician, 'waiting');
    await clinician.getByRole('button', { name: t.videoCall.start, exact: true }).click();
    await patient.getByRole('button', { name: patientEn.call.join, exact: true }).click();
    await Promise.all([callStatus(clinician, 'on'), callStatus(patient, 'connected')]);
    await remoteVideoPlays(clinician);
    await remoteVideoPlays(patient);
    expect((await visitOf(stack.url, token, seqMedicalRelation, seqSchedule)).scheduleStatus).toBe(
      ScheduleStatus.inProgress,
    );

    // Hashed assets are cached for good through the proxy, pages are checked each time.
    const asset = await clinician.evaluate(() => {
      const script = document.querySelector<HTMLScriptElement>('script[type=module][src]');
      return script ? fetch(script.src).then((reply) => reply.headers.get('cache-control')) : null;
    });
    expect(asset).toBe('public, max-age=31536000, immutable');
  }, 300_000);
});
