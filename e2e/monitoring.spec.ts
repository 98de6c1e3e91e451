import {
  addClinicAssignedExercise,
  addPatient,
  exerciseSettings,
  kneeProgramExample,
  uploadExerciseRecords,
} from '@clinic/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, startStack, type Stack } from './harness.ts';
import { accessTokenOf, appMember, callApi, newClinicianSession, ui } from './steps.ts';

const t = ui.en;
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

describe('monitoring alerts in the browser', () => {
  it('shows a reported pain on home, opens the patient, acknowledges it with a note, and keeps the thresholds on My page', async () => {
    const member = await appMember(stack, {
      userEmail: `pain.${Date.now()}@example.com`,
      patientName: 'Ines Varga',
      patientInfoBirth: '1958-09-03',
      patientInfoGender: 'F',
    });
    const { page } = await newClinicianSession(stack);
    const token = await accessTokenOf(page);
    const { seqMedicalRelation } = await callApi(
      stack,
      addPatient,
      { patientSyncAuthCode: member.code, heightCm: 165, weightKg: 60, deviceType: 2 },
      token,
    );
    const { exercise } = await callApi(
      stack,
      addClinicAssignedExercise,
      { seqMedicalRelation, exercise: exerciseSettings.parse(kneeProgramExample) },
      token,
    );
    const start = new Date().toISOString();
    await callApi(
      stack,
      uploadExerciseRecords,
      {
        records: [
          {
            recordKey: `e2e-pain-${exercise.seqExercise}`,
            seqExercise: exercise.seqExercise,
            iuppiterUsageMode: 0,
            iuppiterUsageCount: 12,
            iuppiterUsageMinAngle: 15,
            iuppiterUsageMaxAngle: 70,
            iuppiterUsageMinSpeed: 3,
            iuppiterUsageMaxSpeed: 18,
            deviceUsageDuration: 300,
            exerciseGuideMode: 0,
            exerciseGuideMinRom: 10,
            exerciseGuideMaxRom: 100,
            exerciseGuideDirection: 2,
            exerciseGuidePosition: 3,
            usageStartDatetime: start,
            createDatetime: start,
            patientReview: 'Sharp pain, stopped',
            painLevel: 8,
          },
        ],
      },
      member.token,
    );

    // The server's job raises the alert on its next pass; home shows it once it has.
    const section = page.getByRole('region', { name: t.monitoring.title });
    const patient = section.getByRole('article', { name: 'Ines Varga' });
    await expect
      .poll(
        async () => {
          await page.reload();
          await section.waitFor();
          return patient.count();
        },
        { timeout: 90_000, interval: 5_000 },
      )
      .toBe(1);
    await patient.getByText(t.monitoring.kind.pain, { exact: true }).waitFor();
    await patient.getByText(t.monitoring.reason.pain.replace('{{level}}', '8').split(' reported')[0]!).waitFor();
    await expectAccessible(page, 'home with an alert');

    await patient.getByRole('link', { name: 'Ines Varga' }).click();
    await page.waitForURL(`**/patientList/details/history?id=${seqMedicalRelation}*`);
    await page.goBack();

    await patient.getByRole('button', { name: t.monitoring.acknowledge }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(t.monitoring.note).fill('Called her; lowered the strength');
    await expectAccessible(page, 'acknowledging an alert');
    await dialog.getByRole('button', { name: t.monitoring.acknowledge }).click();
    await section.getByText(t.monitoring.empty).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await page.goto('/options');
    const thresholds = page.getByRole('region', { name: t.monitoring.settings.title });
    const painLevel = thresholds.getByLabel(t.monitoring.settings.painLevel);
    await expect.poll(() => painLevel.inputValue()).toBe('7');
    await painLevel.fill('6');
    await thresholds.getByRole('button', { name: t.monitoring.settings.save }).click();
    await thresholds.getByText(t.monitoring.settings.saved).waitFor();
    await expectAccessible(page, 'My page with the alert thresholds');
    await page.reload();
    await expect.poll(() => thresholds.getByLabel(t.monitoring.settings.painLevel).inputValue()).toBe('6');
  });
});
