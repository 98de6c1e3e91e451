import { addPatient, listMyPrescriptions, messages, uploadExerciseRecords, type Exercise } from '@clinic/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from './harness.ts';
import { accessTokenOf, appMember, callApi, newClinicianSession, ui } from './steps.ts';

const t = ui.en;
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

/** What the device records: three sessions between the prescription's creation and now. */
function sessionsOf(prescription: Exercise, now: number) {
  const from = new Date(prescription.createdAt).getTime();
  return [0, 1, 2].map((index) => {
    const start = new Date(from + ((now - from) * (index + 1)) / 4);
    return {
      recordKey: `e2e-session-${prescription.seqExercise}-${index}`,
      seqExercise: prescription.seqExercise,
      exerciseCompleted: false,
      iuppiterUsageMode: prescription.mode,
      iuppiterUsageCount: 20 + index,
      iuppiterUsageMinAngle: 12 + index,
      iuppiterUsageMaxAngle: 61 + index * 4,
      iuppiterUsageMinSpeed: 3,
      iuppiterUsageMaxSpeed: 18.5,
      minTorque: -2.5,
      maxTorque: 7.5,
      deviceUsageDuration: 125 + index,
      exerciseGuideMode: prescription.mode,
      exerciseGuideMinRom: prescription.minRom,
      exerciseGuideMaxRom: prescription.maxRom,
      exerciseGuideDirection: prescription.direction,
      exerciseGuidePosition: prescription.position,
      exerciseGuideTime: '00:30:00',
      usageStartDatetime: start.toISOString(),
      createDatetime: start.toISOString(),
      patientReview: index === 2 ? 'Knee felt stiff' : null,
    };
  });
}

describe('exercises, end to end', () => {
  it('prescribes a knee exercise to a pro-device patient, refuses a narrow ROM, shows the device records and the chart, and terminates it', async () => {
    const member = await appMember(stack, {
      userEmail: `pro.${Date.now()}@example.com`,
      patientName: 'Oskar Lind',
      patientInfoBirth: '1961-04-12',
      patientInfoGender: 'M',
    });
    const { page } = await newClinicianSession(stack);
    const { seqMedicalRelation } = await callApi(
      stack,
      addPatient,
      { patientSyncAuthCode: member.code, heightCm: 178, weightKg: 82, deviceType: 2 },
      await accessTokenOf(page),
    );

    // The rehab tab: a knee exercise with a ROM gap under 10 degrees is refused.
    await page.goto(`/patientList/details/rehab?id=${seqMedicalRelation}`);
    await page.getByRole('heading', { name: 'Oskar Lind', level: 2 }).waitFor();
    await page.getByRole('button', { name: t.exercises.assign, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: t.exercises.addTitle });
    await dialog.waitFor();
    expect(await dialog.getByLabel(t.exercises.fields.position, { exact: true }).inputValue()).toBe('3');
    await dialog
      .getByText(t.exercises.allowedDegrees.replace('{{min}}', '0').replace('{{max}}', '130'))
      .first()
      .waitFor();
    // Pro-only settings are there; the passive speed is not (the mode is active).
    await dialog.getByLabel(t.exercises.fields.deviceHeight, { exact: true }).waitFor();
    expect(await dialog.getByLabel(t.exercises.fields.speed, { exact: true }).count()).toBe(0);
    await dialog.getByLabel(t.exercises.fields.minRom, { exact: true }).fill('40');
    await dialog.getByLabel(t.exercises.fields.maxRom, { exact: true }).fill('45');
    await dialog.getByRole('button', { name: t.exercises.save, exact: true }).click();
    await dialog.getByText(messages.en['validation.rom_gap']).waitFor();

    // A due date typed in the past stays as typed and is refused with its reason; nothing is saved.
    await dialog.getByLabel(t.exercises.fields.maxRom, { exact: true }).fill('90');
    const dueDate = dialog.getByLabel(t.exercises.fields.dueDate, { exact: true });
    const defaultDueDate = await dueDate.inputValue();
    await dueDate.fill('01/02/2020');
    await dueDate.blur();
    expect(await dueDate.inputValue()).toBe('01/02/2020');
    await dialog.getByRole('button', { name: t.exercises.save, exact: true }).click();
    await dialog.getByText(messages.en['validation.due_date_past']).waitFor();
    expect(await dueDate.inputValue()).toBe('01/02/2020');
    // Text that is no date is kept too, and refused before anything is sent.
    await dueDate.fill('13/45/2020');
    await dueDate.blur();
    await dialog.getByText(messages.en['validation.date_format']).waitFor();
    expect(await dueDate.inputValue()).toBe('13/45/2020');
    await dialog.getByRole('button', { name: t.exercises.save, exact: true }).click();
    await dialog.getByText(messages.en['validation.date_format']).waitFor();
    const unsaved = await callApi(stack, listMyPrescriptions, {}, member.token);
    expect(unsaved.exerciseList).toHaveLength(0);

    // Fixed, it is saved and waits.
    await dueDate.fill(defaultDueDate);
    await dueDate.blur();
    await dialog.getByRole('button', { name: t.exercises.save, exact: true }).click();
    await page.getByText(t.exercises.added).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const table = page.getByRole('table', { name: t.exercises.tableLabel });
    await table.getByText(t.exercises.statuses.waiting, { exact: true }).waitFor();
    await table.getByText('40° – 90°').waitFor();

    // The device records three sessions through the patient's app.
    const { exerciseList } = await callApi(stack, listMyPrescriptions, {}, member.token);
    expect(exerciseList).toHaveLength(1);
    const [prescription] = exerciseList;
    if (!prescription) throw new Error('no prescription');
    const upload = await callApi(
      stack,
      uploadExerciseRecords,
      { records: sessionsOf(prescription, Date.now()) },
      member.token,
    );
    expect(upload.accepted).toBe(3);

    // The history tab shows every session with its values.
    await page.getByRole('tab', { name: t.patientDetails.tabs.history, exact: true }).click();
    const records = page.getByRole('table', { name: t.exercises.recordsLabel });
    await records.first().waitFor();
    await records.first().getByText('69°', { exact: true }).waitFor();
    await records.first().getByText('Knee felt stiff').waitFor();
    await records.first().getByText('02:07', { exact: true }).waitFor();
    expect(await records.first().locator('tbody tr').count()).toBe(3);
    await page.getByRole('region', { name: t.exercises.chart.title }).locator('canvas').first().waitFor();

    // The records of the one exercise.
    const name = `${t.exercises.positions.knee} · ${t.exercises.modes.active}`;
    await page.getByRole('button', { name: t.exercises.recordsOf.replace('{{name}}', name), exact: true }).click();
    const detail = page.getByRole('dialog', { name: t.exercises.recordsOf.replace('{{name}}', name) });
    await detail.getByText('Knee felt stiff').waitFor();
    expect(await detail.getByRole('table', { name: t.exercises.recordsLabel }).locator('tbody tr').count()).toBe(3);
    await detail.getByRole('button', { name: t.common.close }).click();
    await detail.waitFor({ state: 'hidden' });

    // The dashboard shows the chart.
    await page.getByRole('tab', { name: t.patientDetails.tabs.dashboard, exact: true }).click();
    const chart = page.getByRole('region', { name: t.exercises.chart.title });
    await chart.locator('canvas').first().waitFor();
    await chart.getByText(t.exercises.chart.maxAngle).first().waitFor();

    // Back on the rehab tab: the exercise is in progress; terminated after the confirm.
    await page.getByRole('tab', { name: t.patientDetails.tabs.rehab, exact: true }).click();
    await table.getByText(t.exercises.statuses.onProgress, { exact: true }).waitFor();
    await page.getByRole('button', { name: t.exercises.changeStatusOf.replace('{{name}}', name) }).click();
    await page.getByRole('menuitem', { name: t.exercises.actions.terminate, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: t.exercises.actions.terminate });
    await confirm.getByText(t.exercises.confirm.terminate.replace('{{name}}', name)).waitFor();
    await confirm.getByRole('button', { name: t.common.yes, exact: true }).click();
    await page.getByText(t.exercises.statusChanged).waitFor();
    await table.getByText(t.exercises.statuses.terminated, { exact: true }).waitFor();

    // Every patient's exercises under Rehabilitation, pro line.
    await page.getByRole('link', { name: t.menu.rehab, exact: true }).click();
    await page.getByRole('heading', { name: t.exercises.allTitle, level: 2 }).waitFor();
    await page.getByText(t.exercises.devices.pro, { exact: true }).click();
    await page.getByRole('link', { name: 'Oskar Lind', exact: true }).click();
    await page.waitForURL(`**/patientList/details/rehab?id=${seqMedicalRelation}*`);
    await page.context().close();
  });
});
