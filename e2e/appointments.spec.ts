import { addPatient, messages, nextDate, wallClockIn } from '@clinic/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from './harness.ts';
import { acceptCookies, accessTokenOf, appMember, callApi, logIn, signUpAndVerify, ui, middayZone } from './steps.ts';

const t = ui.en;
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

/** MM/DD/YYYY, the English display of a date. */
function shown(date: string): string {
  return `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;
}

async function addMemberPatient(page: Page, userEmail: string, patientName: string): Promise<number> {
  const member = await appMember(stack, {
    userEmail,
    patientName,
    patientInfoBirth: '1970-02-03',
    patientInfoGender: 'F',
  });
  const { seqMedicalRelation } = await callApi(
    stack,
    addPatient,
    { patientSyncAuthCode: member.code, heightCm: 165, weightKg: 60, deviceType: 1 },
    await accessTokenOf(page),
  );
  return seqMedicalRelation;
}

async function choosePatient(page: Page, name: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: t.schedule.modal.createTitle });
  await dialog.getByLabel(t.schedule.fields.patient, { exact: true }).fill(name.split(' ')[0] ?? name);
  await page.getByRole('option', { name }).click();
}

describe('appointments, end to end', () => {
  it('books a visit in a slot, moves it, refuses an overlap and the past, and cancels it', async () => {
    const zone = middayZone();
    const context = await stack.browser.newContext({
      baseURL: stack.url,
      locale: 'en-US',
      timezoneId: zone,
      viewport: { width: 1400, height: 900 },
    });
    const page = await context.newPage();
    const clinician = await signUpAndVerify(page, stack.mail);
    await acceptCookies(page);
    await logIn(page, clinician.email, clinician.password);
    await page.getByText(t.home.welcomeNamed.replace('{{name}}', 'Grace Hopper')).waitFor();
    const unique = Date.now();
    const mira = await addMemberPatient(page, `mira.${unique}@example.com`, 'Mira Holm');
    await addMemberPatient(page, `noor.${unique}@example.com`, 'Noor Said');

    const today = wallClockIn(new Date(), zone).date;
    const tomorrow = nextDate(today);
    await page.goto('/appointments');
    await page.getByRole('heading', { name: t.schedule.title, level: 3 }).waitFor();
    await page.getByText(t.schedule.todayEmpty).waitFor();

    // Day view of tomorrow: a click on the 10:00 slot books Mira for 30 minutes.
    await page.getByText(t.schedule.views.day, { exact: true }).click();
    await page.getByRole('button', { name: t.schedule.next, exact: true }).click();
    await page.getByTestId('calendar-period').getByText(shown(tomorrow)).waitFor();
    const slot = (time: string) =>
      page.getByRole('button', {
        name: t.schedule.slotLabel.replace('{{date}}', shown(tomorrow)).replace('{{time}}', time),
        exact: true,
      });
    const visit = (name: string, start: string, end: string, state: string) =>
      page.getByRole('button', {
        name: t.schedule.visitLabel
          .replace('{{start}}', start)
          .replace('{{name}}', name)
          .replace('{{end}}', end)
          .replace('{{state}}', state),
        exact: true,
      });
    await slot('10:00').click();
    const create = page.getByRole('dialog', { name: t.schedule.modal.createTitle });
    await create.waitFor();
    expect(await create.getByLabel(t.schedule.fields.start, { exact: true }).inputValue()).toBe(String(10 * 60));
    await choosePatient(page, 'Mira Holm');
    await create.getByLabel(t.schedule.fields.note, { exact: true }).fill('First check of the knee');
    await create.getByRole('button', { name: t.schedule.create, exact: true }).click();
    await page.getByText(t.schedule.created).waitFor();
    await create.waitFor({ state: 'hidden' });
    await visit('Mira Holm', '10:00', '10:30', t.schedule.states.waiting).waitFor();

    // Moved to 11:00.
    await visit('Mira Holm', '10:00', '10:30', t.schedule.states.waiting).click();
    const edit = page.getByRole('dialog', { name: t.schedule.modal.editTitle });
    await edit.waitFor();
    expect(await edit.getByLabel(t.schedule.fields.note, { exact: true }).inputValue()).toBe('First check of the knee');
    await edit.getByLabel(t.schedule.fields.start, { exact: true }).selectOption(String(11 * 60));
    await edit.getByRole('button', { name: t.schedule.save, exact: true }).click();
    await page.getByText(t.schedule.updated).waitFor();
    await visit('Mira Holm', '11:00', '11:30', t.schedule.states.waiting).waitFor();

    // Another patient at 11:15 overlaps the clinician's visit: SE0113 in the modal.
    await slot('10:00').click();
    await create.waitFor();
    await choosePatient(page, 'Noor Said');
    await create.getByLabel(t.schedule.fields.start, { exact: true }).selectOption(String(11 * 60 + 15));
    await create.getByRole('button', { name: t.schedule.create, exact: true }).click();
    await create.getByText(messages.en.SE0113).waitFor();

    // A slot of today that has passed (07:00; it is after 10:00 in this zone): SE0116.
    await create.getByLabel(t.schedule.fields.start, { exact: true }).selectOption(String(11 * 60 + 30));
    await expect.poll(() => create.getByText(messages.en.SE0113).count()).toBe(0);
    await create.getByRole('button', { name: t.common.close, exact: true }).last().click();
    await create.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: t.schedule.today, exact: true }).click();
    await page.getByRole('button', { name: t.schedule.newVisit, exact: true }).click();
    await create.waitFor();
    await choosePatient(page, 'Noor Said');
    await create.getByLabel(t.schedule.fields.start, { exact: true }).selectOption(String(7 * 60));
    await create.getByRole('button', { name: t.schedule.create, exact: true }).click();
    await create.getByText(messages.en.SE0116).waitFor();
    await create.getByRole('button', { name: t.common.close, exact: true }).last().click();
    await create.waitFor({ state: 'hidden' });

    // Cancelled with the yes/no confirm.
    await page.getByRole('button', { name: t.schedule.next, exact: true }).click();
    await visit('Mira Holm', '11:00', '11:30', t.schedule.states.waiting).click();
    await edit.waitFor();
    await edit.getByRole('button', { name: t.schedule.cancelVisit, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: t.schedule.cancelConfirmTitle });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: t.common.yes, exact: true }).click();
    await page.getByText(t.schedule.cancelled).waitFor();
    await visit('Mira Holm', '11:00', '11:30', t.schedule.states.cancelled).waitFor();
    if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/day.png`, fullPage: true });

    // A cancelled visit opens read-only, with its status and note.
    await visit('Mira Holm', '11:00', '11:30', t.schedule.states.cancelled).click();
    const details = page.getByRole('dialog', { name: t.schedule.modal.detailsTitle });
    await details.getByText(t.schedule.states.cancelled, { exact: true }).waitFor();
    await details.getByText('First check of the knee').waitFor();
    expect(await details.getByRole('button', { name: t.schedule.cancelVisit }).count()).toBe(0);
    if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/details.png` });
    await details.getByRole('button', { name: t.common.close, exact: true }).last().click();
    await details.waitFor({ state: 'hidden' });

    // Open hours: an end before the start is refused on its field, then Monday 09:00-12:00 is kept.
    await page.getByRole('button', { name: t.schedule.openHours, exact: true }).click();
    const hours = page.getByRole('dialog', { name: t.schedule.timeline.title });
    await hours.getByRole('button', { name: t.schedule.timeline.addWindowOf.replace('{{day}}', 'Monday') }).click();
    const mondayEnd = hours.getByLabel(
      t.schedule.timeline.endOf.replace('{{day}}', 'Monday').replace('{{number}}', '1'),
      { exact: true },
    );
    await mondayEnd.selectOption('08:00');
    await hours.getByRole('button', { name: t.schedule.timeline.save, exact: true }).click();
    await hours.getByText(messages.en['validation.range_order']).waitFor();
    await mondayEnd.selectOption('12:00');
    await hours.getByRole('button', { name: t.schedule.timeline.save, exact: true }).click();
    await page.getByText(t.schedule.timeline.saved).waitFor();
    await hours.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: t.schedule.openHours, exact: true }).click();
    expect(
      await hours
        .getByLabel(t.schedule.timeline.startOf.replace('{{day}}', 'Monday').replace('{{number}}', '1'), {
          exact: true,
        })
        .inputValue(),
    ).toBe('09:00');
    await hours.getByRole('button', { name: t.common.close, exact: true }).last().click();
    await hours.waitFor({ state: 'hidden' });

    // The patient's remote tab lists the cancelled visit and books with the patient chosen.
    await page.goto(`/patientList/details/remote?id=${mira}`);
    const table = page.getByRole('table', { name: t.schedule.patientTab.title });
    await table.getByText(t.schedule.states.cancelled, { exact: true }).waitFor();
    await table.getByText(shown(tomorrow)).waitFor();
    await page.getByText(t.schedule.patientTab.noDone).waitFor();
    await page.getByRole('button', { name: t.schedule.patientTab.book, exact: true }).click();
    await create.waitFor();
    await expect
      .poll(() => create.getByLabel(t.schedule.fields.patient, { exact: true }).inputValue())
      .toBe('Mira Holm');
    await context.close();
  });
});
