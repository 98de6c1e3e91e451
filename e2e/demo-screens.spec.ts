import {
  addPatientNoAuth,
  changeActivationStatus,
  createSchedule,
  getMedicalRecord,
  getMyPatients,
  type MedicalRecordItem,
  type PatientListItem,
} from '@clinic/contract';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from './harness.ts';
import { acceptCookies, accessTokenOf, callApi, logIn, middayZone, ui } from './steps.ts';

/** The demo clinic as a new user meets it: the demo clinician's screens at 1280 x 800. */
const t = ui.en;
let stack: Stack;
let page: Page;
let token: string;

let patients: PatientListItem[];

beforeAll(async () => {
  stack = await startStack();
  page = await stack.newPage();
  await page.goto('/login');
  await acceptCookies(page);
  await logIn(page, 'demo@clinic.localhost', 'Demo-clinic-2026');
  await page.getByText(t.home.welcomeNamed.replace('{{name}}', 'Dana Demo')).waitFor();
  token = await accessTokenOf(page);
  ({ patientList: patients } = await callApi(stack, getMyPatients, {}, token));
});
afterAll(() => stack?.close());

/** Whether the element's text is cut: it, or a box around it up to the page's main area, scrolls sideways. */
function isCut(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    for (let node: Element | null = element; node && node.tagName !== 'MAIN'; node = node.parentElement) {
      if (node.scrollWidth > node.clientWidth + 1) return true;
    }
    return element.getBoundingClientRect().right > document.documentElement.clientWidth;
  });
}

/** How many lines the element's text takes. */
function linesOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
}

/** The element's text, line by line as laid out. */
function linesTextOf(locator: Locator): Promise<string[]> {
  return locator.evaluate((element) => {
    const lines = new Map<number, string>();
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let offset = 0; offset < (node.textContent ?? '').length; offset++) {
        range.setStart(node, offset);
        range.setEnd(node, offset + 1);
        const top = Math.round(range.getBoundingClientRect().top);
        lines.set(top, (lines.get(top) ?? '') + (node.textContent ?? '')[offset]);
      }
    }
    return [...lines.entries()].sort(([above], [below]) => above - below).map(([, text]) => text);
  });
}

async function boxOf(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not shown');
  return box;
}

function patientOf(predicate: (patient: PatientListItem) => boolean): PatientListItem {
  const patient = patients.find(predicate);
  if (!patient) throw new Error('no such demo patient');
  return patient;
}

describe('the demo clinic at 1280 px', () => {
  it('says before the booking form that a patient without the app cannot have a visit', async () => {
    const patient = patientOf((candidate) => !candidate.isAppMember);
    await page.goto(`/patientList/details/remote?id=${patient.seqMedicalRelation}`);
    const book = page.getByRole('button', { name: t.schedule.patientTab.book, exact: true });
    await book.waitFor();
    expect(await book.isDisabled()).toBe(true);
    await page.getByText(t.schedule.patientTab.notAppMember).waitFor();
    expect(await book.getAttribute('aria-describedby')).toBeTruthy();
  });

  it('keeps a long e-mail address apart from the registration date on the dashboard', async () => {
    // The demo fills its plan: one patient makes room.
    await callApi(
      stack,
      changeActivationStatus,
      { seqMedicalRelation: patients.at(-1)!.seqMedicalRelation, isEnabled: false },
      token,
    );
    const email = 'maximiliana.oberschwester-kowalczyk.rehabilitation@long-example-clinic.com';
    const { seqMedicalRelation } = await callApi(
      stack,
      addPatientNoAuth,
      {
        patientName: 'Maximiliana Kowalczyk',
        patientEmail: email,
        patientInfoBirth: '1958-03-14',
        patientInfoGender: 'F',
        heightCm: 165,
        weightKg: 61,
        deviceType: 1,
      },
      token,
    );
    await page.goto(`/patientList/details?id=${seqMedicalRelation}`);
    const shownEmail = page.getByText(email, { exact: true });
    await shownEmail.waitFor();
    const registered = page.getByText(t.patients.columns.registered, { exact: true }).locator('xpath=..');
    const [emailBox, registeredBox] = [await boxOf(shownEmail), await boxOf(registered)];
    const apart =
      emailBox.x + emailBox.width <= registeredBox.x + 1 ||
      registeredBox.x + registeredBox.width <= emailBox.x + 1 ||
      emailBox.y + emailBox.height <= registeredBox.y + 1 ||
      registeredBox.y + registeredBox.height <= emailBox.y + 1;
    expect(apart).toBe(true);
    expect(await isCut(shownEmail)).toBe(false);
    // Where it wraps, it wraps after the @ or a hyphen or before a dot, never inside a word.
    const lines = await linesTextOf(shownEmail);
    expect(lines.join('')).toBe(email);
    for (const [index, line] of lines.entries()) {
      const before = lines[index - 1];
      if (before) expect(line.startsWith('.') || /[@-]$/.test(before), lines.join(' | ')).toBe(true);
    }
  });

  it('shows the whole device-records table on the history tab, each joint on one line', async () => {
    const member = patientOf((candidate) => candidate.isAppMember);
    await page.goto(`/patientList/details/history?id=${member.seqMedicalRelation}`);
    const records = page.getByRole('table', { name: t.exercises.recordsLabel }).first();
    await records.locator('tbody tr').first().waitFor();
    expect(await isCut(records)).toBe(false);
    const prescribed = records.getByRole('columnheader', { name: t.exercises.recordColumns.prescribed });
    expect(await isCut(prescribed)).toBe(false);
    const joints = records.locator('tbody tr td:nth-child(2)');
    for (let row = 0; row < (await joints.count()); row++) expect(await linesOf(joints.nth(row))).toBe(1);
  });

  it("shows whole names and statuses in home's list of today's visits", async () => {
    // A visit later today with the demo patient of the longest name, in a browser where it is now
    // midday, so that the visit half an hour on falls on the same day whatever the hour.
    const member = patients
      .filter((candidate) => candidate.isAppMember)
      .sort((left, right) => right.patientName.length - left.patientName.length)[0]!;
    const timeZone = middayZone();
    const start = new Date(Math.ceil((Date.now() + 30 * 60_000) / 900_000) * 900_000);
    await callApi(
      stack,
      createSchedule,
      {
        seqMedicalRelation: member.seqMedicalRelation,
        scheduleExpectStartDatetime: start.toISOString(),
        scheduleExpectProgressTime: '00:15:00',
      },
      token,
      timeZone,
    );
    const home = await stack.newPage({ timezoneId: timeZone });
    await home.goto('/login');
    await acceptCookies(home);
    await logIn(home, 'demo@clinic.localhost', 'Demo-clinic-2026');
    const today = home.getByRole('region', { name: t.schedule.todayTitle });
    const visits = today.locator('li');
    await today.getByText(member.patientName, { exact: true }).first().waitFor();
    for (let index = 0; index < (await visits.count()); index++) {
      const visit = visits.nth(index);
      const name = visit.getByText(member.patientName, { exact: true });
      if ((await name.count()) > 0) {
        expect(await isCut(name)).toBe(false);
        expect(await linesOf(name)).toBe(1);
      }
      expect(await isCut(visit.locator('.mantine-Badge-label'))).toBe(false);
      // The time and the length of the visit, "min" included, on one line.
      expect(await linesOf(visit.getByText(/–.*·/))).toBe(1);
    }
    await home.context().close();
  });

  it('keeps the visits, with their notes and symptoms, in the medical record with the notes', async () => {
    const visitOf = (item: MedicalRecordItem) => (item.kind === 'visit' ? item.visit : undefined);
    const members = patients.filter((candidate) => candidate.isAppMember);
    const records = await Promise.all(
      members.map(async (member) => ({
        member,
        record: (await callApi(stack, getMedicalRecord, member, token)).record,
      })),
    );
    const held = records.find(({ record }) => record.some((item) => visitOf(item)?.scheduleNote));
    const booked = records.find(({ record }) => record.some((item) => visitOf(item)?.scheduleSymptoms));
    if (!held || !booked) throw new Error('the demo has no visit with a note and one with symptoms');

    await page.goto(`/patientList/details/record?id=${held.member.seqMedicalRelation}`);
    const section = page.getByRole('region', { name: t.record.title });
    await section.getByText(t.record.intro, { exact: true }).waitFor();
    await section.getByText(t.record.visitEntry).first().waitFor();
    const note = held.record.map(visitOf).find((visit) => visit?.scheduleNote)?.scheduleNote ?? '';
    await section.getByText(note).first().waitFor();
    await section.getByText(t.schedule.states.completed).first().waitFor();

    await page.goto(`/patientList/details/record?id=${booked.member.seqMedicalRelation}`);
    const symptoms = booked.record.map(visitOf).find((visit) => visit?.scheduleSymptoms)?.scheduleSymptoms ?? '';
    await section.getByText(symptoms).waitFor();
    await section.getByText(t.schedule.fields.symptoms).waitFor();
  });
});
