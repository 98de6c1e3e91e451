import {
  addPatient,
  cancelNotStartedYetSchedule,
  createSchedule,
  getAllScheduleByRangeForClinic,
  updateReservableTimeline,
} from '@clinic/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import patientEn from '../apps/patient/web/locales/en.json';
import { expectAccessible, startStack, type Stack } from './harness.ts';
import { accessTokenOf, appMember, callApi, newClinicianSession, ui } from './steps.ts';

/** The patient client's own words, and the clinician app's. */
const p = patientEn;
const t = ui.en;

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

/** The time zone of this machine, which Chromium uses too unless told otherwise. */
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

describe('the patient web client', () => {
  it('books the first free slot and the clinician’s open calendar shows the visit without a reload', async () => {
    const patientName = 'Ida Novak';
    const userEmail = `ida.${Date.now()}@example.com`;
    const member = await appMember(stack, {
      userEmail,
      patientName,
      patientInfoBirth: '1958-03-09',
      patientInfoGender: 'F',
    });

    // A fresh clinician registers the member and opens every day from 07:00 to 21:00.
    const { page: clinicianPage } = await newClinicianSession(stack);
    const clinicianToken = await accessTokenOf(clinicianPage);
    await callApi(
      stack,
      addPatient,
      { patientSyncAuthCode: member.code, heightCm: 165, weightKg: 60, deviceType: 1 },
      clinicianToken,
    );
    await callApi(
      stack,
      updateReservableTimeline,
      {
        timeline: [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({ dayOfWeek, startTime: '07:00', endTime: '21:00' })),
      },
      clinicianToken,
      timeZone,
    );
    await clinicianPage.goto('/appointments');
    await clinicianPage.waitForURL('**/appointments**');
    await clinicianPage.waitForLoadState('networkidle');
    // The calendar's socket is ready before the patient books, so the booking's notification reaches it.
    await clinicianPage.locator('[data-testid="notification-badge"][data-realtime="ready"]').waitFor();

    // The patient signs in to the patient client on a phone-sized screen in a second browser.
    const patientContext = await stack.newContext({ width: 390 });
    const patientPage = await patientContext.newPage();
    await patientPage.goto(`${stack.url}/patient/`);
    await patientPage.getByLabel(p.login.email, { exact: true }).fill(userEmail);
    await patientPage.getByLabel(p.login.password, { exact: true }).fill('Wrong-pass-2026');
    await patientPage.getByRole('button', { name: p.login.submit, exact: true }).click();
    await patientPage.getByRole('alert').waitFor();
    await expectAccessible(patientPage, 'patient client, sign-in with an error');
    await patientPage.getByLabel(p.login.password, { exact: true }).fill('Member-pass-2026');
    await patientPage.getByRole('button', { name: p.login.submit, exact: true }).click();
    await patientPage.getByRole('heading', { name: p.home.upcoming }).waitFor();
    await patientPage.getByText(p.home.noUpcoming).waitFor();
    await expectAccessible(patientPage, 'patient client, home');
    // The session is kept under the patient's own keys, apart from the clinician app's.
    const stored = await patientPage.evaluate(() => ({
      patient: localStorage.getItem('patientAccessToken'),
      clinician: localStorage.getItem('accessToken'),
    }));
    expect(stored.patient).toBeTruthy();
    expect(stored.clinician).toBeNull();

    // Book the first free slot with the only clinician.
    await patientPage.getByRole('button', { name: p.home.book, exact: true }).click();
    await patientPage.getByRole('heading', { name: p.book.title }).waitFor();
    const freeTimes = patientPage.getByRole('region', { name: p.book.freeTimes });
    const firstSlot = freeTimes.getByRole('group').first().getByRole('button').first();
    await firstSlot.waitFor({ timeout: 30_000 });
    await expectAccessible(patientPage, 'patient client, booking');
    const slotLabel = await firstSlot.getAttribute('aria-label');
    await firstSlot.click();
    expect(await firstSlot.getAttribute('aria-pressed')).toBe('true');
    await patientPage.getByLabel(p.book.symptoms).fill('Stiff right knee after climbing stairs.');
    await patientPage.getByRole('button', { name: p.book.submit, exact: true }).click();

    // Back home, the visit is listed as booked.
    await patientPage.getByRole('heading', { name: p.home.upcoming }).waitFor();
    const visit = patientPage
      .getByRole('article')
      .filter({ has: patientPage.getByRole('button', { name: p.visit.cancel }) })
      .first();
    await visit.waitFor();
    expect(await visit.textContent()).toContain('Grace Hopper');
    if (slotLabel) expect(await visit.getAttribute('aria-label')).toContain(slotLabel);

    // The server has it as booked by the patient.
    const from = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const { scheduleList } = await callApi(
      stack,
      getAllScheduleByRangeForClinic,
      { startDate: from, endDate: to },
      clinicianToken,
    );
    expect(scheduleList).toEqual([expect.objectContaining({ patientName, bookedBy: 'patient' })]);

    // Without a reload, the clinician's bell shows one unread notification naming the patient...
    const bellWithOne = clinicianPage.getByRole('button', {
      name: t.notifications.bellUnread.replace('{{unread}}', '1'),
      exact: true,
    });
    await bellWithOne.waitFor({ timeout: 30_000 });
    await bellWithOne.click();
    const item = clinicianPage
      .getByRole('dialog', { name: t.notifications.title })
      .getByTestId('notification-item')
      .filter({ hasText: patientName });
    await item.waitFor();
    expect(await item.getAttribute('data-read')).toBe('false');
    await expectAccessible(clinicianPage, 'notification popover');
    await clinicianPage.keyboard.press('Escape');
    // ...and the open week's calendar holds the visit (the first free slot lies in this week unless
    // the test runs on a Sunday evening, when it is next Monday's).
    const start = new Date(scheduleList[0]!.scheduleExpectStartDatetime);
    const monday = new Date();
    monday.setHours(0, 0, 0, 0);
    monday.setDate(monday.getDate() - ((monday.getDay() + 6) % 7));
    if (start.getTime() < monday.getTime() + 7 * 86_400_000) {
      await clinicianPage
        .getByRole('button', { name: new RegExp(`^\\d{2}:\\d{2} ${patientName}, `) })
        .first()
        .waitFor();
    }
    expect(clinicianPage.url()).toContain('/appointments');

    await patientContext.close();
    await clinicianPage.context().close();
  });
  it('attaches symptoms and a photo, hears about the clinician’s booking and cancelling, and cancels a visit', async () => {
    const patientName = 'Tomas Berg';
    const userEmail = `tomas.${Date.now()}@example.com`;
    const member = await appMember(stack, {
      userEmail,
      patientName,
      patientInfoBirth: '1970-07-01',
      patientInfoGender: 'M',
    });
    const { page: clinicianPage } = await newClinicianSession(stack);
    const clinicianToken = await accessTokenOf(clinicianPage);
    const { seqMedicalRelation } = await callApi(
      stack,
      addPatient,
      { patientSyncAuthCode: member.code, heightCm: 180, weightKg: 80, deviceType: 1 },
      clinicianToken,
    );

    const patientContext = await stack.newContext({ width: 390 });
    const patientPage = await patientContext.newPage();
    await patientPage.goto(`${stack.url}/patient/`);
    await patientPage.getByLabel(p.login.email, { exact: true }).fill(userEmail);
    await patientPage.getByLabel(p.login.password, { exact: true }).fill('Member-pass-2026');
    await patientPage.getByRole('button', { name: p.login.submit, exact: true }).click();
    await patientPage.getByText(p.home.noUpcoming).waitFor();
    // The socket has authenticated before the clinician acts.
    await patientPage.getByText(p.app.live).waitFor({ state: 'attached' });

    // The clinician books two visits; the patient is told and sees them without a reload.
    const day = (offset: number, hour: number): string => {
      const date = new Date(Date.now() + offset * 86_400_000);
      date.setUTCHours(hour, 0, 0, 0);
      return date.toISOString().replace('.000Z', 'Z');
    };
    const booked: number[] = [];
    for (const start of [day(1, 10), day(4, 10)]) {
      const { schedule } = await callApi(
        stack,
        createSchedule,
        { seqMedicalRelation, scheduleExpectStartDatetime: start, scheduleExpectProgressTime: '00:30:00' },
        clinicianToken,
      );
      booked.push(schedule.seqSchedule);
    }
    // A waiting visit is one the patient can still cancel.
    const waiting = patientPage
      .getByRole('article')
      .filter({ has: patientPage.getByRole('button', { name: p.visit.cancel }) });
    await expect.poll(() => waiting.count(), { timeout: 20_000 }).toBe(2);
    await patientPage.getByText(p.notifications.title).first().waitFor();

    // Symptoms and a photo on the first visit, its dialog opened and closed with the keyboard: it
    // gives the focus back to the button that opened it.
    const symptomsButton = waiting.first().getByRole('button', { name: p.visit.symptoms });
    const symptoms = patientPage.getByRole('dialog', { name: p.symptoms.title });
    await symptomsButton.focus();
    await patientPage.keyboard.press('Enter');
    await symptoms.waitFor();
    await expectAccessible(patientPage, 'patient client, symptoms dialog');
    await patientPage.keyboard.press('Escape');
    await symptoms.waitFor({ state: 'hidden' });
    await expect.poll(() => symptomsButton.evaluate((button) => button === document.activeElement)).toBe(true);
    await patientPage.keyboard.press('Enter');
    await symptoms.getByLabel(p.symptoms.text).fill('Swollen left ankle in the mornings.');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    await symptoms.locator('input[type=file]').setInputFiles({ name: 'ankle.png', mimeType: 'image/png', buffer: png });
    await symptoms.getByRole('button', { name: p.symptoms.removePhoto.replace('{{number}}', '1') }).waitFor();
    // The patient sees the photo itself, read back from the server with their own session.
    const preview = symptoms.getByRole('img', { name: p.symptoms.photoAlt.replace('{{number}}', '1') });
    await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);
    await symptoms.getByRole('button', { name: p.symptoms.save }).click();
    await symptoms.waitFor({ state: 'hidden' });
    await patientPage
      .getByRole('alert')
      .filter({ hasText: p.symptoms.saved })
      .getByRole('button', { name: p.common.close, exact: true })
      .waitFor();
    await expect.poll(() => symptomsButton.evaluate((button) => button === document.activeElement)).toBe(true);
    await waiting.first().getByText('Swollen left ankle in the mornings.', { exact: false }).waitFor();
    await waiting.first().getByText(p.visit.photos.replace('{{count}}', '1')).waitFor();

    // The clinician cancels the second visit: the patient is told and it moves to the past.
    await callApi(stack, cancelNotStartedYetSchedule, { seqSchedule: booked[1]! }, clinicianToken, timeZone);
    await expect.poll(() => waiting.count(), { timeout: 20_000 }).toBe(1);
    await patientPage.getByRole('article').filter({ hasText: p.visit.status.cancelled }).waitFor();

    // The clinician opens the waiting visit from the patient's remote tab and sees what was sent.
    await clinicianPage.goto(`/patientList/details/remote?id=${seqMedicalRelation}`);
    await clinicianPage.getByRole('row').filter({ hasText: t.schedule.patientTab.change }).getByRole('button').click();
    const visit = clinicianPage.getByRole('dialog', { name: t.schedule.modal.editTitle });
    await visit.getByText('Swollen left ankle in the mornings.').waitFor();
    await visit.getByRole('button', { name: t.schedule.openPhoto.replace('{{number}}', '1') }).click();
    const slider = clinicianPage.getByRole('dialog', { name: t.schedule.photosTitle.replace('{{name}}', patientName) });
    await slider.getByTestId('photo-counter').filter({ hasText: '1 / 1' }).waitFor();
    const photo = slider.getByRole('img', { name: t.imageSlider.photo.replace('{{number}}', '1') });
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);
    await slider.getByRole('button', { name: t.common.close }).click();
    // The photos in a window of their own, as the call screen opens them (a visit of tomorrow).
    await clinicianPage.goto(`/remote/photos?seqSchedule=${booked[0]}`);
    const windowPhoto = clinicianPage.getByRole('img', { name: t.imageSlider.photo.replace('{{number}}', '1') });
    await expect.poll(() => windowPhoto.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);
    await expectAccessible(clinicianPage, 'visit photos window');

    // The patient cancels the first one after confirming.
    await waiting.first().getByRole('button', { name: p.visit.cancel }).click();
    const confirm = patientPage.getByRole('dialog', { name: p.visit.cancelTitle });
    await confirm.waitFor();
    await expectAccessible(patientPage, 'patient client, cancel dialog');
    await confirm.getByRole('button', { name: p.visit.cancelConfirm }).click();
    await patientPage.getByText(p.home.noUpcoming).waitFor();
    expect(await patientPage.getByRole('article').filter({ hasText: p.visit.status.cancelled }).count()).toBe(2);

    // Signing out keeps nothing of the session.
    await patientPage.getByRole('button', { name: p.app.signOut }).click();
    await patientPage.getByRole('heading', { name: p.login.title }).waitFor();
    expect(await patientPage.evaluate(() => localStorage.getItem('patientAccessToken'))).toBeNull();

    await patientContext.close();
    await clinicianPage.context().close();
  });
});
