import { createServer, type Server } from 'node:http';
import { admitPatient, closeMeeting, createMeeting, inviteGuest, removeGuest } from '@clinic/contract';
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
  openGuestLink,
  patientSignIn,
  zoneForComingQuarters,
} from '../e2e/visit-steps.ts';
import type { BenchResult, Benchmark } from './result.ts';
import { alternate, type RoundOptions } from './rounds.ts';

declare global {
  interface Window {
    /** One bare connection between two peers in the page; milliseconds to the first decoded remote frame. */
    bareCall(): Promise<number>;
    /** When the named button is next clicked, in milliseconds since the epoch. */
    clickedAt: Promise<number>;
    /** When the remote video next presents a frame, in milliseconds since the epoch. */
    firstFrameAt: Promise<number>;
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
 * In a page: notes the next click on the button named `name`, whatever render drew it, in
 * milliseconds since the epoch (comparable between the pages of one machine).
 */
function noteClick(name: string): void {
  const epoch = (): number => performance.timeOrigin + performance.now();
  window.clickedAt = new Promise<number>((resolve) => {
    const listener = (event: Event): void => {
      if ((event.target as Element | null)?.closest('button')?.textContent?.trim() !== name) return;
      document.removeEventListener('click', listener, true);
      resolve(epoch());
    };
    document.addEventListener('click', listener, true);
  });
}

/** In a page: notes the first frame a remote video presents, whichever element the screen renders under the selector. */
function noteFirstFrame(selector: string): void {
  const epoch = (): number => performance.timeOrigin + performance.now();
  window.firstFrameAt = new Promise<number>((resolve) => {
    const watched = new WeakSet<HTMLVideoElement>();
    const look = (): void => {
      const video = document.querySelector<HTMLVideoElement>(selector);
      if (video && !watched.has(video)) {
        watched.add(video);
        video.requestVideoFrameCallback(() => resolve(epoch()));
      }
      setTimeout(look, 20);
    };
    look();
  });
}

/** Milliseconds from a click in one page to a frame in another (or the same), or why there was none in 60 s. */
async function clickToFrame(clicked: Page, framed: Page, click: () => Promise<void>, visit: Visit): Promise<number> {
  await click();
  const frame = await framed
    .evaluate(
      (timeout) =>
        Promise.race([window.firstFrameAt, new Promise<undefined>((resolve) => setTimeout(resolve, timeout))]),
      60_000,
    )
    .catch(() => undefined);
  if (frame === undefined)
    throw new Error(`no remote frame within 60 s: ${await diagnose(visit.clinician, visit.patient)}`);
  return frame - (await clicked.evaluate(() => window.clickedAt));
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
  patientName: string;
  token: string;
  seqSchedule: number;
}

/**
 * A fresh clinician with an app member as patient and a one-hour visit at the coming quarter hour
 * (so its call may start now); the patient signed in to the patient client in a second browser.
 */
async function setUpVisit(stack: Stack): Promise<Visit> {
  const zone = zoneForComingQuarters(2);
  const { clinician, token, userEmail, patientName, seqMedicalRelation } = await clinicianWithMember(stack, zone);
  const { seqSchedule } = await bookCallableVisit(stack.url, token, {
    seqMedicalRelation,
    length: '01:00:00',
    timeZone: zone,
  });
  const patient = await (await callContext(stack, { width: 390, timezoneId: zone })).newPage();
  await patientSignIn(patient, stack.url, userEmail);
  return { stack, clinician, patient, patientName, token, seqSchedule };
}

/** The clinician's /remote of the visit, ready for Start; answers the Start button and the call the screen opened. */
async function readyToStart({ clinician, seqSchedule }: Visit) {
  const opened = clinician.waitForResponse((response) => response.url().endsWith('/api/meeting/chime/createMeeting'));
  await clinician.goto(`/remote?seqSchedule=${seqSchedule}`);
  const start = clinician.getByRole('button', { name: ui.en.videoCall.start, exact: true });
  await start.waitFor({ timeout: 30_000 });
  await clinician.waitForFunction(
    (button) => button instanceof HTMLButtonElement && !button.disabled,
    await start.elementHandle(),
    { timeout: 30_000 },
  );
  const { Meeting } = (await (await opened).json()) as { Meeting: { MeetingId: string } };
  return { start, meetingId: Meeting.MeetingId };
}

/** Ends the visit's call for the next run; the visit waits again. */
async function endCall({ clinician, patient, stack, token, seqSchedule }: Visit, meetingId: string): Promise<void> {
  await callApi(stack, closeMeeting, { meetingId, seqSchedule }, token);
  await callStatus(patient, 'ended');
  await patient.getByRole('button', { name: patientEn.call.back, exact: true }).click();
  await clinician.goto('about:blank');
}

const remoteVideo = '[data-testid=remote-video]';

/** Milliseconds from Start, from Admit and from a guest's Admit to the first remote frame they bring, in one round. */
interface CallTimes {
  start: number;
  admit: number;
  guest: number;
}

/**
 * One timed round of each. Start: the clinician's /remote ready, the call opened and the patient
 * let in and waiting in it, then Start clicked; until the first remote frame on the clinician's
 * screen. Admit: the call started, the patient in the waiting room, then Admit clicked; until the
 * first remote frame on the patient's screen. Guest: that call running, a guest who opened a new
 * link waiting, then the guest's Admit clicked; until the first frame on the guest's page.
 */
async function productCall(visit: Visit): Promise<CallTimes> {
  const { clinician, patient, stack, token, seqSchedule } = visit;
  const join = patient.getByRole('button', { name: patientEn.call.join, exact: true });

  const { start } = await readyToStart(visit);
  const opened = await callApi(stack, createMeeting, { seqSchedule }, token);
  await join.click();
  await callStatus(patient, 'lobby');
  await callApi(stack, admitPatient, { seqSchedule, meetingId: opened.Meeting.MeetingId }, token);
  await callStatus(patient, 'waiting');
  await clinician.evaluate(noteClick, ui.en.videoCall.start);
  await clinician.evaluate(noteFirstFrame, remoteVideo);
  const startMs = await clickToFrame(clinician, clinician, () => start.click(), visit);
  await endCall(visit, opened.Meeting.MeetingId);

  const again = await readyToStart(visit);
  await again.start.click();
  await callStatus(clinician, 'connecting');
  await join.click();
  await callStatus(patient, 'lobby');
  const admit = clinician.getByRole('button', {
    name: ui.en.videoCall.waitingRoom.admitOf.replace('{{name}}', visit.patientName),
    exact: true,
  });
  await admit.waitFor({ timeout: 30_000 });
  const admitText = (await admit.textContent())?.trim() ?? '';
  await clinician.evaluate(noteClick, admitText);
  await patient.evaluate(noteFirstFrame, remoteVideo);
  const admitMs = await clickToFrame(clinician, patient, () => admit.click(), visit);
  await callStatus(patient, 'connected');

  // A guest opens a link of the running call and waits; the clinician lets them in.
  const { link, guest: invited } = await callApi(stack, inviteGuest, { seqSchedule, validMinutes: 15 }, token);
  const guest = await openGuestLink(stack, link, 'Ji-woo Chan');
  await guest.locator('[data-testid=clinician-presence]').waitFor({ timeout: 30_000 });
  const admitGuest = clinician.getByRole('button', {
    name: ui.en.videoCall.waitingRoom.admitOf.replace('{{name}}', 'Ji-woo Chan'),
    exact: true,
  });
  await admitGuest.waitFor({ timeout: 30_000 });
  await clinician.evaluate(noteClick, admitText);
  await guest.evaluate(noteFirstFrame, '[data-testid=peer-video]');
  const guestMs = await clickToFrame(clinician, guest, () => admitGuest.click(), visit);
  await callApi(stack, removeGuest, { seqSchedule, guestId: invited.guestId }, token);
  // The guest's page lets go of its camera once it hears it was removed; a context closed while it
  // still captured could leave the browser's fake camera without frames for the next rounds.
  await guest.getByTestId('guest-over').waitFor({ timeout: 30_000 });
  await guest.context().close();
  await endCall(visit, again.meetingId);
  return { start: startMs, admit: admitMs, guest: guestMs };
}

/**
 * The time from pressing Start on the clinician's video screen to the patient's first video frame
 * on it, and from pressing Admit for the patient in the waiting room to the clinician's first frame
 * on the patient's screen, through the real server, signalling and both apps, each against a bare
 * two-peer WebRTC connection inside one page on the same machine, alternated in one run.
 */
export const videoCall: Benchmark = { name: 'video-call', run: benchVideoCall };

async function benchVideoCall(options: RoundOptions): Promise<BenchResult[]> {
  const stack = await startStack({ DEMO: '0' }, { media: true });
  try {
    const bare = await barePage(stack.browser);
    const visit = await setUpVisit(stack);
    // A failed measurement stops the run with its cause: a ratio without it would mean nothing.
    const times = await alternate<CallTimes>(
      options,
      () => productCall(visit),
      async () => {
        const ms = await bare.page.evaluate(() => window.bareCall());
        return { start: ms, admit: ms, guest: ms };
      },
    );
    await bare.close();
    const rows = [
      ['start', 'Start on /remote to the first remote frame'],
      ['admit', "Admit from the waiting room to the patient's first frame"],
      ['guest', "Admit of a guest waiting with an opened link to the guest's first frame"],
    ] as const;
    return rows.map(([kind, what]) => ({
      name: `video visit: ${what}, against a bare two-peer WebRTC connection`,
      unit: 'ms',
      product: times.product.map((round) => round[kind]),
      baseline: times.baseline.map((round) => round[kind]),
      better: 'lower',
      budget: { ratio: 1.5 },
    }));
  } finally {
    await stack.close();
  }
}
