import { inviteGuest, messages, removeGuest, ScheduleStatus } from '@clinic/contract';
import pg from 'pg';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import patientEn from '../apps/patient/web/locales/en.json';
import { expectAccessible, startStack, type Stack } from './harness.ts';
import { callApi, pushToWorker, shownNotifications, ui } from './steps.ts';
import {
  admitFromWaitingRoom,
  bookCallableVisit,
  bookVisit,
  callContext,
  callStatus,
  clinicianWithMember,
  clockSeconds,
  diagnose,
  guestLinkRefused,
  openGuestLink,
  patientSignIn,
  remoteVideoPlays,
  visitOf,
  zoneForComingQuarters,
} from './visit-steps.ts';

/** The clinician app's words, and the patient client's. */
const t = ui.en;
const p = patientEn;

const quarterMs = 15 * 60_000;

const button = (page: Page | Locator, name: string) => page.getByRole('button', { name, exact: true });

/** The clinician's call status, read at once. */
const statusOf = (page: Page) => page.getByTestId('call-status').getAttribute('data-status');

/** The seconds on the clinician's call timer. */
const elapsedOf = async (page: Page) => Number(await page.getByTestId('call-timer').getAttribute('data-elapsed'));

/** Waits for a status on both screens, telling what they show when it does not come. */
async function bothAt(clinician: Page, clinicianStatus: string, patient: Page, patientStatus: string): Promise<void> {
  try {
    await Promise.all([callStatus(clinician, clinicianStatus), callStatus(patient, patientStatus)]);
  } catch (error) {
    throw new Error(
      `expected ${clinicianStatus} / ${patientStatus}: ${await diagnose(clinician, patient)}\n${String(error)}`,
    );
  }
}

/** Ends the call on the clinician's screen through the yes/no confirmation. */
async function endWithConfirmation(clinician: Page): Promise<number> {
  await button(clinician, t.videoCall.end).click();
  const confirm = clinician.getByRole('dialog', { name: t.videoCall.confirmEnd.title });
  await confirm.waitFor();
  const shown = await elapsedOf(clinician);
  await button(confirm, t.common.yes).click();
  await callStatus(clinician, 'waiting');
  await expect.poll(() => clinician.getByTestId('call-status').textContent()).toContain(t.videoCall.status.completed);
  return shown;
}

describe('video visit in the browser, one server', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({}, { media: true });
  });
  afterAll(() => stack?.close());

  it('refuses an early start, connects both videos, works its controls, survives the patient leaving and a reload of the screen, saves the note and completes the visit', async () => {
    const testStarted = Date.now();
    const zone = zoneForComingQuarters(4);
    const { clinician, token, userEmail, patientName, seqMedicalRelation } = await clinicianWithMember(stack, zone);
    // The coming quarter hour may be called now; half an hour later is too early.
    const { seqSchedule: inWindow, start: soon } = await bookCallableVisit(stack.url, token, {
      seqMedicalRelation,
      length: '00:30:00',
      timeZone: zone,
    });
    const later = new Date(soon.getTime() + 2 * quarterMs);
    const tooEarly = await bookVisit(stack.url, token, {
      seqMedicalRelation,
      start: later,
      length: '00:30:00',
      timeZone: zone,
    });

    // Start more than 15 minutes ahead is refused with its message, and the screen keeps waiting.
    await clinician.goto(`/remote?seqSchedule=${tooEarly}`);
    await callStatus(clinician, 'waiting');
    await button(clinician, t.videoCall.start).click();
    await clinician.getByRole('alert').filter({ hasText: messages.en.SE0121 }).waitFor();
    expect(await statusOf(clinician)).toBe('waiting');
    await button(clinician, t.videoCall.ok).click();
    await button(clinician, t.videoCall.start).waitFor();
    expect(await statusOf(clinician)).toBe('waiting');
    expect((await visitOf(stack.url, token, seqMedicalRelation, tooEarly)).scheduleStatus).toBe(ScheduleStatus.waiting);

    // The patient signs in to the patient client in a second browser: the coming visit's waiting
    // room is open.
    const patient = await (await callContext(stack, { width: 390, timezoneId: zone })).newPage();
    await patientSignIn(patient, stack.url, userEmail);
    await button(patient, p.call.join).waitFor();

    // Inside the window: Start opens the call, the patient joins, both see each other.
    await clinician.goto(`/remote?seqSchedule=${inWindow}`);
    await callStatus(clinician, 'waiting');
    const heartbeat = clinician.waitForRequest(
      (request) => new URL(request.url()).pathname === '/api/meeting/sendHeartbeat',
    );
    await button(clinician, t.videoCall.start).click();
    // The open call says at once, and then every half minute, that its browser is still there: the
    // server closes a call silent for longer (meeting.int.test.ts, on a controlled clock).
    const beat = await heartbeat;
    expect(beat.postDataJSON()).toMatchObject({ seqSchedule: inWindow });
    expect(await (await beat.response())?.json()).toEqual({ isSuccess: true });
    await callStatus(clinician, 'connecting');
    await button(patient, p.call.join).click();
    await admitFromWaitingRoom(clinician, patient, patientName);
    await bothAt(clinician, 'on', patient, 'connected');
    const onAt = Date.now();
    const clinicianSees = await remoteVideoPlays(clinician);
    const patientSees = await remoteVideoPlays(patient);
    expect(clinicianSees.width).toBeGreaterThan(0);
    expect(patientSees.width).toBeGreaterThan(0);

    // The timer runs: a tick a second.
    const timer = clinician.getByTestId('call-timer');
    const before = { elapsed: await elapsedOf(clinician), text: await timer.textContent() };
    await expect.poll(() => elapsedOf(clinician), { timeout: 10_000 }).toBeGreaterThanOrEqual(before.elapsed + 2);
    expect(await timer.textContent()).not.toBe(before.text);

    // Both call screens during the call.
    await expectAccessible(clinician, 'the clinician’s call screen');
    await expectAccessible(patient, 'the patient’s call screen');

    // The controls during the call: microphone and camera off and on again, the views swapped and
    // back, the patient's video mirrored by a click, the devices set with the camera flipped.
    for (const [off, on] of [
      [t.videoCall.controls.micOff, t.videoCall.controls.micOn],
      [t.videoCall.controls.cameraOff, t.videoCall.controls.cameraOn],
    ] as const) {
      await button(clinician, off).click();
      expect(await button(clinician, on).getAttribute('aria-pressed')).toBe('true');
      await button(clinician, on).click();
      expect(await button(clinician, off).getAttribute('aria-pressed')).toBe('false');
    }
    await button(clinician, t.videoCall.controls.swap).click();
    expect(await button(clinician, t.videoCall.controls.swap).getAttribute('aria-pressed')).toBe('true');
    await button(clinician, t.videoCall.controls.swap).click();
    await clinician.getByTestId('remote-video').click();
    expect(await clinician.getByTestId('remote-video').getAttribute('data-mirrored')).toBe('true');
    await button(clinician, t.videoCall.settings).click();
    const devices = clinician.getByRole('dialog', { name: t.videoCall.devices.title });
    await devices.getByLabel(t.videoCall.devices.flip).check();
    await button(devices, t.videoCall.devices.complete).click();
    await devices.waitFor({ state: 'hidden' });
    expect(await clinician.getByTestId('self-video').getAttribute('data-flipped')).toBe('true');
    const kept = await clinician.evaluate(() => localStorage.getItem('preSetDeviceId'));
    expect(JSON.parse(kept ?? '{}')).toHaveProperty('videoInputDeviceId');
    expect(await statusOf(clinician)).toBe('on');
    // The side panel's symptoms tab: this patient sent none.
    await clinician.getByRole('tab', { name: t.videoCall.panel.symptomsTab }).click();
    await clinician.getByText(t.videoCall.panel.noSymptoms).waitFor();
    await clinician.getByRole('tab', { name: t.videoCall.panel.noteTab }).click();

    // The patient leaves: the clinician sees it; the patient joins again (let into this call
    // already, without waiting) and both videos come back.
    await button(patient, p.call.leave).click();
    await callStatus(clinician, 'left');
    await button(patient, p.call.join).click();
    await bothAt(clinician, 'on', patient, 'connected');
    await remoteVideoPlays(clinician);
    await remoteVideoPlays(patient);

    // The visit note is written and saved in the side panel.
    const note = `Knee flexion 110°, less pain on stairs. Keep the exercises. ${Date.now()}`;
    await clinician.getByRole('textbox', { name: t.videoCall.panel.note }).fill(note);
    await button(clinician, t.videoCall.panel.save).click();
    await button(clinician, t.videoCall.panel.saved).waitFor();

    // The screen reloads during the call, after the browser's confirmation: its call closes and the
    // patient is told; Start opens it again, the patient joins again and is admitted again, and the
    // timer carries on from the moment both were first present.
    const beforeReload = await elapsedOf(clinician);
    clinician.once('dialog', (dialog) => void dialog.accept());
    await clinician.reload();
    await callStatus(patient, 'ended');
    await button(patient, p.call.back).click();
    await callStatus(clinician, 'waiting');
    await button(clinician, t.videoCall.start).click();
    await button(patient, p.call.join).click();
    await admitFromWaitingRoom(clinician, patient, patientName);
    await bothAt(clinician, 'on', patient, 'connected');
    await remoteVideoPlays(clinician);
    await expect.poll(() => elapsedOf(clinician)).toBeGreaterThan(beforeReload);

    // End, confirmed, completes the visit with the measured length.
    const ranSeconds = Math.floor((Date.now() - onAt) / 1000);
    const shownAtEnd = await endWithConfirmation(clinician);
    await callStatus(patient, 'ended');
    await patient.getByText(p.call.ended).waitFor();

    const visit = await visitOf(stack.url, token, seqMedicalRelation, inWindow);
    expect(visit.scheduleStatus).toBe(ScheduleStatus.completed);
    expect(visit.scheduleNote).toBe(note);
    expect(visit.scheduleProgressTime).toMatch(/^\d{2}:[0-5]\d:[0-5]\d$/);
    const measured = clockSeconds(visit.scheduleProgressTime ?? '');
    // The timer ticks once a second from the moment both were present (before "on" was seen).
    expect(measured).toBeGreaterThanOrEqual(Math.max(shownAtEnd, ranSeconds - 1));
    expect(measured).toBeLessThan(180);
    const startedAt = Date.parse(visit.scheduleStartDatetime ?? '');
    expect(startedAt).toBeGreaterThanOrEqual(testStarted);
    expect(startedAt).toBeLessThanOrEqual(onAt);
    // The early visit was never started.
    expect((await visitOf(stack.url, token, seqMedicalRelation, tooEarly)).scheduleStatus).toBe(ScheduleStatus.waiting);
  }, 300_000);
});

describe('the waiting room of a video visit', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({}, { media: true });
  });
  afterAll(() => stack?.close());

  it('shows the patient waiting on the clinician’s home at once, lets no media through before Admit, and pushes a clinician with no tab', async () => {
    const zone = zoneForComingQuarters(2);
    const { clinician, token, userEmail, patientName, seqMedicalRelation } = await clinicianWithMember(
      stack,
      zone,
      'Min-jun Chan',
    );
    const { seqSchedule } = await bookCallableVisit(stack.url, token, {
      seqMedicalRelation,
      length: '00:30:00',
      timeZone: zone,
    });
    const entry = (page: Page) => page.getByTestId('waiting-patient').filter({ hasText: patientName });

    // With no tab of the clinician's open, an arrival is a Web Push whose tap opens the visit.
    const push = await pushToWorker(stack, clinician);
    await clinician.goto('about:blank');
    await push({ key: 'waiting-1', kind: 'waiting', seqSchedule, patientName, time: new Date().toISOString() });
    await expect
      .poll(async () =>
        (await shownNotifications(clinician.context(), '/sw.js')).map(({ body, data }) => ({
          body,
          path: (data as { path: string }).path,
        })),
      )
      .toEqual([
        { body: `${patientName} is waiting in the waiting room.`, path: `/remote?seqSchedule=${seqSchedule}` },
      ]);

    // The clinician's home is open; the patient comes to the waiting room: it shows within 2 s.
    await clinician.goto('/');
    await clinician.locator('[data-testid="notification-badge"][data-realtime="ready"]').waitFor();
    const patient = await (await callContext(stack, { width: 390, timezoneId: zone })).newPage();
    await patientSignIn(patient, stack.url, userEmail);
    await button(patient, p.call.join).click();
    await callStatus(patient, 'lobby');
    await patient.locator('[data-testid=clinician-presence][data-online=true]').waitFor();
    await entry(clinician).waitFor({ timeout: 2000 });
    expect(await entry(clinician).textContent()).toContain(
      t.videoCall.waitingRoom.waitingSince.replace('{{name}}', patientName).split('{{time}}')[0],
    );
    // The knock waits 30 s after the arrival.
    expect(await button(patient, p.call.lobby.knock).isDisabled()).toBe(true);
    await expectAccessible(patient, 'the patient’s waiting room');
    await expectAccessible(clinician, 'the clinician’s home with a patient waiting');

    // The sound can be turned off, and stays off in this browser.
    const sound = clinician.getByRole('switch', { name: t.videoCall.waitingRoom.sound });
    await sound.click({ force: true });
    await clinician.reload();
    expect(await clinician.getByRole('switch', { name: t.videoCall.waitingRoom.sound }).isChecked()).toBe(false);

    // The visit's screen: the call starts, yet nothing reaches either side before Admit.
    await clinician.goto(`/remote?seqSchedule=${seqSchedule}`);
    await entry(clinician).getByText(t.videoCall.waitingRoom.startFirst).waitFor();
    await callStatus(clinician, 'waiting');
    await button(clinician, t.videoCall.start).click();
    await callStatus(clinician, 'connecting');
    const admit = button(clinician, t.videoCall.waitingRoom.admitOf.replace('{{name}}', patientName));
    await admit.waitFor();
    expect(await statusOf(patient)).toBe('lobby');
    const noPicture = (page: Page) =>
      page.evaluate(() => {
        const video = document.querySelector<HTMLVideoElement>('[data-testid=remote-video]');
        return video === null || video.srcObject === null || video.videoWidth === 0;
      });
    expect(await noPicture(clinician)).toBe(true);
    expect(await noPicture(patient)).toBe(true);
    await expectAccessible(clinician, 'the clinician’s call screen with a patient waiting');

    await admit.click();
    await bothAt(clinician, 'on', patient, 'connected');
    await remoteVideoPlays(clinician);
    await remoteVideoPlays(patient);
    await entry(clinician).waitFor({ state: 'detached' });
    await endWithConfirmation(clinician);
    await callStatus(patient, 'ended');
  }, 300_000);
});

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

/** Makes a guest's link expire a minute ago. */
async function expireGuestLink(schema: string, guestId: string): Promise<void> {
  const db = new pg.Client({ connectionString: process.env.MIGRATION_DATABASE_URL ?? databaseUrl });
  await db.connect();
  try {
    await db.query(`update "${schema}".call_guest set expires_at = now() - interval '1 minute' where id = $1`, [
      guestId,
    ]);
  } finally {
    await db.end();
  }
}

describe.runIf(databaseUrl && redisUrl)('video visit in the browser, two server instances', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack(
      {},
      {
        media: true,
        shared: {
          databaseUrl: databaseUrl!,
          migrationDatabaseUrl: process.env.MIGRATION_DATABASE_URL,
          redisUrl: redisUrl!,
        },
      },
    );
  });
  afterAll(() => stack?.close());

  it('connects a clinician on one instance with a patient on the other, refuses spent guest links there, and completes the visit', async () => {
    const [clinicianServer, patientServer] = stack.urls;
    expect(patientServer).toBeDefined();
    expect(patientServer).not.toBe(clinicianServer);
    const zone = zoneForComingQuarters(2);
    const { clinician, token, userEmail, patientName, seqMedicalRelation } = await clinicianWithMember(stack, zone);
    const { seqSchedule } = await bookCallableVisit(stack.url, token, {
      seqMedicalRelation,
      length: '00:30:00',
      timeZone: zone,
    });
    const patient = await (await callContext(stack, { width: 390, timezoneId: zone })).newPage();
    await patientSignIn(patient, patientServer!, userEmail);

    await clinician.goto(`/remote?seqSchedule=${seqSchedule}`);
    await callStatus(clinician, 'waiting');
    await button(clinician, t.videoCall.start).click();
    await callStatus(clinician, 'connecting');
    await button(patient, p.call.join).click();
    await admitFromWaitingRoom(clinician, patient, patientName);
    await bothAt(clinician, 'on', patient, 'connected');
    const onAt = Date.now();
    await remoteVideoPlays(clinician);
    await remoteVideoPlays(patient);
    // A call of a second at least.
    await expect.poll(() => elapsedOf(clinician), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);

    // Guest links of the visit, opened on the other instance: refused once used, once expired, and
    // (below) once the visit ended, each with the same words.
    const invite = async () => {
      const { link, guest } = await callApi(stack, inviteGuest, { seqSchedule, validMinutes: 15 }, token);
      return { link: new URL(new URL(link).pathname + new URL(link).hash, patientServer).href, guestId: guest.guestId };
    };
    const used = await invite();
    const firstUse = await openGuestLink(stack, used.link, 'Ji-woo Chan');
    await firstUse.getByTestId('clinician-presence').waitFor();
    await guestLinkRefused(stack, used.link);
    await firstUse.context().close();
    await callApi(stack, removeGuest, { seqSchedule, guestId: used.guestId }, token);
    const [expired, outlived] = [await invite(), await invite()];
    await expireGuestLink(stack.schema!, expired.guestId);
    await guestLinkRefused(stack, expired.link);

    const ranSeconds = Math.floor((Date.now() - onAt) / 1000);
    const shownAtEnd = await endWithConfirmation(clinician);
    await callStatus(patient, 'ended');

    await guestLinkRefused(stack, outlived.link);

    // Either instance reads the completed visit from the shared database.
    for (const server of [clinicianServer!, patientServer!]) {
      const visit = await visitOf(server, token, seqMedicalRelation, seqSchedule);
      expect(visit.scheduleStatus).toBe(ScheduleStatus.completed);
      const measured = clockSeconds(visit.scheduleProgressTime ?? '');
      expect(measured).toBeGreaterThanOrEqual(Math.max(shownAtEnd, ranSeconds - 1, 1));
      expect(measured).toBeLessThan(180);
    }
  }, 300_000);
});
