import {
  addPatient,
  createSchedule,
  FailedCode,
  getListAndLatestDoneSchedule,
  messages,
  type RequestOf,
  type Schedule,
  startSlotMinutes,
  wallClockIn,
} from '@clinic/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import patientEn from '../apps/patient/web/locales/en.json';
import type { ContextOptions, Stack } from './harness.ts';
import { accessTokenOf, appMember, callApi, memberPassword, newClinicianSession, ui, wholeHourZones } from './steps.ts';

/** Pages get functions compiled by tsx, which names them through a helper the page lacks. */
export const nameHelper = 'globalThis.__name = (target) => target;';

const quarterMs = 15 * 60_000;

type VisitLength = RequestOf<typeof createSchedule>['scheduleExpectProgressTime'];

/** A time zone in which every one of the quarter hours is a bookable start (07:00 to 20:45). */
export function bookableZone(...starts: Date[]): string {
  const zone = wholeHourZones.find((name) =>
    starts.every((start) => startSlotMinutes.includes(wallClockIn(start, name).minute)),
  );
  if (!zone)
    throw new Error(`no time zone has bookable starts at ${starts.map((start) => start.toISOString()).join(', ')}`);
  return zone;
}

/**
 * A time zone in which the coming quarter hours from now are all bookable starts: a test picks it
 * before setting up (the browsers live in it) and its visit times after.
 */
export function zoneForComingQuarters(count: number, now = Date.now()): string {
  const first = nextQuarterHour(now).getTime();
  return bookableZone(...Array.from({ length: count }, (_, index) => new Date(first + index * quarterMs)));
}

/**
 * The coming quarter hour. A visit then may be called at once: the call opens
 * scheduleRules.earlyStartMinutes (a quarter hour) before the visit.
 */
function nextQuarterHour(now = Date.now()): Date {
  return new Date((Math.floor(now / quarterMs) + 1) * quarterMs);
}

/** A browser profile for a call on the stack's first instance, taking functions compiled by tsx. */
export async function callContext(stack: Pick<Stack, 'newContext'>, options: ContextOptions): Promise<BrowserContext> {
  const context = await stack.newContext(options);
  await context.addInitScript({ content: nameHelper });
  return context;
}

export interface ClinicianWithMember {
  /** The clinician's page, logged in, in a browser of the time zone. */
  clinician: Page;
  token: string;
  /** The member's sign-in to the patient client (password memberPassword). */
  userEmail: string;
  patientName: string;
  seqMedicalRelation: number;
}

/**
 * A fresh clinician signed in on a browser in the time zone, and an app member registered as
 * their patient with a sync code.
 */
export async function clinicianWithMember(
  stack: Pick<Stack, 'url' | 'mail' | 'newContext'>,
  timezoneId: string,
  patientName = 'Ida Novak',
): Promise<ClinicianWithMember> {
  const clinicianSide = {
    mail: stack.mail,
    newPage: async () => (await callContext(stack, { width: 1280, timezoneId })).newPage(),
  };
  const { page: clinician } = await newClinicianSession(clinicianSide);
  const token = await accessTokenOf(clinician);
  const userEmail = `visit.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  const member = await appMember(stack, {
    userEmail,
    patientName,
    patientInfoBirth: '1958-03-09',
    patientInfoGender: 'F',
  });
  const { seqMedicalRelation } = await callApi(
    stack,
    addPatient,
    { patientSyncAuthCode: member.code, heightCm: 165, weightKg: 60, deviceType: 1 },
    token,
  );
  return { clinician, token, userEmail, patientName, seqMedicalRelation };
}

/** Books a visit through the API as a clinician in the time zone; answers its seqSchedule. */
export async function bookVisit(
  baseUrl: string,
  token: string,
  visit: { seqMedicalRelation: number; start: Date; length?: VisitLength; timeZone: string },
): Promise<number> {
  const { schedule } = await callApi(
    { url: baseUrl },
    createSchedule,
    {
      seqMedicalRelation: visit.seqMedicalRelation,
      scheduleExpectStartDatetime: visit.start.toISOString(),
      scheduleExpectProgressTime: visit.length ?? '01:00:00',
    },
    token,
    visit.timeZone,
  );
  return schedule.seqSchedule;
}

/**
 * Books a visit at the coming quarter hour, which may be called at once; should that quarter hour
 * pass while it is being booked (the past is refused), at the next one. Answers it and its start.
 */
export async function bookCallableVisit(
  baseUrl: string,
  token: string,
  visit: { seqMedicalRelation: number; length: VisitLength; timeZone: string },
): Promise<{ seqSchedule: number; start: Date }> {
  for (;;) {
    const start = nextQuarterHour();
    try {
      return { seqSchedule: await bookVisit(baseUrl, token, { ...visit, start }), start };
    } catch (error) {
      if (start.getTime() > Date.now() || !String(error).includes(FailedCode.SchedulePast)) throw error;
    }
  }
}

/** One of the clinician's visits, as the API has it now. */
export async function visitOf(
  baseUrl: string,
  token: string,
  seqMedicalRelation: number,
  seqSchedule: number,
): Promise<Schedule> {
  const { scheduleList } = await callApi({ url: baseUrl }, getListAndLatestDoneSchedule, { seqMedicalRelation }, token);
  const visit = scheduleList.find((candidate) => candidate.seqSchedule === seqSchedule);
  if (!visit) throw new Error(`visit ${seqSchedule} is not in the patient's list`);
  return visit;
}

/** "HH:mm:ss" in seconds. */
export function clockSeconds(clock: string): number {
  const [hours = 0, minutes = 0, seconds = 0] = clock.split(':').map(Number);
  return hours * 3600 + minutes * 60 + seconds;
}

/** Signs the member in to the patient client of an instance and waits for their next visit. */
export async function patientSignIn(page: Page, baseUrl: string, userEmail: string): Promise<void> {
  await page.goto(`${baseUrl}/patient/`);
  await page.getByLabel(patientEn.login.email, { exact: true }).fill(userEmail);
  await page.getByLabel(patientEn.login.password, { exact: true }).fill(memberPassword);
  await page.getByRole('button', { name: patientEn.login.submit, exact: true }).click();
  await page.getByRole('heading', { name: patientEn.call.nextVisit }).waitFor();
}

/**
 * The patient, in the visit's waiting room on their call screen, is let into the call the
 * clinician's /remote has started.
 */
export async function admitFromWaitingRoom(clinician: Page, patient: Page, patientName: string): Promise<void> {
  await callStatus(patient, 'lobby');
  await clinician
    .getByRole('button', { name: ui.en.videoCall.waitingRoom.admitOf.replace('{{name}}', patientName), exact: true })
    .click();
}

/** Waits for the call status either screen marks on [data-testid=call-status]. */
export const callStatus = (page: Page, status: string, timeout = 30_000) =>
  page.locator(`[data-testid=call-status][data-status=${status}]`).waitFor({ timeout });

/**
 * Waits until the screen's remote video plays: a picture with a size, its time advancing by a
 * second and new frames presented meanwhile. Answers the picture's size.
 */
export async function remoteVideoPlays(page: Page, timeout = 30_000): Promise<{ width: number; height: number }> {
  const video = page.getByTestId('remote-video');
  await page.waitForFunction(
    () => {
      const element = document.querySelector<HTMLVideoElement>('[data-testid=remote-video]');
      return element !== null && element.videoWidth > 0 && element.readyState >= 2;
    },
    null,
    { timeout },
  );
  const before = await video.evaluate((element: HTMLVideoElement) => ({
    time: element.currentTime,
    frames: element.getVideoPlaybackQuality().totalVideoFrames,
  }));
  await page.waitForFunction(
    ({ time, frames }) => {
      const element = document.querySelector<HTMLVideoElement>('[data-testid=remote-video]');
      return (
        element !== null &&
        !element.paused &&
        element.currentTime >= time + 1 &&
        element.getVideoPlaybackQuality().totalVideoFrames >= frames + 10
      );
    },
    before,
    { timeout: 15_000 },
  );
  return video.evaluate((element: HTMLVideoElement) => ({ width: element.videoWidth, height: element.videoHeight }));
}

/** What both screens show, for a call that did not get where it should. */
export async function diagnose(clinician: Page, patient: Page): Promise<string> {
  const state = (page: Page) =>
    page
      .evaluate(() => {
        const status = document.querySelector('[data-testid=call-status]')?.getAttribute('data-status');
        const video = document.querySelector<HTMLVideoElement>('[data-testid=remote-video]');
        const stream = video?.srcObject instanceof MediaStream ? video.srcObject : null;
        const tracks = stream
          ?.getTracks()
          .map((track) => `${track.kind}:${track.readyState}${track.muted ? ':muted' : ''}`);
        return `status ${status ?? 'none'}, remote video ${video ? `readyState ${video.readyState} paused ${video.paused} size ${video.videoWidth}x${video.videoHeight} tracks ${tracks?.join(' ') ?? 'none'}` : 'absent'}`;
      })
      .catch((error: unknown) => String(error));
  return `clinician: ${await state(clinician)}; patient: ${await state(patient)}`;
}

export interface ConnectedVisit extends ClinicianWithMember {
  patient: Page;
  seqSchedule: number;
}

/**
 * A visit booked for the coming quarter hour and connected: the clinician starts it on /remote,
 * the patient joins from the patient client at pagesUrl and is admitted from the waiting room, and
 * both see the other's video. The
 * set-up's API calls go to stack.url; the browsers open what their contexts' base URL points at.
 */
export async function connectedVisit(
  stack: Pick<Stack, 'url' | 'mail' | 'newContext'>,
  pagesUrl: string,
): Promise<ConnectedVisit> {
  const zone = zoneForComingQuarters(2);
  const visit = await clinicianWithMember(stack, zone);
  const { seqSchedule } = await bookCallableVisit(stack.url, visit.token, {
    seqMedicalRelation: visit.seqMedicalRelation,
    length: '00:30:00',
    timeZone: zone,
  });
  const patient = await (await callContext(stack, { width: 390, timezoneId: zone })).newPage();
  await patientSignIn(patient, pagesUrl, visit.userEmail);
  await visit.clinician.goto(`/remote?seqSchedule=${seqSchedule}`);
  await callStatus(visit.clinician, 'waiting');
  await visit.clinician.getByRole('button', { name: ui.en.videoCall.start, exact: true }).click();
  await patient.getByRole('button', { name: patientEn.call.join, exact: true }).click();
  await admitFromWaitingRoom(visit.clinician, patient, visit.patientName);
  try {
    await Promise.all([callStatus(visit.clinician, 'on'), callStatus(patient, 'connected')]);
    await remoteVideoPlays(visit.clinician);
    await remoteVideoPlays(patient);
  } catch (error) {
    throw new Error(`the visit did not connect: ${await diagnose(visit.clinician, patient)}\n${String(error)}`);
  }
  return { ...visit, patient, seqSchedule };
}

/**
 * Resolves once `count` videos matching the selector each present new frames: the frames decoded
 * from as many inbound streams, each on a connection of its own.
 */
export async function framesRiseOn(page: Page, selector: string, count: number): Promise<void> {
  const framesOf = () =>
    page.evaluate(
      (query) =>
        [...document.querySelectorAll<HTMLVideoElement>(query)].map(
          (video) => video.getVideoPlaybackQuality().totalVideoFrames,
        ),
      selector,
    );
  await page.waitForFunction(
    ({ query, wanted }) =>
      [...document.querySelectorAll<HTMLVideoElement>(query)].filter((video) => video.videoWidth > 0).length >= wanted,
    { query: selector, wanted: count },
    { timeout: 30_000 },
  );
  const before = await framesOf();
  await expect
    .poll(async () => (await framesOf()).filter((frames, index) => frames >= (before[index] ?? 0) + 10).length, {
      timeout: 15_000,
    })
    .toBeGreaterThanOrEqual(count);
}

/**
 * The clinician of an open call invites a guest with a link (15 minutes, the default); the guest,
 * in a browser of their own, opens it, gives their name, passes the device check and waits; the
 * clinician lets them in. `check` runs at each step (the invitation, the form, the waiting room).
 */
/** A guest's page of a link, in a browser of its own, with the name given and Continue pressed. */
export async function openGuestLink(
  stack: Pick<Stack, 'newContext'>,
  link: string,
  name: string,
  beforeContinue: (page: Page) => Promise<void> = () => Promise.resolve(),
): Promise<Page> {
  const guest = await (await callContext(stack, { width: 390 })).newPage();
  await guest.goto(link);
  await guest.getByLabel(patientEn.guest.name).fill(name);
  await beforeContinue(guest);
  await guest.getByRole('button', { name: patientEn.guest.continue, exact: true }).click();
  return guest;
}

/** Opens a link that must be refused: the guest's page says so, with the one text for every reason. */
export async function guestLinkRefused(stack: Pick<Stack, 'newContext'>, link: string): Promise<void> {
  const guest = await openGuestLink(stack, link, 'Ji-woo Chan');
  await guest.getByTestId('guest-over').getByText(messages.en.SE0126).waitFor();
  await guest.context().close();
}

export async function inviteAndAdmitGuest(
  stack: Pick<Stack, 'newContext'>,
  clinician: Page,
  name: string,
  check: (page: Page, step: 'invitation' | 'form' | 'waiting') => Promise<void> = () => Promise.resolve(),
): Promise<{ guest: Page; link: string }> {
  const texts = ui.en.videoCall.guests;
  await clinician.getByRole('button', { name: texts.invite, exact: true }).click();
  const dialog = clinician.getByRole('dialog', { name: texts.inviteTitle });
  await dialog.waitFor();
  await check(clinician, 'invitation');
  await dialog.getByRole('button', { name: texts.create, exact: true }).click();
  const link = await dialog.getByTestId('guest-link').inputValue();
  await dialog.getByRole('button', { name: texts.done, exact: true }).click();

  const guest = await openGuestLink(stack, link, name, (page) => check(page, 'form'));
  await guest.locator('[data-testid=clinician-presence][data-online=true]').waitFor();
  const entry = clinician.getByTestId('call-guest').filter({ hasText: name });
  await entry.getByText(texts.states.waiting).waitFor({ timeout: 2000 });
  await check(guest, 'waiting');
  await clinician
    .getByRole('button', { name: ui.en.videoCall.waitingRoom.admitOf.replace('{{name}}', name), exact: true })
    .click();
  return { guest, link };
}
