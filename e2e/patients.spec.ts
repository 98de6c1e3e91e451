import { addPatientNoAuth, messages } from '@clinic/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from './harness.ts';
import {
  acceptCookies,
  accessTokenOf,
  appMember,
  callApi,
  logIn,
  newClinicianSession,
  signUpAndVerify,
  ui,
} from './steps.ts';

const t = ui.en;
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

/** A patient registered through the API, to save time where the UI is not the point. */
function addPatientByApi(token: string, patientName: string, primaryDeviceType: 1 | 2 = 1) {
  return callApi(
    stack,
    addPatientNoAuth,
    {
      patientName,
      patientInfoBirth: '1970-05-20',
      patientInfoGender: 'M',
      heightCm: 180,
      weightKg: 80,
      deviceType: primaryDeviceType,
    },
    token,
  );
}

/** A PNG of the given size, drawn in the page with a canvas. */
async function makePng(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no canvas');
      const gradient = context.createLinearGradient(0, 0, w, h);
      gradient.addColorStop(0, '#0b7285');
      gradient.addColorStop(1, '#f08c00');
      context.fillStyle = gradient;
      context.fillRect(0, 0, w, h);
      return canvas.toDataURL('image/png').split(',')[1] ?? '';
    },
    [width, height] as const,
  );
  return Buffer.from(base64, 'base64');
}

function dataRows(page: Page) {
  return page.getByRole('table', { name: t.patients.list.tableLabel }).locator('tbody tr:not([aria-hidden])');
}

describe('patients, end to end', () => {
  it('registers a patient, edits the profile with a cropped image, records condition and notes, finds, deactivates and reaches the plan limit', async () => {
    const { page, clinician } = await newClinicianSession(stack);

    await page.getByRole('link', { name: t.menu.patientList, exact: true }).click();
    await page.getByRole('heading', { name: t.patients.list.title, exact: true }).waitFor();

    // Register a patient without a code.
    await page.getByRole('button', { name: t.patients.add.open, exact: true }).click();
    const addDialog = page.getByRole('dialog', { name: t.patients.add.title });
    await addDialog.waitFor();
    await addDialog.getByLabel(t.patients.fields.name, { exact: true }).fill('Ada Byron');
    await addDialog.getByLabel(t.patients.fields.emailOptional, { exact: true }).fill('ada.byron@example.com');
    await addDialog.getByLabel(t.patients.fields.birth, { exact: true }).fill('03/09/1956');
    await addDialog.getByRole('radio', { name: t.fields.genderFemale, exact: true }).check();
    await addDialog.getByLabel(t.patients.fields.heightFeet, { exact: true }).fill('5');
    await addDialog.getByLabel(t.patients.fields.heightInches, { exact: true }).pressSequentially('7.5');
    await addDialog.getByLabel(t.patients.fields.weightLb, { exact: true }).fill('150');
    await addDialog.getByRole('radio', { name: t.patients.device['2'], exact: true }).check();
    await addDialog.getByRole('button', { name: t.patients.add.submit, exact: true }).click();
    await page.getByText(t.patients.add.done).waitFor();
    await page.waitForURL('**/patientList/details/info?id=*');
    await page.getByRole('heading', { name: 'Ada Byron', level: 2 }).waitFor();
    expect(await page.getByLabel(t.patients.fields.heightInches, { exact: true }).inputValue()).toBe('7.5');
    expect(await page.getByLabel(t.patients.fields.weightLb, { exact: true }).inputValue()).toBe('150');
    expect(await page.getByLabel(t.patients.fields.birth, { exact: true }).inputValue()).toBe('03/09/1956');

    // Edit the profile with a cropped image.
    const png = await makePng(page, 800, 600);
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: png });
    const cropDialog = page.getByRole('dialog', { name: t.image.cropTitle });
    await cropDialog.waitFor();
    const frame = cropDialog.getByRole('group', { name: t.image.cropArea });
    await cropDialog.getByRole('slider', { name: t.image.cropSize }).focus();
    await page.keyboard.press('Home'); // the smallest frame: 80 x 96
    await frame.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await cropDialog.getByRole('button', { name: t.image.applyCrop, exact: true }).click();
    await cropDialog.waitFor({ state: 'hidden' });
    await page.getByLabel(t.patients.fields.name, { exact: true }).fill('Ada King');
    await page.getByRole('button', { name: t.patients.profile.save, exact: true }).click();
    await page.getByText(t.patients.profile.saved).waitFor();
    await page.getByRole('heading', { name: 'Ada King', level: 2 }).waitFor();
    const photo = page.getByRole('img', { name: t.patients.profile.imageAlt.replace('{{name}}', 'Ada King') });
    await photo.waitFor();
    await expect
      .poll(() => photo.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]))
      .toEqual([80, 96]);
    expect(await photo.getAttribute('src')).toMatch(/^blob:/);

    // A condition entry, on the condition tab.
    await page.getByRole('tab', { name: t.patientDetails.tabs.condition, exact: true }).click();
    await page.getByRole('button', { name: t.condition.add, exact: true }).click();
    const conditionDialog = page.getByRole('dialog', { name: t.condition.addTitle });
    await conditionDialog.getByLabel(t.condition.fields.primaryDiagnosis, { exact: true }).fill('Ischemic stroke');
    await conditionDialog
      .getByLabel(t.condition.fields.onsetKind, { exact: true })
      .selectOption({ label: t.condition.onsetKinds.stroke });
    await conditionDialog
      .getByLabel(t.condition.fields.onsetPeriod, { exact: true })
      .selectOption({ label: t.condition.onsetPeriods.subacute });
    await conditionDialog
      .getByLabel(t.condition.fields.brainLesion, { exact: true })
      .selectOption({ label: t.condition.brainLesions.mild });
    await conditionDialog
      .getByLabel(t.condition.fields.joint, { exact: true })
      .selectOption({ label: t.condition.joints['3'] });
    await conditionDialog.getByLabel(t.condition.fields.mmt, { exact: true }).selectOption('3+');
    await conditionDialog.getByLabel(t.condition.fields.mrs, { exact: true }).selectOption('2');
    await conditionDialog.getByRole('radio', { name: t.common.no, exact: true }).check();
    await conditionDialog.getByLabel(t.condition.fields.chiefComplaint, { exact: true }).fill('Weak left knee');
    await conditionDialog.getByRole('button', { name: t.condition.save, exact: true }).click();
    await page.getByText(t.condition.added).waitFor();
    const history = page.getByRole('region', { name: t.condition.historyTitle });
    await history.getByText('Ischemic stroke').waitFor();
    await history.getByText(t.condition.brainLesions.mild, { exact: true }).waitFor();
    await history.getByText('3+', { exact: true }).waitFor();

    // A private and a public note; star the public one.
    await page.getByRole('tab', { name: t.patientDetails.tabs.note, exact: true }).click();
    await page.waitForURL('**/patientList/details/note?id=*');
    for (const note of [
      { title: 'Private thoughts', content: 'Only for me.', visibility: t.notes.privateOption },
      { title: 'Family update', content: 'Daughter joins the next visit.', visibility: t.notes.publicOption },
    ]) {
      await page.getByRole('button', { name: t.notes.add, exact: true }).click();
      const noteDialog = page.getByRole('dialog', { name: t.notes.addTitle });
      await noteDialog.getByLabel(t.notes.fields.title, { exact: true }).fill(note.title);
      await noteDialog.getByLabel(t.notes.fields.content, { exact: true }).fill(note.content);
      await noteDialog.getByRole('radio', { name: note.visibility, exact: true }).check();
      await noteDialog.getByRole('button', { name: t.notes.save, exact: true }).click();
      await noteDialog.waitFor({ state: 'hidden' });
    }
    const notes = page.getByRole('list', { name: t.notes.title });
    await notes.getByRole('listitem').nth(1).waitFor();
    // Newest first until one is starred.
    expect(await notes.getByRole('listitem').first().getAttribute('aria-label')).toBe('Family update');
    const privateStar = page.getByRole('button', { name: t.notes.star.replace('{{title}}', 'Private thoughts') });
    expect(await privateStar.getAttribute('aria-pressed')).toBe('false');
    await privateStar.click();
    await expect.poll(() => privateStar.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => notes.getByRole('listitem').first().getAttribute('aria-label')).toBe('Private thoughts');
    // The filter is a segmented radio group: move from "All" to "Public" with the keyboard.
    await page.getByRole('radio', { name: t.notes.filterAll, exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => notes.getByRole('listitem').count()).toBe(1);
    expect(await notes.getByRole('listitem').first().getAttribute('aria-label')).toBe('Family update');

    // The medical record holds the condition entry and both notes.
    await page.getByRole('tab', { name: t.patientDetails.tabs.record, exact: true }).click();
    const record = page.getByRole('region', { name: t.record.title });
    await record.getByText('Family update').waitFor();
    await record.getByText('Private thoughts').waitFor();
    await record.getByText('Ischemic stroke').waitFor();

    // Edit one note and delete the other after the yes/no confirm.
    await page.getByRole('tab', { name: t.patientDetails.tabs.note, exact: true }).click();
    await page.getByRole('button', { name: t.notes.edit.replace('{{title}}', 'Family update') }).click();
    const editDialog = page.getByRole('dialog', { name: t.notes.editTitle });
    await editDialog.getByLabel(t.notes.fields.title, { exact: true }).fill('Family meeting');
    await editDialog.getByRole('button', { name: t.notes.save, exact: true }).click();
    await page.getByText(t.notes.updated).waitFor();
    await page.getByRole('button', { name: t.notes.remove.replace('{{title}}', 'Private thoughts') }).click();
    await page
      .getByRole('dialog', { name: t.notes.removeTitle })
      .getByRole('button', { name: t.common.yes, exact: true })
      .click();
    await page.getByText(t.notes.removed).waitFor();
    await expect.poll(() => notes.getByRole('listitem').count()).toBe(1);
    expect(await notes.getByRole('listitem').first().getAttribute('aria-label')).toBe('Family meeting');

    // Find the patient by search and by sorting among others.
    const token = await accessTokenOf(page);
    await addPatientByApi(token, 'Zed Quinn', 2);
    await addPatientByApi(token, 'Bob Stone');
    await page.getByRole('link', { name: t.menu.patientList, exact: true }).click();
    const rows = dataRows(page);
    await expect.poll(() => rows.count()).toBe(3);
    await page.getByLabel(t.patients.list.search, { exact: true }).fill('stroke');
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().getByRole('link', { name: 'Ada King', exact: true }).waitFor();
    await page.getByLabel(t.patients.list.search, { exact: true }).fill('ADA.BYRON@');
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByLabel(t.patients.list.search, { exact: true }).fill('');
    await expect.poll(() => rows.count()).toBe(3);
    const nameHeader = page.getByRole('button', { name: t.patients.columns.name });
    await nameHeader.click();
    await expect.poll(() => rows.first().getByRole('link').textContent()).toBe('Ada King');
    expect(await page.getByRole('columnheader', { name: t.patients.columns.name }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    await nameHeader.click();
    await expect.poll(() => rows.first().getByRole('link').textContent()).toBe('Zed Quinn');
    expect(await rows.last().getByRole('link').textContent()).toBe('Ada King');

    // Deactivate and reactivate.
    await rows.last().getByRole('link', { name: 'Ada King', exact: true }).click();
    await page.getByRole('tab', { name: t.patientDetails.tabs.info, exact: true }).click();
    await page.getByRole('button', { name: t.patients.activation.deactivate, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: t.patients.activation.confirmTitle });
    await confirm.getByRole('button', { name: t.common.yes, exact: true }).click();
    await page.getByText(t.patients.activation.deactivated).waitFor();
    await page.getByRole('button', { name: t.patients.activation.activate, exact: true }).click();
    await page.getByText(t.patients.activation.activated).waitFor();
    await page.getByRole('button', { name: t.patients.activation.deactivate, exact: true }).waitFor();

    // Remove the condition entry after the yes/no confirm.
    await page.getByRole('tab', { name: t.patientDetails.tabs.condition, exact: true }).click();
    await page.getByRole('button', { name: new RegExp(`^${t.condition.remove.split('{{')[0]}`) }).click();
    await page
      .getByRole('dialog', { name: t.condition.removeTitle })
      .getByRole('button', { name: t.common.yes, exact: true })
      .click();
    await page.getByText(t.condition.removed).waitFor();
    await page.getByRole('region', { name: t.condition.historyTitle }).getByText(t.condition.empty).waitFor();

    // The clinician's own e-mail address cannot be a patient's.
    await page.getByRole('link', { name: t.menu.patientList, exact: true }).click();
    await page.getByRole('button', { name: t.patients.add.open, exact: true }).click();
    const duplicate = page.getByRole('dialog', { name: t.patients.add.title });
    await duplicate.getByLabel(t.patients.fields.name, { exact: true }).fill('Same Mail');
    await duplicate.getByLabel(t.patients.fields.emailOptional, { exact: true }).fill(clinician.email);
    await duplicate.getByLabel(t.patients.fields.birth, { exact: true }).fill('01/02/1980');
    await duplicate.getByLabel(t.patients.fields.heightFeet, { exact: true }).fill('6');
    await duplicate.getByLabel(t.patients.fields.weightLb, { exact: true }).fill('180');
    await duplicate.getByRole('button', { name: t.patients.add.submit, exact: true }).click();
    await duplicate.getByText(messages.en['account.email_already_exist']).waitFor();
    await duplicate.getByRole('button', { name: t.common.close, exact: true }).click();

    // Fill the free plan (30 active patients) through the API; the 31st in the UI brings the prompt.
    for (let index = 4; index <= 30; index++) await addPatientByApi(await accessTokenOf(page), `Bulk Patient ${index}`);
    await page.reload();
    await page.getByText(t.patients.list.activeCount.replace('{{active}}', '30').replace('{{limit}}', '30')).waitFor();
    await page.getByRole('button', { name: t.patients.add.open, exact: true }).click();
    const lastDialog = page.getByRole('dialog', { name: t.patients.add.title });
    await lastDialog.getByLabel(t.patients.fields.name, { exact: true }).fill('One Too Many');
    await lastDialog.getByLabel(t.patients.fields.birth, { exact: true }).fill('01/02/1980');
    await lastDialog.getByLabel(t.patients.fields.heightFeet, { exact: true }).fill('6');
    await lastDialog.getByLabel(t.patients.fields.weightLb, { exact: true }).fill('180');
    await lastDialog.getByRole('button', { name: t.patients.add.submit, exact: true }).click();
    const upgrade = page.getByRole('dialog', { name: t.plan.title });
    await upgrade.waitFor();
    await upgrade.getByText(t.plan.bodyLimit.replace('{{limit}}', '30')).waitFor();
    await upgrade.getByRole('button', { name: t.plan.deactivate, exact: true }).click();
    await page.waitForURL('**/patientList?status=active');
    await expect.poll(() => page.getByLabel(t.patients.list.statusFilter, { exact: true }).inputValue()).toBe('active');
    await page.context().close();
  });

  it('registers an app member with the sync code, files them in a category and shows them in metric units', async () => {
    // The patient signs up in the app, follows the mailed link and asks for a code.
    const { code: patientSyncAuthCode } = await appMember(stack, {
      userEmail: `member.${Date.now()}@example.com`,
      patientName: 'Mina Park',
      patientInfoBirth: '1988-11-30',
      patientInfoGender: 'F',
    });

    const { page } = await newClinicianSession(stack);
    await page.goto('/patientList');
    await page.getByRole('button', { name: t.patients.add.open, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: t.patients.add.title });
    await dialog.getByRole('tab', { name: t.patients.add.codeTab, exact: true }).click();
    await dialog.getByLabel(t.patients.fields.syncCode, { exact: true }).fill('000000');
    await dialog.getByRole('button', { name: t.patients.add.checkCode, exact: true }).click();
    await dialog.getByText(ui.en.patients.add.codeIntro).waitFor();
    await dialog.getByRole('alert').waitFor();
    await dialog.getByLabel(t.patients.fields.syncCode, { exact: true }).fill(patientSyncAuthCode);
    await dialog.getByRole('button', { name: t.patients.add.checkCode, exact: true }).click();
    const preview = dialog.getByRole('region', { name: t.patients.add.preview });
    await preview.getByText('Mina Park').waitFor();
    await preview.getByText(`11/30/1988 · ${t.fields.genderFemale}`).waitFor();
    await dialog.getByLabel(t.patients.fields.heightFeet, { exact: true }).fill('5');
    await dialog.getByLabel(t.patients.fields.heightInches, { exact: true }).fill('4');
    await dialog.getByLabel(t.patients.fields.weightLb, { exact: true }).fill('121');
    await dialog.getByRole('button', { name: t.patients.add.submit, exact: true }).click();
    await page.getByText(t.patients.add.done).waitFor();
    await page.getByRole('heading', { name: 'Mina Park', level: 2 }).waitFor();
    await page.getByRole('tab', { name: t.patientDetails.tabs.dashboard, exact: true }).click();
    await page.getByText(t.patients.overview.appMember, { exact: true }).waitFor();
    await page.getByText('5 ft 4 in', { exact: true }).waitFor();
    await page.getByText('121 lb', { exact: true }).waitFor();

    // Her own category, assigned here, filters the patient list.
    await page.getByRole('tab', { name: t.patientDetails.tabs.categories, exact: true }).click();
    await page.getByLabel(t.categories.newName, { exact: true }).fill('Knee program');
    await page.getByRole('button', { name: t.categories.create, exact: true }).click();
    await page.getByText(t.categories.created).waitFor();
    await page.getByRole('cell', { name: 'Knee program', exact: true }).waitFor();
    await page.getByLabel(t.categories.newName, { exact: true }).fill('Knee program');
    await page.getByRole('button', { name: t.categories.create, exact: true }).click();
    await page.getByText(messages.en['validation.category_exists']).waitFor();
    await page
      .getByRole('region', { name: t.categories.patientTitle })
      .getByLabel(t.categories.patientField, { exact: true })
      .click();
    await page.getByRole('option', { name: 'Knee program', exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: t.categories.saveAssignment, exact: true }).click();
    await page.getByText(t.categories.assigned).waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('row', { name: /Knee program/ })
          .getByRole('cell')
          .nth(1)
          .textContent(),
      )
      .toBe('1');
    await addPatientByApi(await accessTokenOf(page), 'Other Person');
    await page.getByRole('link', { name: t.menu.patientList, exact: true }).click();
    const rows = dataRows(page);
    await expect.poll(() => rows.count()).toBe(2);
    await page.getByLabel(t.patients.list.categoryFilter, { exact: true }).click();
    await page.getByRole('option', { name: 'Knee program', exact: true }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('category')).not.toBeNull();
    await rows.first().getByRole('link', { name: 'Mina Park', exact: true }).click();
    await page.getByRole('tab', { name: t.patientDetails.tabs.dashboard, exact: true }).click();

    // Metric on My page: the same patient in centimetres and kilograms, remembered for a year.
    const dashboard = page.url();
    await page.getByRole('link', { name: t.menu.myPage, exact: true }).click();
    await page.getByLabel(t.options.unitsLabel, { exact: true }).selectOption('metric');
    await page.goto(dashboard);
    await page.getByText('162.6 cm', { exact: true }).waitFor();
    await page.getByText('54.9 kg', { exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('unit'))).toBe('metric');
    const cookie = (await page.context().cookies()).find((entry) => entry.name === 'unit');
    expect(cookie?.value).toBe('metric');
    expect((cookie?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
    await page.context().close();
  });

  it('keeps 10,000 patients fast: only the rows in view are in the page', async () => {
    const { page } = await newClinicianSession(stack);
    const today = new Date();
    today.setHours(14, 30, 0, 0);
    const patientList = Array.from({ length: 10_000 }, (_, index) => ({
      seqMedicalRelation: index + 1,
      patientName: `Patient ${String(index).padStart(5, '0')}`,
      patientEmail: `p${index}@example.com`,
      patientAge: 20 + (index % 70),
      deviceType: (index % 2) + 1,
      isEnabled: index % 5 !== 0,
      isAppMember: false,
      categoryIds: [],
      primaryDiagnosis: index % 3 ? 'Stroke' : 'Knee replacement',
      createdAt: new Date(Date.UTC(2025, 0, 1) + index * 60_000).toISOString(),
      reservedSchedules: index === 9_999 ? [{ seqSchedule: 1, scheduleExpectStartDatetime: today.toISOString() }] : [],
    }));
    let listRequests = 0;
    await page.route('**/api/patient/getMyPatientsAndReservedSchedulesForToday', (route) => {
      listRequests++;
      return route.fulfill({ json: { isSuccess: true, patientList, activeLimit: 30 } });
    });
    await page.getByRole('link', { name: t.menu.patientList, exact: true }).click();
    await page.getByText(t.patients.list.shown.replace('{{shown}}', '10000').replace('{{total}}', '10000')).waitFor();
    const rows = dataRows(page);
    expect(await rows.count()).toBeLessThan(60);
    // Newest first: the last registered patient is on top, with today's visit at 14:30.
    await expect.poll(() => rows.first().getByRole('link').textContent()).toBe('Patient 09999');
    await rows.first().getByText('14:30', { exact: true }).waitFor();

    const started = Date.now();
    await page.getByLabel(t.patients.list.search, { exact: true }).fill('Patient 04242');
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByLabel(t.patients.list.search, { exact: true }).fill('');
    await page.getByRole('button', { name: t.patients.columns.name }).click();
    await expect.poll(() => rows.first().getByRole('link').textContent()).toBe('Patient 00000');
    expect(Date.now() - started).toBeLessThan(5000);
    // Read once as the list opened; sorting and searching work on what arrived.
    expect(listRequests).toBe(1);

    // Scrolling to the end brings the last rows in, still only a window of them.
    await page.getByLabel(t.patients.list.scrollArea).evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await expect.poll(() => rows.last().getByRole('link').textContent()).toBe('Patient 09999');
    expect(await rows.count()).toBeLessThan(60);
    await page.context().close();
  });

  it('keeps the server session alive while the clinician types a long note', async () => {
    const page = await stack.newPage();
    await page.clock.install();
    const clinician = await signUpAndVerify(page, stack.mail);
    await acceptCookies(page);
    await logIn(page, clinician.email, clinician.password);
    await page.getByText(t.home.welcomeNamed.replace('{{name}}', 'Grace Hopper')).waitFor();
    const { seqMedicalRelation } = await addPatientByApi(await accessTokenOf(page), 'Long Note');
    await page.goto(`/patientList/details/note?id=${seqMedicalRelation}`);
    await page.getByRole('button', { name: t.notes.add, exact: true }).click();
    const content = page
      .getByRole('dialog', { name: t.notes.addTitle })
      .getByLabel(t.notes.fields.content, { exact: true });
    const keepAlives: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/user/keepAlive')) keepAlives.push(request.method());
    });

    // Four minutes of typing without a request: nothing to tell the server yet.
    await page.clock.fastForward('04:00');
    await content.pressSequentially('First thoughts. ');
    expect(keepAlives).toEqual([]);
    // Past five minutes without a request, typing tells the server the clinician is there, once.
    await page.clock.fastForward('01:30');
    const sent = page.waitForResponse((response) => response.url().endsWith('/api/user/keepAlive'));
    await content.pressSequentially('More thoughts. ');
    expect((await sent).status()).toBe(200);
    await page.clock.fastForward('01:00');
    await content.pressSequentially('Even more. ');
    expect(keepAlives).toEqual(['POST']);
    await page.context().close();
  });
});
