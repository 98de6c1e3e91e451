import { createServer, type Server } from 'node:http';
import { admitPatient, closeMeeting, createMeeting } from '@clinic/contract';
import type { Browser, Page } from 'playwright-core';
import patientEn from '../apps/patient/web/locales/en.json';
import { startStack, type Stack } from '../e2e/harness.ts';
import { callApi, ui } from '../e2e/steps.ts';
import {
  bookCallableVisit,
  callContext,
  callStatus,
  clinicianWithMember,
  diagnose,
  nameHelper,
  patientSignIn,
  zoneForComingQuarters,
} from '../e2e/visit-steps.ts';
import type { BenchResult, Benchmark } from './result.ts';
import { alternate, type RoundOptions } from './rounds.ts';

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
async function setUpVisit(stack: Stack): Promise<Visit> {
  const zone = zoneForComingQuarters(2);
  const { clinician, token, userEmail, seqMedicalRelation } = await clinicianWithMember(stack, zone);
  const { seqSchedule } = await bookCallableVisit(stack.url, token, {
    seqMedicalRelation,
    length: '01:00:00',
    timeZone: zone,
  });
  const patient = await (await callContext(stack, { width: 390, timezoneId: zone })).newPage();
  await patientSignIn(patient, stack.url, userEmail);
  return { stack, clinician, patient, token, seqSchedule };
}

/**
 * One timed start: the clinician's /remote ready, the call opened and the patient in it waiting,
 * then Start clicked; the time until the first remote frame on the clinician's screen, or why the
 * screen could not be measured.
 */
async function productCall(visit: Visit): Promise<number> {
  const { clinician, patient, stack, token, seqSchedule } = visit;
  await clinician.goto(`/remote?seqSchedule=${seqSchedule}`);
  const start = clinician.getByRole('button', { name: ui.en.videoCall.start, exact: true });
  await start.waitFor({ timeout: 30_000 });
  await clinician.waitForFunction(
    (button) => button instanceof HTMLButtonElement && !button.disabled,
    await start.elementHandle(),
    { timeout: 30_000 },
  );
  // The patient is in the call before Start: opened as Start opens it, let in from the waiting
  // room, joined, waiting.
  const { Meeting } = await callApi(stack, createMeeting, { seqSchedule }, token);
  await patient.getByRole('button', { name: patientEn.call.join, exact: true }).click();
  await callStatus(patient, 'lobby');
  await callApi(stack, admitPatient, { seqSchedule, meetingId: Meeting.MeetingId }, token);
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
  if (ms === undefined) throw new Error(`no remote frame within 60 s: ${await diagnose(clinician, patient)}`);

  // Ends the call for the next run; the visit waits again.
  await callApi(stack, closeMeeting, { meetingId: Meeting.MeetingId, seqSchedule }, token);
  await callStatus(patient, 'ended');
  await patient.getByRole('button', { name: patientEn.call.back, exact: true }).click();
  await clinician.goto('about:blank');
  return ms;
}

/**
 * The time from pressing Start on the clinician's video screen to the patient's first video frame
 * on it, through the real server, signalling and both apps, against a bare two-peer WebRTC
 * connection inside one page on the same machine, alternated in one run.
 */
export const videoCall: Benchmark = { name: 'video-call', run: benchVideoCall };

async function benchVideoCall(options: RoundOptions): Promise<BenchResult[]> {
  const stack = await startStack({ DEMO: '0' }, { media: true });
  try {
    const bare = await barePage(stack.browser);
    const visit = await setUpVisit(stack);
    // A failed measurement stops the run with its cause: a ratio without it would mean nothing.
    const times = await alternate(
      options,
      () => productCall(visit),
      () => bare.page.evaluate(() => window.bareCall()),
    );
    await bare.close();
    return [
      {
        name: 'video visit: Start on /remote to the first remote frame, against a bare two-peer WebRTC connection',
        unit: 'ms',
        product: times.product,
        baseline: times.baseline,
        better: 'lower',
        budget: { ratio: 1.5 },
      },
    ];
  } finally {
    await stack.close();
  }
}
