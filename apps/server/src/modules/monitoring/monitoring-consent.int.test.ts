import {
  addClinicAssignedExercise,
  addMonitoringConsent,
  addMonitoringTime,
  FailedCode,
  getMonitoringConsent,
  getMonitoringSheet,
  getPatientMonitoring,
  nextDate,
  uploadExerciseRecords,
  withdrawMonitoringConsent,
  type Endpoint,
  type RequestOf,
} from '@clinic/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  deviceSession,
  invalid,
  kneeProgram,
  relogin,
  verifiedClinician,
  verifiedPatient,
} from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { registerMember } from '../../../test/realtime.ts';
import { auditEvent } from '../../db/schema.ts';

// The test clock starts on Sunday 2026-11-22 at 09:00 UTC.

let t: TestApp;
let clinician: Awaited<ReturnType<typeof verifiedClinician>>;
let other: Awaited<ReturnType<typeof verifiedClinician>>;

const as = <E extends Endpoint>(
  endpoint: E,
  body: RequestOf<E>,
  who: { tokens: { accessToken: string } } = clinician,
  timeZone?: string,
) => callApi(t.app, endpoint, body, { token: who.tokens.accessToken, language: 'en', timeZone });
const codesOf = (list: readonly { code: string; units: number }[] | undefined) =>
  (list ?? []).map((code) => `${code.code}x${code.units}`);

/** A patient of the clinician's own for one test, using the app with a knee program, with the test's helpers. */
async function newPatient() {
  const member = await verifiedPatient(t.app, t.mail);
  const seqMedicalRelation = await registerMember(t.app, clinician.tokens.accessToken, member.tokens.accessToken, 2);
  const seqExercise = (await as(addClinicAssignedExercise, { seqMedicalRelation, exercise: kneeProgram })).success
    .exercise.seqExercise;
  return {
    member,
    seqMedicalRelation,
    seqExercise,
    consentOf: async (who = clinician) => {
      const { current, history } = (await as(getMonitoringConsent, { seqMedicalRelation }, who)).success;
      return { current, history };
    },
    give: (givenOn: string, who = clinician, timeZone?: string) =>
      as(addMonitoringConsent, { seqMedicalRelation, givenOn, method: 'written' }, who, timeZone),
    sheetRow: async (month: string) =>
      (await as(getMonitoringSheet, { month })).success.rows.find(
        (row) => row.seqMedicalRelation === seqMedicalRelation,
      ),
    auditOf: (action: 'read' | 'create' | 'update') =>
      t.app.db
        .select({ entityId: auditEvent.entityId, outcome: auditEvent.outcome, seqUser: auditEvent.seqUser })
        .from(auditEvent)
        .where(
          and(
            eq(auditEvent.entity, 'monitoring_consent'),
            eq(auditEvent.action, action),
            eq(auditEvent.seqMedicalRelation, seqMedicalRelation),
          ),
        ),
  };
}
const withdraw = (seqMonitoringConsent: number, withdrawnOn: string, who = clinician, timeZone?: string) =>
  as(withdrawMonitoringConsent, { seqMonitoringConsent, withdrawnOn }, who, timeZone);

beforeAll(async () => {
  t = await createTestApp();
  clinician = await verifiedClinician(t.app, t.mail, { firstName: 'Cora', lastName: 'Consent' });
  other = await verifiedClinician(t.app, t.mail);
});
afterAll(() => t.close());

describe('consent to remote monitoring', () => {
  it('reads "no consent on record" for a new patient', async () => {
    const patient = await newPatient();
    expect(await patient.consentOf()).toEqual({ current: null, history: [] });
  });

  it('records the consent given, how and by whom, and reads it back', async () => {
    const patient = await newPatient();
    const given = await as(addMonitoringConsent, {
      seqMedicalRelation: patient.seqMedicalRelation,
      givenOn: '2026-11-20',
      method: 'verbal',
    });
    expect(given.status, given.text).toBe(200);
    const consent = given.success.consent;
    expect(consent).toMatchObject({
      givenOn: '2026-11-20',
      method: 'verbal',
      recordedBy: 'Cora Consent',
      recordedAt: '2026-11-22T09:00:00.000Z',
      withdrawnOn: null,
      withdrawnBy: null,
    });
    expect(await patient.consentOf()).toEqual({ current: consent, history: [consent] });
    expect(await patient.auditOf('create')).toEqual([
      { entityId: String(consent.seqMonitoringConsent), outcome: 'success', seqUser: clinician.seqUser },
    ]);
    expect(await patient.auditOf('read')).toHaveLength(1);
  });

  it('refuses a second consent while one is in force, and changes nothing', async () => {
    const patient = await newPatient();
    const first = (await patient.give('2026-11-20')).success.consent;
    const again = await patient.give('2026-11-21');
    expect(again.failedCode).toBe(FailedCode.ConsentInForce);
    expect(again.failure.message).toBe('A consent to remote monitoring is already in force for this patient.');
    expect(await patient.consentOf()).toEqual({ current: first, history: [first] });
  });

  it('refuses dates in the future, a withdrawal before the consent, and an unknown way of giving it', async () => {
    const patient = await newPatient();
    const future = await patient.give('2026-11-23');
    expect(future.status).toBe(400);
    expect(future.error.fields).toEqual([
      { path: 'givenOn', code: 'validation.consent_date_future', message: 'The date cannot be in the future.' },
    ]);
    const first = (await patient.give('2026-11-20')).success.consent;
    expect((await withdraw(first.seqMonitoringConsent, '2026-11-23')).status).toBe(400);
    const early = await withdraw(first.seqMonitoringConsent, '2026-11-19');
    expect(early.error.fields).toEqual([
      {
        path: 'withdrawnOn',
        code: 'validation.withdrawal_before_consent',
        message: 'The withdrawal cannot be dated before the day the consent was given.',
      },
    ]);
    const method = await as(
      addMonitoringConsent,
      invalid({ seqMedicalRelation: patient.seqMedicalRelation, givenOn: '2026-11-20', method: 'telepathy' }),
    );
    expect(method.error.fields?.map((field) => [field.path, field.code])).toEqual([
      ['method', 'validation.consent_method'],
    ]);
    expect(await patient.consentOf()).toEqual({ current: first, history: [first] });
    expect(await patient.auditOf('update')).toEqual([]);
  });

  it("takes today in the clinician's time zone", async () => {
    const patient = await newPatient();
    const first = (await patient.give('2026-11-20')).success.consent;
    // 09:00 UTC on the 22nd is 22:00 on the 22nd in Auckland, and 23:00 on the 21st in Honolulu.
    const honolulu = await withdraw(first.seqMonitoringConsent, '2026-11-22', clinician, 'Pacific/Honolulu');
    expect(honolulu.error.fields?.[0]?.code).toBe('validation.consent_date_future');
    expect((await patient.give('2026-11-23', clinician, 'Pacific/Auckland')).error.fields?.[0]?.code).toBe(
      'validation.consent_date_future',
    );
    const auckland = await withdraw(first.seqMonitoringConsent, '2026-11-22', clinician, 'Pacific/Auckland');
    expect(auckland.status, auckland.text).toBe(200);
    expect(auckland.success.consent.withdrawnOn).toBe('2026-11-22');
  });

  it('withdraws the consent, keeps it in the history, and refuses to withdraw it twice', async () => {
    const patient = await newPatient();
    const first = (await patient.give('2026-11-20')).success.consent.seqMonitoringConsent;
    const withdrawn = await withdraw(first, '2026-11-22');
    expect(withdrawn.status, withdrawn.text).toBe(200);
    expect(withdrawn.success.consent).toMatchObject({ withdrawnOn: '2026-11-22', withdrawnBy: 'Cora Consent' });
    const twice = await withdraw(first, '2026-11-22');
    expect(twice.failedCode).toBe(FailedCode.ConsentNotInForce);
    expect(await patient.consentOf()).toMatchObject({ current: null, history: [{ seqMonitoringConsent: first }] });
    expect(await patient.auditOf('update')).toEqual([
      { entityId: String(first), outcome: 'success', seqUser: clinician.seqUser },
    ]);
  });

  it('records a consent given again as a new one, never before the last withdrawal', async () => {
    const patient = await newPatient();
    const first = (await patient.give('2026-11-20')).success.consent.seqMonitoringConsent;
    expect((await withdraw(first, '2026-11-22')).status).toBe(200);
    const overlapping = await patient.give('2026-11-21');
    expect(overlapping.error.fields?.[0]?.code).toBe('validation.consent_before_withdrawal');
    const again = (await patient.give('2026-11-22')).success.consent;
    const { current, history } = await patient.consentOf();
    expect(current).toEqual(again);
    expect(history.map((consent) => [consent.givenOn, consent.method, consent.withdrawnOn])).toEqual([
      ['2026-11-22', 'written', null],
      ['2026-11-20', 'written', '2026-11-22'],
    ]);
  });

  it("answers another clinician's patient and consent as missing, records the attempt, changes nothing", async () => {
    const patient = await newPatient();
    const given = (await patient.give('2026-11-20')).success.consent;
    const before = await patient.consentOf();
    expect((await as(getMonitoringConsent, { seqMedicalRelation: patient.seqMedicalRelation }, other)).status).toBe(
      404,
    );
    expect((await patient.give('2026-11-22', other)).status).toBe(404);
    expect((await withdraw(given.seqMonitoringConsent, '2026-11-22', other)).status).toBe(404);
    expect((await withdraw(2_000_000, '2026-11-22')).status).toBe(404);
    expect(await patient.consentOf()).toEqual(before);
    const denied = await t.app.db
      .select({ action: auditEvent.action })
      .from(auditEvent)
      .where(
        and(
          eq(auditEvent.entity, 'monitoring_consent'),
          eq(auditEvent.outcome, 'denied'),
          eq(auditEvent.seqUser, other.seqUser),
        ),
      );
    expect(denied.map((row) => row.action).toSorted()).toEqual(['create', 'read', 'update']);
  });
});

describe('the monitoring codes follow the consent', () => {
  /** One patient per test, given a program on 22 November, before the clock moves on to January. */
  const fresh: Awaited<ReturnType<typeof newPatient>>[] = [];
  beforeAll(async () => {
    for (let index = 0; index < 3; index++) fresh.push(await newPatient());
    t.clock.advance(Date.parse('2027-01-05T09:00:00Z') - t.clock().getTime());
    for (const who of [clinician, other, ...fresh.map((patient) => patient.member)]) await relogin(t.app, who);
  });

  /**
   * The next fresh patient, with data on every day from 23 November to 22 December (one 30-day
   * period of 30 days) and a call on 10 December.
   */
  async function monitoredPatient() {
    const patient = fresh.shift()!;
    const records = Array.from({ length: 30 }, (_, index) => nextDate('2026-11-23', index)).map((date) =>
      deviceSession(patient.seqExercise, date, `${date}T12:00:00Z`),
    );
    const sent = await callApi(t.app, uploadExerciseRecords, { records }, { token: patient.member.tokens.accessToken });
    expect(sent.status, sent.text).toBe(200);
    const logged = await as(addMonitoringTime, {
      seqMedicalRelation: patient.seqMedicalRelation,
      date: '2026-12-10',
      minutes: 25,
      activity: 'communication',
      interactive: true,
      note: 'Called about the knee',
    });
    expect(logged.status, logged.text).toBe(200);
    return patient;
  }

  it('counts no code for a month without consent, and marks it on the sheet', async () => {
    const patient = await monitoredPatient();
    const december = await patient.sheetRow('2026-12');
    expect(december).toMatchObject({ deviceDays: 22, minutes: 25, consent: 'none', codes: [] });
    expect(codesOf(december!.uncountedCodes)).toEqual(['98975x1', '98977x1', '98980x1']);
    const monitoring = (
      await as(getPatientMonitoring, { seqMedicalRelation: patient.seqMedicalRelation, month: '2026-12' })
    ).success.monitoring;
    expect(monitoring.month.codes).toEqual([]);
    expect(codesOf(monitoring.periods[0]!.uncountedCodes)).toEqual(['98975x1', '98977x1']);
  });

  it('counts the days of data and the minutes with consent in force', async () => {
    const patient = await monitoredPatient();
    // Given on 7 December: 16 of the period's days count, and the call of the 10th.
    const consent = (await patient.give('2026-12-07')).success.consent;
    let december = await patient.sheetRow('2026-12');
    expect(december).toMatchObject({ consent: 'partial' });
    expect(codesOf(december!.codes)).toEqual(['98975x1', '98977x1', '98980x1']);
    expect(december!.uncountedCodes).toEqual([]);

    // Withdrawn on the 9th: two days of data count (98985), the minutes of the 10th do not.
    expect((await withdraw(consent.seqMonitoringConsent, '2026-12-09')).status).toBe(200);
    december = await patient.sheetRow('2026-12');
    expect(december).toMatchObject({ consent: 'partial', minutes: 25 });
    expect(codesOf(december!.codes)).toEqual(['98975x1', '98985x1']);
    expect(codesOf(december!.uncountedCodes)).toEqual(['98977x1', '98980x1']);
  });

  it('reads a month as covered when consent held on every day with data or minutes', async () => {
    // Consent from the first day of data: the days of November before it had nothing to bill.
    const patient = await monitoredPatient();
    expect((await patient.give('2026-11-23')).status).toBe(200);
    expect(await patient.sheetRow('2026-11')).toMatchObject({ consent: 'full', deviceDays: 8 });
    const december = await patient.sheetRow('2026-12');
    expect(december).toMatchObject({ consent: 'full' });
    expect(codesOf(december!.codes)).toEqual(['98975x1', '98977x1', '98980x1']);
  });
});
