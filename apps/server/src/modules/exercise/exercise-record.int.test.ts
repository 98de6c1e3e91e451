import {
  FailedCode,
  addClinicAssignedExercise,
  addPatient,
  getPatientRecordsByRange,
  getPatientRecordsPaged,
  getRomStatistics,
  getSelectedExerciseRecords,
  getUserMeasureDataByRange,
  listMyPatientsProExercises,
  listPatientProExercises,
  updateExerciseStatus,
  issueSyncAuthCode,
  listMyPrescriptions,
  login,
  uploadExerciseRecords,
  type Endpoint,
  type RequestOf,
} from '@clinic/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  deviceSession,
  kneeProgram,
  password,
  relogin,
  verifiedClinician,
  verifiedPatient,
  callApi,
} from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { auditEvent } from '../../db/schema.ts';

let t: TestApp;
let clinician: Awaited<ReturnType<typeof verifiedClinician>>;
let other: Awaited<ReturnType<typeof verifiedClinician>>;
let member: Awaited<ReturnType<typeof verifiedPatient>>;
let memberUser: number;
let seqMedicalRelation: number;
let seqExercise: number;

/** The audit entries of reads of the ROM statistic of the relation. */
const statisticsAudits = () =>
  t.app.db
    .select()
    .from(auditEvent)
    .where(and(eq(auditEvent.entity, 'rom_statistics'), eq(auditEvent.seqMedicalRelation, seqMedicalRelation)))
    .orderBy(auditEvent.id);

const asClinician = <E extends Endpoint>(endpoint: E, body: RequestOf<E>, who = clinician) =>
  callApi(t.app, endpoint, body, { token: who.tokens.accessToken, language: 'en' });
type Session = ReturnType<typeof deviceSession>;
const upload = (records: Session[]) =>
  callApi(t.app, uploadExerciseRecords, { records }, { token: member.tokens.accessToken });

/** A session of the knee program on the pro device, started at the given instant. */
const session = (key: string, start: string, overrides: Partial<Session> = {}): Session =>
  deviceSession(seqExercise, key, start, overrides);

beforeAll(async () => {
  t = await createTestApp();
  clinician = await verifiedClinician(t.app, t.mail);
  other = await verifiedClinician(t.app, t.mail);
  member = await verifiedPatient(t.app, t.mail);
  const loggedIn = await callApi(t.app, login, {
    userEmail: member.email,
    userPassword: password,
    userType: 'patient',
  });
  memberUser = loggedIn.success.user.seqUser;
  const code = (await callApi(t.app, issueSyncAuthCode, {}, { token: member.tokens.accessToken })).success
    .patientSyncAuthCode;
  const added = await asClinician(addPatient, {
    patientSyncAuthCode: code,
    heightCm: 170,
    weightKg: 72,
    deviceType: 2,
  });
  seqMedicalRelation = added.success.seqMedicalRelation;
  const prescribed = await asClinician(addClinicAssignedExercise, {
    seqMedicalRelation,
    exercise: kneeProgram,
  });
  seqExercise = prescribed.success.exercise.seqExercise;
  // The prescription was made on the 22nd at 09:00 UTC; the sessions follow in the next days.
  t.clock.advance(3 * 86_400_000);
});
afterAll(() => t.close());
beforeEach(async () => {
  for (const who of [clinician, other, member]) await relogin(t.app, who);
});

describe('device records', () => {
  it('stores what the device recorded once, however often the upload is retried, and starts the exercise', async () => {
    const records = [
      session('dev-0001-a', '2026-11-23T23:30:00Z', { iuppiterUsageMaxAngle: 80, painLevel: 3 }),
      session('dev-0001-b', '2026-11-24T10:00:00Z', { iuppiterUsageMaxAngle: 88, painLevel: 7 }),
      session('dev-0001-c', '2026-11-24T16:00:00Z', {
        iuppiterUsageMaxAngle: 92,
        exerciseGuideMode: 2,
        iuppiterUsageMode: 2,
      }),
    ];
    expect((await upload(records)).reply).toEqual({ isSuccess: true, accepted: 3, duplicates: 0 });
    const retries = await Promise.all([upload(records), upload(records)]);
    for (const retry of retries) expect(retry.reply).toEqual({ isSuccess: true, accepted: 0, duplicates: 3 });

    const stored = (await asClinician(getSelectedExerciseRecords, { seqExercise })).success;
    expect(stored.recordList.map((record) => record.iuppiterUsageMaxAngle)).toEqual([92, 88, 80]);
    // The pain reported with each session comes back with it; none reported reads as null.
    expect(stored.recordList.map((record) => record.painLevel)).toEqual([null, 7, 3]);
    expect(stored.recordList[0]).toMatchObject({
      maxTorque: 8.4,
      exerciseGuideTime: '00:20:00',
      patientReview: 'A bit sore afterwards',
    });
    const list = await asClinician(listPatientProExercises, {
      seqMedicalRelation,
      page: 1,
      size: 10,
      sortingParam: 'createdAt',
      isDesc: 1,
    });
    expect(list.reply).toMatchObject({ exerciseList: [{ seqExercise, exerciseStatus: 4 }] });
  });

  it('refuses records for an exercise that is not the patient’s, and bad values, storing nothing', async () => {
    const stranger = await verifiedPatient(t.app, t.mail);
    const foreign = await callApi(
      t.app,
      uploadExerciseRecords,
      { records: [session('dev-x-0001', '2026-11-24T10:00:00Z')] },
      { token: stranger.tokens.accessToken },
    );
    expect(foreign.status).toBe(404);
    const inverted = await upload([
      session('dev-bad-0001', '2026-11-24T10:00:00Z', { iuppiterUsageMinAngle: 90, iuppiterUsageMaxAngle: 10 }),
    ]);
    expect(inverted.status).toBe(400);
    const early = await upload([session('dev-early-0001', '2026-11-21T10:00:00Z')]);
    expect(early.error).toMatchObject({
      fields: [{ path: 'records.0.usageStartDatetime', code: 'validation.record_time' }],
    });
    const future = await upload([session('dev-future-0001', '2026-12-30T10:00:00Z')]);
    expect(future.error).toMatchObject({ fields: [{ code: 'validation.record_time' }] });
    expect((await upload([session('dev-zero-0001', '0000-01-01T00:00:00Z')])).status).toBe(400);
    const clinicianToken = await callApi(
      t.app,
      uploadExerciseRecords,
      { records: [session('dev-c-0001', '2026-11-24T10:00:00Z')] },
      { token: clinician.tokens.accessToken },
    );
    expect(clinicianToken.status).toBe(403);
  });

  it('pages, ranges and aggregates the records by day in the clinician’s time zone', async () => {
    const paged = await asClinician(getPatientRecordsPaged, {
      seqMedicalRelation,
      page: 1,
      size: 2,
      sortingParam: 'iuppiterUsageMaxAngle',
      isDesc: 0,
    });
    expect(paged.reply).toMatchObject({
      totalCount: 3,
      recordList: [{ iuppiterUsageMaxAngle: 80 }, { iuppiterUsageMaxAngle: 88 }],
    });

    const inSeoul = <E extends Endpoint>(endpoint: E, body: RequestOf<E>) =>
      callApi(t.app, endpoint, body, { token: clinician.tokens.accessToken, timeZone: 'Asia/Seoul' });
    const range = await inSeoul(getPatientRecordsByRange, {
      seqMedicalRelation,
      startDate: '2026-11-24',
      endDate: '2026-11-24',
    });
    // 23:30 UTC on the 23rd is 08:30 on the 24th in Seoul; 16:00 UTC on the 24th is the 25th there.
    expect(range.success.recordList.map((record) => record.iuppiterUsageMaxAngle)).toEqual([80, 88]);
    expect(range.reply).toMatchObject({ totalCount: 2 });
    // A page at a time: the second page of one holds the later record and still counts both.
    const secondPage = await inSeoul(getPatientRecordsByRange, {
      seqMedicalRelation,
      startDate: '2026-11-24',
      endDate: '2026-11-24',
      page: 2,
      size: 1,
    });
    expect(secondPage.reply).toMatchObject({ totalCount: 2, recordList: [{ iuppiterUsageMaxAngle: 88 }] });
    // The sorted pages hold only the days of a period when asked for one, and count only those.
    const pagedInPeriod = await inSeoul(getPatientRecordsPaged, {
      seqMedicalRelation,
      page: 1,
      size: 10,
      sortingParam: 'iuppiterUsageMaxAngle',
      isDesc: true,
      startDate: '2026-11-24',
      endDate: '2026-11-24',
    });
    expect(pagedInPeriod.reply).toMatchObject({
      totalCount: 2,
      recordList: [
        { iuppiterUsageMaxAngle: 88, painLevel: 7 },
        { iuppiterUsageMaxAngle: 80, painLevel: 3 },
      ],
    });
    const halfPeriod = await asClinician(getPatientRecordsPaged, {
      seqMedicalRelation,
      page: 1,
      size: 10,
      isDesc: true,
      startDate: '2026-11-24',
    });
    expect(halfPeriod.error).toMatchObject({ fields: [{ path: 'endDate', code: 'validation.required' }] });
    const reversedPeriod = await asClinician(getPatientRecordsPaged, {
      seqMedicalRelation,
      page: 1,
      size: 10,
      isDesc: true,
      startDate: '2026-11-25',
      endDate: '2026-11-24',
    });
    expect(reversedPeriod.error).toMatchObject({ fields: [{ path: 'endDate', code: 'validation.range_order' }] });

    const statisticsAuditedBefore = (await statisticsAudits()).length;
    const stats = await inSeoul(getRomStatistics, {
      seqMedicalRelation,
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      position: 3,
    });
    expect(stats.reply).toMatchObject({
      days: [
        { date: '2026-11-24', minAngle: 12.5, maxAngle: 88, exerciseSeconds: 2400, sessions: 2, painLevel: 7 },
        { date: '2026-11-25', maxAngle: 92, sessions: 1, painLevel: null },
      ],
      prescriptions: [{ seqExercise, minRom: 10, maxRom: 100, position: 3 }],
    });
    expect(
      (await statisticsAudits()).slice(statisticsAuditedBefore).map((entry) => [entry.action, entry.seqPatient]),
    ).toEqual([['read', member.seqPatient]]);
    const activeOnly = await asClinician(getRomStatistics, {
      seqMedicalRelation,
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      mode: 2,
    });
    expect(activeOnly.success.days).toHaveLength(1);
    const backwards = await asClinician(getRomStatistics, {
      seqMedicalRelation,
      startDate: '2026-11-30',
      endDate: '2026-11-01',
    });
    expect(backwards.status).toBe(400);

    const measures = await asClinician(getUserMeasureDataByRange, {
      seqUser: memberUser,
      startDate: '2026-11-01',
      endDate: '2026-11-30',
    });
    expect(measures.success.recordList.map((record) => record.exerciseGuideMode)).toEqual([2]);
    expect(measures.reply).toMatchObject({ totalCount: 1 });
    // A page at a time, like the records of a range: the second page of one holds the later measurement.
    const later = session('dev-0001-d', '2026-11-25T06:00:00Z', {
      iuppiterUsageMaxAngle: 70,
      exerciseGuideMode: 2,
      iuppiterUsageMode: 2,
    });
    expect((await upload([later])).reply).toMatchObject({ accepted: 1 });
    const measurePage = (page: number) =>
      asClinician(getUserMeasureDataByRange, {
        seqUser: memberUser,
        startDate: '2026-11-01',
        endDate: '2026-11-30',
        page,
        size: 1,
      });
    expect((await measurePage(1)).reply).toMatchObject({ totalCount: 2, recordList: [{ iuppiterUsageMaxAngle: 92 }] });
    expect((await measurePage(2)).reply).toMatchObject({ totalCount: 2, recordList: [{ iuppiterUsageMaxAngle: 70 }] });
    expect((await measurePage(3)).reply).toMatchObject({ totalCount: 2, recordList: [] });
  });

  it('accomplishes the exercise when the device reports the program complete', async () => {
    await upload([session('dev-0002-a', '2026-11-25T08:00:00Z', { exerciseCompleted: true })]);
    const list = await asClinician(listMyPatientsProExercises, {
      page: 1,
      size: 10,
      sortingParam: 'createdAt',
      isDesc: true,
    });
    expect(list.reply).toMatchObject({ exerciseList: [{ seqExercise, exerciseStatus: 3 }] });
  });

  it('keeps a termination that races a device upload', async () => {
    const prescribed = await asClinician(addClinicAssignedExercise, {
      seqMedicalRelation,
      exercise: kneeProgram,
    });
    const fresh = prescribed.success.exercise.seqExercise;
    t.clock.advance(60_000);
    const batch = Array.from({ length: 100 }, (_, i) =>
      session(`race-${fresh}-${i}`, new Date(t.clock().getTime() - 30_000 + i).toISOString(), { seqExercise: fresh }),
    );
    const [terminated, uploaded] = await Promise.all([
      asClinician(updateExerciseStatus, { seqExercise: fresh, exerciseStatus: 1 }),
      upload(batch),
    ]);
    expect(uploaded.status).toBe(200);
    expect(terminated.reply).toMatchObject({ exercise: { exerciseStatus: 1 } });
    const list = await asClinician(listMyPatientsProExercises, {
      page: 1,
      size: 50,
      sortingParam: 'createdAt',
      isDesc: true,
    });
    const row = list.success.exerciseList.find((item) => item.seqExercise === fresh);
    expect(row?.exerciseStatus).toBe(1);
    const open = await callApi(t.app, listMyPrescriptions, {}, { token: member.tokens.accessToken });
    expect(open.success.exerciseList.some((item) => item.seqExercise === fresh)).toBe(false);
  });

  it('gives another clinician none of the records', async () => {
    const statisticsAuditedBefore = (await statisticsAudits()).length;
    const attempts = [
      asClinician(getSelectedExerciseRecords, { seqExercise }, other),
      asClinician(getPatientRecordsPaged, { seqMedicalRelation, page: 1, size: 5, isDesc: 1 }, other),
      asClinician(
        getPatientRecordsByRange,
        { seqMedicalRelation, startDate: '2026-11-01', endDate: '2026-11-30' },
        other,
      ),
      asClinician(getRomStatistics, { seqMedicalRelation, startDate: '2026-11-01', endDate: '2026-11-30' }, other),
      asClinician(
        getUserMeasureDataByRange,
        { seqUser: memberUser, startDate: '2026-11-01', endDate: '2026-11-30' },
        other,
      ),
    ];
    for (const reply of await Promise.all(attempts)) {
      expect(reply.status).toBe(404);
      expect(reply.failedCode).toBe(FailedCode.NotFound);
    }
    // Nothing was read, but the attempt is on record, as refused.
    const audits = await statisticsAudits();
    expect(audits).toHaveLength(statisticsAuditedBefore + 1);
    expect(audits.at(-1)).toMatchObject({ seqUser: other.seqUser, action: 'read', outcome: 'denied' });
  });
});
