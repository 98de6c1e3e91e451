import {
  addClinicAssignedExercise,
  addPatient,
  getRomStatistics,
  issueSyncAuthCode,
  listMonitoringAlerts,
  login,
} from '@clinic/contract';
import { simulateDevice, type Transport } from '@clinic/device-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, password, verifiedClinician, verifiedPatient, callApi } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const transport = (): Transport => ({
  async post(path, body, token) {
    const reply = await call(t.app, path, body, token ? { token } : {});
    return { status: reply.statusCode, body: reply.json<unknown>() };
  },
});

/** The kinds of alert on the clinician's worklist after a pass of the jobs. */
async function alertKindsAfterJob(clinician: { body: { userEmail: string } }): Promise<string[]> {
  await t.app.jobs.tick();
  const relogin = await callApi(t.app, login, { userEmail: clinician.body.userEmail, userPassword: password });
  const alerts = await callApi(t.app, listMonitoringAlerts, {}, { token: relogin.success.token.accessToken });
  return alerts.success.alertList.map((alert) => alert.kind);
}

/** A clinician and a patient with a knee program on the pro device, made now. */
async function kneePatient() {
  const clinician = await verifiedClinician(t.app, t.mail);
  const member = await verifiedPatient(t.app, t.mail);
  const code = (await callApi(t.app, issueSyncAuthCode, {}, { token: member.tokens.accessToken })).success
    .patientSyncAuthCode;
  const token = clinician.tokens.accessToken;
  const { seqMedicalRelation } = (
    await callApi(
      t.app,
      addPatient,
      { patientSyncAuthCode: code, heightCm: 180, weightKg: 80, deviceType: 2 },
      { token },
    )
  ).success;
  await callApi(
    t.app,
    addClinicAssignedExercise,
    {
      seqMedicalRelation,
      exercise: {
        deviceType: 2,
        mode: 1,
        position: 3,
        direction: 1,
        method: 4,
        strength: 3,
        frequency: 2,
        countPerSet: 15,
        sets: 2,
        dueDate: '2027-06-01',
        minRom: 10,
        maxRom: 120,
        speed: 5,
        deviceHeight: 2,
        upDelay: 1,
        downDelay: 1,
        upLimit: 30,
        downLimit: 30,
        exerciseGuide: { exerciseGuideTime: '00:15:00', exerciseGuideEvent: 'RomExercise' },
      },
    },
    { token },
  );

  return { clinician, member, seqMedicalRelation };
}

describe('the device simulator', () => {
  it('uploads a history through the ingest endpoint whose knee flexion improves, and a rerun adds nothing', async () => {
    const { clinician, member, seqMedicalRelation } = await kneePatient();

    // Sixty days later the device has a history since the prescription.
    t.clock.advance(60 * 86_400_000);
    const options = { transport: transport(), email: member.email, password, days: 60, now: t.clock(), seed: 3 };
    const first = await simulateDevice(options);
    expect(first.accepted).toBeGreaterThan(60);
    expect(first.duplicates).toBe(0);
    expect(await simulateDevice(options)).toEqual({ accepted: 0, duplicates: first.accepted });

    const relogin = await callApi(t.app, login, { userEmail: clinician.body.userEmail, userPassword: password });
    const fresh = relogin.success.token.accessToken;
    const stats = await callApi(
      t.app,
      getRomStatistics,
      { seqMedicalRelation, startDate: '2026-11-01', endDate: '2027-01-31' },
      { token: fresh },
    );
    const days = stats.success.days;
    const average = (values: { maxAngle: number }[]) =>
      values.reduce((sum, day) => sum + day.maxAngle, 0) / values.length;
    expect(days.length).toBeGreaterThan(40);
    expect(days.length).toBeLessThan(60);
    expect(average(days.slice(-7))).toBeGreaterThan(average(days.slice(0, 7)) + 20);
  });

  it('makes a bad week that the monitoring job turns into a regression and a pain alert', async () => {
    const { clinician, member } = await kneePatient();
    t.clock.advance(60 * 86_400_000);
    await simulateDevice({
      transport: transport(),
      email: member.email,
      password,
      days: 60,
      now: t.clock(),
      seed: 5,
      badWeekStart: 53,
    });
    expect(await alertKindsAfterJob(clinician)).toEqual(['pain', 'romRegression']);
  });

  it('makes a patient who stopped a week ago, and one who does half the sessions, as the demo has them', async () => {
    const stopped = await kneePatient();
    const slack = await kneePatient();
    t.clock.advance(60 * 86_400_000);
    const history = { transport: transport(), password, days: 60, now: t.clock(), seed: 5, missedDayRate: 0 };
    await simulateDevice({ ...history, email: stopped.member.email, silentDays: 7 });
    await simulateDevice({ ...history, email: slack.member.email, slackDays: 7 });
    expect(await alertKindsAfterJob(stopped.clinician)).toEqual(['noData', 'lowAdherence']);
    expect(await alertKindsAfterJob(slack.clinician)).toEqual(['lowAdherence']);
  });
});
