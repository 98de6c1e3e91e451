import { FailedCode } from '@clinic/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, relogin, verifiedClinician } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
let first: Awaited<ReturnType<typeof verifiedClinician>>;
let second: Awaited<ReturnType<typeof verifiedClinician>>;
let homePatient: number;
let proPatient: number;
beforeAll(async () => {
  t = await createTestApp();
  first = await verifiedClinician(t.app, t.mail);
  second = await verifiedClinician(t.app, t.mail);
});
afterAll(() => t.close());
beforeEach(async () => {
  for (const who of [first, second]) await relogin(t.app, who);
});

type Json = Record<string, unknown>;
const as = (who: typeof first) => ({
  post: (path: string, body: unknown) => call(t.app, path, body, { token: who.tokens.accessToken }),
  put: (path: string, body: unknown) => call(t.app, path, body, { token: who.tokens.accessToken, method: 'PUT' }),
});
const patient = (deviceType: number, name: string) =>
  as(first)
    .post('/patient/addPatient/noAuth', {
      patientName: name,
      patientInfoBirth: '1970-01-01',
      patientInfoGender: 'F',
      heightCm: 165,
      weightKg: 60,
      deviceType,
    })
    .then((reply) => reply.json<{ seqMedicalRelation: number }>().seqMedicalRelation);
const settings = (overrides: Json = {}): Json => ({
  deviceType: 2,
  mode: 0,
  position: 3,
  direction: 2,
  method: 5,
  strength: 4,
  frequency: 2,
  countPerSet: 15,
  sets: 3,
  dueDate: '2026-12-31',
  minRom: 10,
  maxRom: 100,
  assistance: 3,
  resistanceSensitivity: 5,
  speed: 7,
  deviceHeight: 4,
  upDelay: 2,
  downDelay: 2,
  upLimit: 60,
  downLimit: 60,
  memo: 'Knee flexion, pro device',
  exerciseGuide: { exerciseGuideTime: '00:25:00', exerciseGuideEvent: 'RomExercise' },
  ...overrides,
});

beforeAll(async () => {
  homePatient = await patient(1, 'Home Hana');
  proPatient = await patient(2, 'Pro Petr');
});

describe('prescribing', () => {
  it('assigns a knee exercise to a pro-device patient and keeps only the settings that apply', async () => {
    const reply = await as(first).post('/exercise/addClinicAssignedExercise', {
      seqMedicalRelation: proPatient,
      exercise: settings(),
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      exercise: {
        patientName: 'Pro Petr',
        deviceType: 2,
        minRom: 10,
        maxRom: 100,
        speed: null, // active mode: no passive speed
        assistance: 3,
        deviceHeight: 4,
        exerciseStatus: 0,
        isPastDue: false,
        exerciseGuide: { exerciseGuideTime: '00:25:00', exerciseGuideEvent: 'RomExercise' },
      },
    });
  });

  it('refuses an invalid ROM gap, a due date in the past and a device that is not the patient’s', async () => {
    const gap = await as(first).post('/exercise/addClinicAssignedExercise', {
      seqMedicalRelation: proPatient,
      exercise: settings({ minRom: 50, maxRom: 55 }),
    });
    expect(gap.statusCode).toBe(400);
    expect(gap.json()).toMatchObject({ fields: [{ path: 'exercise.maxRom', code: 'validation.rom_gap' }] });
    const past = await as(first).post('/exercise/addClinicAssignedExercise', {
      seqMedicalRelation: proPatient,
      exercise: settings({ dueDate: '2026-11-01' }),
    });
    expect(past.json()).toMatchObject({ fields: [{ path: 'exercise.dueDate', code: 'validation.due_date_past' }] });
    const device = await as(first).post('/exercise/addClinicAssignedExercise', {
      seqMedicalRelation: homePatient,
      exercise: settings(),
    });
    expect(device.json()).toMatchObject({
      fields: [{ path: 'exercise.deviceType', code: 'validation.device_mismatch' }],
    });
  });

  it('changes and deletes only a waiting exercise, and moves status only along allowed transitions', async () => {
    const add = await as(first).post('/exercise/addClinicAssignedExercise', {
      seqMedicalRelation: homePatient,
      exercise: settings({ deviceType: 1, mode: 1, maxRom: 70, speed: 3 }),
    });
    const { seqExercise } = add.json<{ exercise: { seqExercise: number } }>().exercise;
    const updated = await as(first).put('/exercise/updateClinicAssignedExercise', {
      seqExercise,
      exercise: settings({ deviceType: 1, mode: 1, maxRom: 75, speed: 4 }),
    });
    expect(updated.json()).toMatchObject({ exercise: { maxRom: 75, speed: 4, deviceHeight: null } });

    const status = (exerciseStatus: number) =>
      as(first).put('/exercise/updateExerciseStatusBySeqExercise', { seqExercise, exerciseStatus });
    // On progress and accomplished (auto) come only from the device.
    expect((await status(4)).json()).toMatchObject({ isSuccess: false, failedCode: FailedCode.IllegalStatusChange });
    expect((await status(3)).json()).toMatchObject({ isSuccess: false, failedCode: FailedCode.IllegalStatusChange });
    expect((await status(1)).json()).toMatchObject({ exercise: { exerciseStatus: 1 } });
    const change = await as(first).put('/exercise/updateClinicAssignedExercise', {
      seqExercise,
      exercise: settings({ deviceType: 1, mode: 1, maxRom: 75, speed: 4 }),
    });
    expect(change.json()).toMatchObject({ isSuccess: false, failedCode: FailedCode.ExerciseNotWaiting });
    expect((await as(first).put('/exercise/deleteExerciseGuideBySeqExercise', { seqExercise })).json()).toMatchObject({
      failedCode: FailedCode.ExerciseNotWaiting,
    });
    expect((await status(2)).json()).toMatchObject({ failedCode: FailedCode.IllegalStatusChange });
    expect((await status(0)).json()).toMatchObject({ failedCode: FailedCode.IllegalStatusChange });

    // A patient with an open exercise keeps their device until it is finished.
    const open = await as(first).post('/exercise/addClinicAssignedExercise', {
      seqMedicalRelation: proPatient,
      exercise: settings(),
    });
    expect(open.statusCode).toBe(200);
    const switched = await as(first).put('/patient/updatePatientInfo', {
      seqMedicalRelation: proPatient,
      patientName: 'Pro Petr',
      patientInfoBirth: '1970-01-01',
      patientInfoGender: 'F',
      heightCm: 165,
      weightKg: 60,
      deviceType: 1,
      imageUrl: null,
    });
    expect(switched.json()).toMatchObject({
      fields: [{ path: 'deviceType', code: 'validation.device_has_open_exercises' }],
    });

    const other = await as(first).post('/exercise/addClinicAssignedExercise', {
      seqMedicalRelation: homePatient,
      exercise: settings({ deviceType: 1, mode: 1, maxRom: 70 }),
    });
    const otherId = other.json<{ exercise: { seqExercise: number } }>().exercise.seqExercise;
    expect(
      (await as(first).put('/exercise/deleteExerciseGuideBySeqExercise', { seqExercise: otherId })).json(),
    ).toEqual({ isSuccess: true });
  });
});

describe('lists', () => {
  it('pages, sorts and searches by device type, for all patients and for one', async () => {
    for (const [i, name] of ['Alpha', 'Bravo', 'Charlie'].entries()) {
      await as(first).post('/exercise/addClinicAssignedExercise', {
        seqMedicalRelation: proPatient,
        exercise: settings({ memo: `${name} session`, dueDate: `2027-0${i + 1}-01` }),
      });
    }
    const list = (path: string, body: Json) =>
      as(first)
        .post(path, { page: 1, size: 2, sortingParam: 'dueDate', isDesc: 1, ...body })
        .then((reply) => reply.json<{ exerciseList: Json[]; totalCount: number }>());
    const pro = await list('/exercise/getAllMyPatientExerciseHistoryByLimitForPro/v2', {});
    expect(pro.exerciseList.map((item) => item.dueDate)).toEqual(['2027-03-01', '2027-02-01']);
    expect(pro.exerciseList.every((item) => item.deviceType === 2)).toBe(true);
    const ascending = await list('/exercise/rehabilitationMode/getBySearchWordAndSeqMrForIuppiterPro', {
      seqMedicalRelation: proPatient,
      isDesc: 0,
      searchWord: 'bravo',
    });
    expect(ascending).toMatchObject({ totalCount: 1, exerciseList: [{ memo: 'Bravo session' }] });
    const home = await list('/exercise/getAllMyPatientExerciseHistoryByLimit/v2', { size: 50 });
    expect(home.exerciseList.every((item) => item.deviceType === 1)).toBe(true);
    const secondPage = await list('/exercise/getAllMyPatientExerciseHistoryByLimitForPro/v2', { page: 2 });
    expect(secondPage.exerciseList.length).toBeGreaterThan(0);
  });

  it('gives another clinician none of them: not by id, not in a list, not in a search', async () => {
    const add = await as(first).post('/exercise/addClinicAssignedExercise', {
      seqMedicalRelation: proPatient,
      exercise: settings({ memo: 'Secret plan' }),
    });
    const { seqExercise } = add.json<{ exercise: { seqExercise: number } }>().exercise;
    expect(
      (await as(second).put('/exercise/updateExerciseStatusBySeqExercise', { seqExercise, exerciseStatus: 1 }))
        .statusCode,
    ).toBe(404);
    expect((await as(second).put('/exercise/deleteExerciseGuideBySeqExercise', { seqExercise })).statusCode).toBe(404);
    expect(
      (await as(second).put('/exercise/updateClinicAssignedExercise', { seqExercise, exercise: settings() }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await as(second).post('/exercise/addClinicAssignedExercise', {
          seqMedicalRelation: proPatient,
          exercise: settings(),
        })
      ).statusCode,
    ).toBe(404);
    const search = await as(second).post('/exercise/getAllMyPatientExerciseHistoryByLimitForPro/v2', {
      page: 1,
      size: 50,
      sortingParam: 'createdAt',
      isDesc: true,
      searchWord: 'Secret',
    });
    expect(search.json()).toMatchObject({ totalCount: 0, exerciseList: [] });
    const theirs = await as(second).post('/exercise/rehabilitationMode/getBySearchWordAndSeqMrForIuppiterPro', {
      page: 1,
      size: 5,
      sortingParam: 'createdAt',
      isDesc: true,
      seqMedicalRelation: proPatient,
    });
    expect(theirs.statusCode).toBe(404);
  });
});
