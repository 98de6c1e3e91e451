import { FailedCode } from '@clinic/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  call,
  deviceSession,
  kneeProgram,
  password,
  relogin,
  verifiedClinician,
  verifiedPatient,
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

type Json = Record<string, unknown>;
const asClinician = (path: string, body: unknown, method: 'POST' | 'PUT' = 'POST', who = clinician) =>
  call(t.app, path, body, { token: who.tokens.accessToken, method, language: 'en' });
const upload = (records: Json[]) =>
  call(t.app, '/patientApp/exerciseRecord/upload', { records }, { token: member.tokens.accessToken });

/** A session of the knee program on the pro device, started at the given instant. */
const session = (key: string, start: string, overrides: Json = {}): Json =>
  deviceSession(seqExercise, key, start, overrides);

beforeAll(async () => {
  t = await createTestApp();
  clinician = await verifiedClinician(t.app, t.mail);
  other = await verifiedClinician(t.app, t.mail);
  member = await verifiedPatient(t.app, t.mail);
  const login = await call(t.app, '/user/login', {
    userEmail: member.email,
    userPassword: password,
    userType: 'patient',
  });
  memberUser = login.json<{ user: { seqUser: number } }>().user.seqUser;
  const code = (await call(t.app, '/patientApp/issueSyncAuthCode', {}, { token: member.tokens.accessToken })).json<{
    patientSyncAuthCode: string;
  }>().patientSyncAuthCode;
  const added = await asClinician('/patient/addPatient', {
    patientSyncAuthCode: code,
    heightCm: 170,
    weightKg: 72,
    deviceType: 2,
  });
  seqMedicalRelation = added.json<{ seqMedicalRelation: number }>().seqMedicalRelation;
  const prescribed = await asClinician('/exercise/addClinicAssignedExercise', {
    seqMedicalRelation,
    exercise: kneeProgram,
  });
  seqExercise = prescribed.json<{ exercise: { seqExercise: number } }>().exercise.seqExercise;
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
      session('dev-0001-a', '2026-11-23T23:30:00Z', { iuppiterUsageMaxAngle: 80 }),
      session('dev-0001-b', '2026-11-24T10:00:00Z', { iuppiterUsageMaxAngle: 88 }),
      session('dev-0001-c', '2026-11-24T16:00:00Z', {
        iuppiterUsageMaxAngle: 92,
        exerciseGuideMode: 2,
        iuppiterUsageMode: 2,
      }),
    ];
    expect((await upload(records)).json()).toEqual({ isSuccess: true, accepted: 3, duplicates: 0 });
    const retries = await Promise.all([upload(records), upload(records)]);
    for (const retry of retries) expect(retry.json()).toEqual({ isSuccess: true, accepted: 0, duplicates: 3 });

    const stored = (await asClinician('/exercise/getAllSelectedExerciseHistoryRecord/v2', { seqExercise })).json<{
      recordList: Json[];
    }>();
    expect(stored.recordList.map((record) => record.iuppiterUsageMaxAngle)).toEqual([92, 88, 80]);
    expect(stored.recordList[0]).toMatchObject({
      maxTorque: 8.4,
      exerciseGuideTime: '00:20:00',
      patientReview: 'A bit sore afterwards',
    });
    const list = await asClinician('/exercise/rehabilitationMode/getBySearchWordAndSeqMrForIuppiterPro', {
      seqMedicalRelation,
      page: 1,
      size: 10,
      sortingParam: 'createdAt',
      isDesc: 1,
    });
    expect(list.json()).toMatchObject({ exerciseList: [{ seqExercise, exerciseStatus: 4 }] });
  });

  it('refuses records for an exercise that is not the patient’s, and bad values, storing nothing', async () => {
    const stranger = await verifiedPatient(t.app, t.mail);
    const foreign = await call(
      t.app,
      '/patientApp/exerciseRecord/upload',
      { records: [session('dev-x-0001', '2026-11-24T10:00:00Z')] },
      { token: stranger.tokens.accessToken },
    );
    expect(foreign.statusCode).toBe(404);
    const inverted = await upload([
      session('dev-bad-0001', '2026-11-24T10:00:00Z', { iuppiterUsageMinAngle: 90, iuppiterUsageMaxAngle: 10 }),
    ]);
    expect(inverted.statusCode).toBe(400);
    const early = await upload([session('dev-early-0001', '2026-11-21T10:00:00Z')]);
    expect(early.json()).toMatchObject({
      fields: [{ path: 'records.0.usageStartDatetime', code: 'validation.record_time' }],
    });
    const future = await upload([session('dev-future-0001', '2026-12-30T10:00:00Z')]);
    expect(future.json()).toMatchObject({ fields: [{ code: 'validation.record_time' }] });
    expect((await upload([session('dev-zero-0001', '0000-01-01T00:00:00Z')])).statusCode).toBe(400);
    const clinicianToken = await call(
      t.app,
      '/patientApp/exerciseRecord/upload',
      { records: [session('dev-c-0001', '2026-11-24T10:00:00Z')] },
      { token: clinician.tokens.accessToken },
    );
    expect(clinicianToken.statusCode).toBe(403);
  });

  it('pages, ranges and aggregates the records by day in the clinician’s time zone', async () => {
    const paged = await asClinician('/exercise/getAllExerciseHistoryBySeqMedicalRelationByLimit/v2', {
      seqMedicalRelation,
      page: 1,
      size: 2,
      sortingParam: 'iuppiterUsageMaxAngle',
      isDesc: 0,
    });
    expect(paged.json()).toMatchObject({
      totalCount: 3,
      recordList: [{ iuppiterUsageMaxAngle: 80 }, { iuppiterUsageMaxAngle: 88 }],
    });

    const inSeoul = (path: string, body: Json) =>
      call(t.app, path, body, { token: clinician.tokens.accessToken, timeZone: 'Asia/Seoul' });
    const recordsPath = '/exercise/getDetailExerciseListBySeqMedicalRelationBySingleRange/v2';
    const range = await inSeoul(recordsPath, { seqMedicalRelation, startDate: '2026-11-24', endDate: '2026-11-24' });
    // 23:30 UTC on the 23rd is 08:30 on the 24th in Seoul; 16:00 UTC on the 24th is the 25th there.
    expect(range.json<{ recordList: Json[] }>().recordList.map((record) => record.iuppiterUsageMaxAngle)).toEqual([
      80, 88,
    ]);
    expect(range.json()).toMatchObject({ totalCount: 2 });
    // A page at a time: the second page of one holds the later record and still counts both.
    const secondPage = await inSeoul(recordsPath, {
      seqMedicalRelation,
      startDate: '2026-11-24',
      endDate: '2026-11-24',
      page: 2,
      size: 1,
    });
    expect(secondPage.json()).toMatchObject({ totalCount: 2, recordList: [{ iuppiterUsageMaxAngle: 88 }] });

    const statisticsAuditedBefore = (await statisticsAudits()).length;
    const stats = await inSeoul('/statistic/getDataForFilteredRomAndExerciseTimeByRange', {
      seqMedicalRelation,
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      position: 3,
    });
    expect(stats.json()).toMatchObject({
      days: [
        { date: '2026-11-24', minAngle: 12.5, maxAngle: 88, exerciseSeconds: 2400, sessions: 2 },
        { date: '2026-11-25', maxAngle: 92, sessions: 1 },
      ],
      prescriptions: [{ seqExercise, minRom: 10, maxRom: 100, position: 3 }],
    });
    expect(
      (await statisticsAudits()).slice(statisticsAuditedBefore).map((entry) => [entry.action, entry.seqPatient]),
    ).toEqual([['read', member.seqPatient]]);
    const activeOnly = await asClinician('/statistic/getDataForFilteredRomAndExerciseTimeByRange', {
      seqMedicalRelation,
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      mode: 2,
    });
    expect(activeOnly.json<{ days: Json[] }>().days).toHaveLength(1);
    const backwards = await asClinician('/statistic/getDataForFilteredRomAndExerciseTimeByRange', {
      seqMedicalRelation,
      startDate: '2026-11-30',
      endDate: '2026-11-01',
    });
    expect(backwards.statusCode).toBe(400);

    const measures = await asClinician('/userMeasureRecord/getUserMeasureDataByRange', {
      seqUser: memberUser,
      startDate: '2026-11-01',
      endDate: '2026-11-30',
    });
    expect(measures.json<{ recordList: Json[] }>().recordList.map((record) => record.exerciseGuideMode)).toEqual([2]);
    expect(measures.json()).toMatchObject({ totalCount: 1 });
    // A page at a time, like the records of a range: the second page of one holds the later measurement.
    const later = session('dev-0001-d', '2026-11-25T06:00:00Z', {
      iuppiterUsageMaxAngle: 70,
      exerciseGuideMode: 2,
      iuppiterUsageMode: 2,
    });
    expect((await upload([later])).json()).toMatchObject({ accepted: 1 });
    const measurePage = (page: number) =>
      asClinician('/userMeasureRecord/getUserMeasureDataByRange', {
        seqUser: memberUser,
        startDate: '2026-11-01',
        endDate: '2026-11-30',
        page,
        size: 1,
      });
    expect((await measurePage(1)).json()).toMatchObject({ totalCount: 2, recordList: [{ iuppiterUsageMaxAngle: 92 }] });
    expect((await measurePage(2)).json()).toMatchObject({ totalCount: 2, recordList: [{ iuppiterUsageMaxAngle: 70 }] });
    expect((await measurePage(3)).json()).toMatchObject({ totalCount: 2, recordList: [] });
  });

  it('accomplishes the exercise when the device reports the program complete', async () => {
    await upload([session('dev-0002-a', '2026-11-25T08:00:00Z', { exerciseCompleted: true })]);
    const list = await asClinician('/exercise/getAllMyPatientExerciseHistoryByLimitForPro/v2', {
      page: 1,
      size: 10,
      sortingParam: 'createdAt',
      isDesc: true,
    });
    expect(list.json()).toMatchObject({ exerciseList: [{ seqExercise, exerciseStatus: 3 }] });
  });

  it('keeps a termination that races a device upload', async () => {
    const prescribed = await asClinician('/exercise/addClinicAssignedExercise', {
      seqMedicalRelation,
      exercise: kneeProgram,
    });
    const fresh = prescribed.json<{ exercise: { seqExercise: number } }>().exercise.seqExercise;
    t.clock.advance(60_000);
    const batch = Array.from({ length: 100 }, (_, i) =>
      session(`race-${fresh}-${i}`, new Date(t.clock().getTime() - 30_000 + i).toISOString(), { seqExercise: fresh }),
    );
    const [terminated, uploaded] = await Promise.all([
      asClinician('/exercise/updateExerciseStatusBySeqExercise', { seqExercise: fresh, exerciseStatus: 1 }, 'PUT'),
      upload(batch),
    ]);
    expect(uploaded.statusCode).toBe(200);
    expect(terminated.json()).toMatchObject({ exercise: { exerciseStatus: 1 } });
    const list = await asClinician('/exercise/getAllMyPatientExerciseHistoryByLimitForPro/v2', {
      page: 1,
      size: 50,
      sortingParam: 'createdAt',
      isDesc: true,
    });
    const row = list
      .json<{ exerciseList: { seqExercise: number; exerciseStatus: number }[] }>()
      .exerciseList.find((item) => item.seqExercise === fresh);
    expect(row?.exerciseStatus).toBe(1);
    const open = await call(t.app, '/patientApp/exercise/list', {}, { token: member.tokens.accessToken });
    expect(
      open.json<{ exerciseList: { seqExercise: number }[] }>().exerciseList.some((item) => item.seqExercise === fresh),
    ).toBe(false);
  });

  it('gives another clinician none of the records', async () => {
    const statisticsAuditedBefore = (await statisticsAudits()).length;
    const attempts = [
      asClinician('/exercise/getAllSelectedExerciseHistoryRecord/v2', { seqExercise }, 'POST', other),
      asClinician(
        '/exercise/getAllExerciseHistoryBySeqMedicalRelationByLimit/v2',
        { seqMedicalRelation, page: 1, size: 5, isDesc: 1 },
        'POST',
        other,
      ),
      asClinician(
        '/exercise/getDetailExerciseListBySeqMedicalRelationBySingleRange/v2',
        { seqMedicalRelation, startDate: '2026-11-01', endDate: '2026-11-30' },
        'POST',
        other,
      ),
      asClinician(
        '/statistic/getDataForFilteredRomAndExerciseTimeByRange',
        { seqMedicalRelation, startDate: '2026-11-01', endDate: '2026-11-30' },
        'POST',
        other,
      ),
      asClinician(
        '/userMeasureRecord/getUserMeasureDataByRange',
        { seqUser: memberUser, startDate: '2026-11-01', endDate: '2026-11-30' },
        'POST',
        other,
      ),
    ];
    for (const reply of await Promise.all(attempts)) {
      expect(reply.statusCode).toBe(404);
      expect(reply.json<{ failedCode: string }>().failedCode).toBe(FailedCode.NotFound);
    }
    // Nothing was read, but the attempt is on record, as refused.
    const audits = await statisticsAudits();
    expect(audits).toHaveLength(statisticsAuditedBefore + 1);
    expect(audits.at(-1)).toMatchObject({ seqUser: other.seqUser, action: 'read', outcome: 'denied' });
  });
});
