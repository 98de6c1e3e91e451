import { createServer, type Server } from 'node:http';
import { startSlotMinutes, wallClockIn } from '@clinic/contract';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import patientEn from '../apps/patient/web/locales/en.json';
import { chromiumArgs, startStack, type Stack } from '../e2e/harness.ts';
import { accessTokenOf, appMember, callApi, newClinicianSession, ui } from '../e2e/steps.ts';

/** Timed calls of each kind, after one warm-up of each. */
const runs = Number(process.env.BENCH_CALLS ?? 5);

const mediaArgs = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--allow-loopback-in-peer-connection',
];

/** Pages get functions compiled by tsx, which names them through a helper the page lacks. */
const nameHelper = 'globalThis.__name = (target) => target;';

declare global {
  interface Window {
    /** One bare connection between two peers in the page; milliseconds to the first decoded remote frame. */
    bareCall(): Promise<number>;
    /** Milliseconds from the next click on the Start button to the first frame of the remote video. */
    startToFrame: Promise<number>;
  }
}

/**
 * The baseline in the page: two RTCPeerConnections sending each other the fake camera and
 * microphone (both directions, as in a visit), offer, answer and candidates handed over directly.
 */
function installBareCall(): void {
  let media: Promise<MediaStream> | undefined;
  window.bareCall = async () => {
    media ??= navigator.mediaDevices.getUserMedia({ audio: true, video: true });
    const stream = await media;
    const started = performance.now();
    const caller = new RTCPeerConnection();
    const callee = new RTCPeerConnection();
    caller.onicecandidate = ({ candidate }) => {
      if (candidate) void callee.addIceCandidate(candidate);
    };
    callee.onicecandidate = ({ candidate }) => {
      if (candidate) void caller.addIceCandidate(candidate);
    };
    const video = document.createElement('video');
    video.muted = true;
    video.autoplay = true;
    video.playsInline = true;
    document.body.append(video);
    const frame = new Promise<number>((resolve) => {
      callee.ontrack = ({ track }) => {
        if (track.kind !== 'video') return;
        video.srcObject = new MediaStream([track]);
        video.requestVideoFrameCallback(() => resolve(performance.now()));
        void video.play().catch(() => undefined);
      };
    });
    for (const track of stream.getTracks()) {
      caller.addTrack(track, stream);
      callee.addTrack(track, stream);
    }
    await caller.setLocalDescription();
    await callee.setRemoteDescription(caller.localDescription!);
    await callee.setLocalDescription();
    await caller.setRemoteDescription(callee.localDescription!);
    const ended = await frame;
    caller.close();
    callee.close();
    video.remove();
    return ended - started;
  };
}

/**
 * In the clinician's page: notes the click on the marked Start button, then waits for the first
 * frame presented by the remote video element, whichever element the screen renders under the
 * agreed test id.
 */
function watchStartToFrame(startName: string): void {
  window.startToFrame = new Promise<number>((resolve) => {
    let clickedAt: number | undefined;
    const watched = new WeakSet<HTMLVideoElement>();
    document.addEventListener(
      'click',
      (event) => {
        const button = (event.target as Element | null)?.closest('button');
        // The marked button, or the one that replaced it in a render since.
        const isStart = button?.hasAttribute('data-bench-start') || button?.textContent?.trim() === startName;
        if (clickedAt === undefined && isStart) clickedAt = performance.now();
      },
      true,
    );
    const look = (): void => {
      const video = document.querySelector<HTMLVideoElement>('[data-testid=remote-video]');
      if (clickedAt !== undefined && video && !watched.has(video)) {
        watched.add(video);
        video.requestVideoFrameCallback(() => resolve(performance.now() - (clickedAt ?? 0)));
      }
      setTimeout(look, 20);
    };
    look();
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A page on a local http origin (a secure context for getUserMedia) with nothing else on it. */
async function barePage(browser: Browser): Promise<{ page: Page; close(): Promise<void> }> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>bare call</title><body>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const context = await browser.newContext();
  await context.addInitScript({ content: nameHelper });
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.evaluate(installBareCall);
  return {
    page,
    async close() {
      await context.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A time zone in which the quarter hour `start` is a bookable start (07:00 to 20:45). */
function zoneFor(start: Date): string {
  const zones = ['UTC', 'Europe/Prague', 'Asia/Seoul', 'America/New_York', 'America/Los_Angeles', 'Pacific/Auckland'];
  const zone = zones.find((name) => startSlotMinutes.includes(wallClockIn(start, name).minute));
  if (!zone) throw new Error(`no time zone has a bookable start at ${start.toISOString()}`);
  return zone;
}

async function post<T>(stack: Stack, path: string, body: unknown, token: string, timeZone = 'UTC'): Promise<T> {
  const response = await fetch(`${stack.url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-time-zone': timeZone },
    body: JSON.stringify(body),
  });
  const reply = (await response.json()) as T & { isSuccess: boolean };
  if (!response.ok || !reply.isSuccess) throw new Error(`${path}: ${response.status} ${JSON.stringify(reply)}`);
  return reply;
}

interface Visit {
  stack: Stack;
  clinician: Page;
  patient: Page;
  token: string;
  seqSchedule: number;
}

/**
 * A fresh clinician with an app member as patient and a one-hour visit at the coming quarter hour
 * (so its call may start now); the patient signed in to the patient client in a second browser.
 */
async function setUpVisit(stack: Stack, browser: Browser): Promise<Visit> {
  const contexts: BrowserContext[] = [];
  const newContext = async (width: number): Promise<BrowserContext> => {
    const context = await browser.newContext({
      baseURL: stack.url,
      locale: 'en-US',
      viewport: { width, height: 800 },
    });
    await context.addInitScript({ content: nameHelper });
    contexts.push(context);
    return context;
  };
  const clinicianSide = { mail: stack.mail, newPage: async () => (await newContext(1280)).newPage() };
  const { page: clinician } = await newClinicianSession(clinicianSide);
  const token = await accessTokenOf(clinician);
  const userEmail = `bench.${Date.now()}@example.com`;
  const member = await appMember(stack, {
    userEmail,
    patientName: 'Ida Novak',
    patientInfoBirth: '1958-03-09',
    patientInfoGender: 'F',
  });
  const { seqMedicalRelation } = await callApi<{ seqMedicalRelation: number }>(
    stack.url,
    '/patient/addPatient',
    { patientSyncAuthCode: member.code, heightCm: 165, weightKg: 60, deviceType: 1 },
    token,
  );
  const quarter = 15 * 60_000;
  const start = new Date(Math.ceil((Date.now() + 20_000) / quarter) * quarter);
  // A call opens at the earliest 15 minutes before its visit.
  const early = start.getTime() - quarter - Date.now();
  if (early > 0) await new Promise((resolve) => setTimeout(resolve, early + 1000));
  const { schedule } = await post<{ schedule: { seqSchedule: number } }>(
    stack,
    '/schedule/createSchedule',
    { seqMedicalRelation, scheduleExpectStartDatetime: start.toISOString(), scheduleExpectProgressTime: '01:00:00' },
    token,
    zoneFor(start),
  );

  const patient = await (await newContext(390)).newPage();
  await patient.goto('/patient/');
  await patient.getByLabel(patientEn.login.email, { exact: true }).fill(userEmail);
  await patient.getByLabel(patientEn.login.password, { exact: true }).fill('Member-pass-2026');
  await patient.getByRole('button', { name: patientEn.login.submit, exact: true }).click();
  await patient.getByRole('heading', { name: patientEn.call.nextVisit }).waitFor();
  return { stack, clinician, patient, token, seqSchedule: schedule.seqSchedule };
}

/** What both screens show, for a run that did not reach a frame. */
async function diagnose({ clinician, patient }: Visit): Promise<string> {
  const state = (page: Page) =>
    page
      .evaluate(() => {
        const status = document.querySelector('[data-testid=call-status]')?.getAttribute('data-status');
        const video = document.querySelector<HTMLVideoElement>('[data-testid=remote-video]');
        const stream = video?.srcObject instanceof MediaStream ? video.srcObject : null;
        const tracks = stream
          ?.getTracks()
          .map((track) => `${track.kind}:${track.readyState}${track.muted ? ':muted' : ''}`);
        return `status ${status ?? 'none'}, remote video ${video ? `readyState ${video.readyState} paused ${video.paused} tracks ${tracks?.join(' ') ?? 'none'}` : 'absent'}`;
      })
      .catch((error: unknown) => String(error));
  return `clinician: ${await state(clinician)}; patient: ${await state(patient)}`;
}

const callStatus = (page: Page, status: string, timeout = 30_000) =>
  page.locator(`[data-testid=call-status][data-status=${status}]`).waitFor({ timeout });

/**
 * One timed start: the clinician's /remote ready, the call opened and the patient in it waiting,
 * then Start clicked; the time until the first remote frame on the clinician's screen, or why the
 * screen could not be measured.
 */
async function productCall(visit: Visit): Promise<{ ms: number } | { skipped: string }> {
  const { clinician, patient, stack, token, seqSchedule } = visit;
  await clinician.goto(`/remote?seqSchedule=${seqSchedule}`);
  const start = clinician.getByRole('button', { name: ui.en.videoCall.start, exact: true });
  const found = await start.waitFor({ timeout: 30_000 }).then(
    () => true,
    () => false,
  );
  if (!found) return { skipped: `/remote shows no "${ui.en.videoCall.start}" button yet` };
  const enabled = await clinician
    .waitForFunction((button) => button instanceof HTMLButtonElement && !button.disabled, await start.elementHandle(), {
      timeout: 30_000,
    })
    .then(
      () => true,
      () => false,
    );
  if (!enabled) return { skipped: `the "${ui.en.videoCall.start}" button on /remote stays disabled` };
  // The patient is in the call before Start: opened as Start opens it, joined, waiting.
  const { Meeting } = await post<{ Meeting: { MeetingId: string } }>(
    stack,
    '/meeting/chime/createMeeting',
    { seqSchedule },
    token,
  );
  await patient.getByRole('button', { name: patientEn.call.join, exact: true }).click();
  await callStatus(patient, 'waiting');

  await start.evaluate((button) => button.setAttribute('data-bench-start', ''));
  await clinician.evaluate(watchStartToFrame, ui.en.videoCall.start);
  await start.click();
  const ms = await clinician
    .evaluate(
      (timeout) =>
        Promise.race([window.startToFrame, new Promise<undefined>((resolve) => setTimeout(resolve, timeout))]),
      60_000,
    )
    .catch(() => undefined);
  if (ms === undefined) throw new Error(`no remote frame within 60 s: ${await diagnose(visit)}`);

  // Ends the call for the next run; the visit waits again.
  await post(stack, '/meeting/chime/closeMeeting', { meetingId: Meeting.MeetingId, seqSchedule }, token);
  await callStatus(patient, 'ended');
  await patient.getByRole('button', { name: patientEn.call.back, exact: true }).click();
  await clinician.goto('about:blank');
  return { ms };
}

/**
 * The time from pressing Start on the clinician's video screen to the patient's first video frame
 * on it, through the real server, signalling and both apps, against a bare two-peer WebRTC
 * connection inside one page on the same machine, alternated in one run.
 */
export async function benchVideoCall(): Promise<void> {
  const stack = await startStack({ DEMO: '0' });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...chromiumArgs, ...mediaArgs] });
  try {
    const bare = await barePage(browser);
    const visit = await setUpVisit(stack, browser);
    const bareTimes: number[] = [];
    const productTimes: number[] = [];
    let skipped: string | undefined;
    for (let run = 0; run <= runs; run++) {
      const bareTime = await bare.page.evaluate(() => window.bareCall());
      const product =
        skipped === undefined
          ? await productCall(visit).catch((error: unknown) => ({
              skipped: error instanceof Error ? error.message : String(error),
            }))
          : undefined;
      if (product && 'skipped' in product) skipped = product.skipped;
      // The first of each warms up.
      if (run === 0) continue;
      bareTimes.push(bareTime);
      if (product && 'ms' in product) productTimes.push(product.ms);
    }
    await bare.close();
    const baseline = median(bareTimes);
    if (skipped !== undefined) {
      process.stdout.write(
        `video call: bare two-peer WebRTC to the first remote frame ${baseline.toFixed(0)} ms (median of ${runs}); ` +
          `the product measurement was skipped: ${skipped}\n`,
      );
      return;
    }
    const product = median(productTimes);
    process.stdout.write(
      `video call, to the first remote frame (median of ${runs}): Start on /remote ${product.toFixed(0)} ms, ` +
        `bare two-peer WebRTC ${baseline.toFixed(0)} ms, ratio ${(product / baseline).toFixed(2)}\n`,
    );
  } finally {
    await browser.close();
    await stack.close();
  }
}
