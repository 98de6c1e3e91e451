import {
  FailedCode,
  addClinicAssignedExercise,
  addPatientNoAuth,
  deleteExerciseGuide,
  listMyPatientsProExercises,
  listPatientProExercises,
  updateClinicAssignedExercise,
  updateExerciseStatus,
  updatePatientInfo,
  type Endpoint,
  type RequestOf,
  listMyPatientsHomeExercises,
} from '@clinic/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { relogin, verifiedClinician, callApi } from '../../../test/fixtures.ts';
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

const as = (who: typeof first) => ({
  call: <E extends Endpoint>(endpoint: E, body: RequestOf<E>) =>
    callApi(t.app, endpoint, body, { token: who.tokens.accessToken }),
});
const patient = (deviceType: 1 | 2, name: string) =>
  as(first)
    .call(addPatientNoAuth, {
      patientName: name,
      patientInfoBirth: '1970-01-01',
      patientInfoGender: 'F',
      heightCm: 165,
      weightKg: 60,
      deviceType,
    })
    .then((reply) => reply.success.seqMedicalRelation);
type Settings = RequestOf<typeof addClinicAssignedExercise>['exercise'];
const settings = (overrides: Partial<Settings> = {}): Settings => ({
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
    const reply = await as(first).call(addClinicAssignedExercise, {
      seqMedicalRelation: proPatient,
      exercise: settings(),
    });
    expect(reply.status).toBe(200);
    expect(reply.reply).toMatchObject({
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
    const gap = await as(first).call(addClinicAssignedExercise, {
      seqMedicalRelation: proPatient,
      exercise: settings({ minRom: 50, maxRom: 55 }),
    });
    expect(gap.status).toBe(400);
    expect(gap.error).toMatchObject({ fields: [{ path: 'exercise.maxRom', code: 'validation.rom_gap' }] });
    const past = await as(first).call(addClinicAssignedExercise, {
      seqMedicalRelation: proPatient,
      exercise: settings({ dueDate: '2026-11-01' }),
    });
    expect(past.error).toMatchObject({ fields: [{ path: 'exercise.dueDate', code: 'validation.due_date_past' }] });
    const device = await as(first).call(addClinicAssignedExercise, {
      seqMedicalRelation: homePatient,
      exercise: settings(),
    });
    expect(device.error).toMatchObject({
      fields: [{ path: 'exercise.deviceType', code: 'validation.device_mismatch' }],
    });
  });

  it('changes and deletes only a waiting exercise, and moves status only along allowed transitions', async () => {
    const add = await as(first).call(addClinicAssignedExercise, {
      seqMedicalRelation: homePatient,
      exercise: settings({ deviceType: 1, mode: 1, maxRom: 70, speed: 3 }),
    });
    const { seqExercise } = add.success.exercise;
    const updated = await as(first).call(updateClinicAssignedExercise, {
      seqExercise,
      exercise: settings({ deviceType: 1, mode: 1, maxRom: 75, speed: 4 }),
    });
    expect(updated.reply).toMatchObject({ exercise: { maxRom: 75, speed: 4, deviceHeight: null } });

    const status = (exerciseStatus: RequestOf<typeof updateExerciseStatus>['exerciseStatus']) =>
      as(first).call(updateExerciseStatus, { seqExercise, exerciseStatus });
    // On progress and accomplished (auto) come only from the device.
    expect((await status(4)).reply).toMatchObject({ isSuccess: false, failedCode: FailedCode.IllegalStatusChange });
    expect((await status(3)).reply).toMatchObject({ isSuccess: false, failedCode: FailedCode.IllegalStatusChange });
    expect((await status(1)).reply).toMatchObject({ exercise: { exerciseStatus: 1 } });
    const change = await as(first).call(updateClinicAssignedExercise, {
      seqExercise,
      exercise: settings({ deviceType: 1, mode: 1, maxRom: 75, speed: 4 }),
    });
    expect(change.reply).toMatchObject({ isSuccess: false, failedCode: FailedCode.ExerciseNotWaiting });
    expect((await as(first).call(deleteExerciseGuide, { seqExercise })).reply).toMatchObject({
      failedCode: FailedCode.ExerciseNotWaiting,
    });
    expect((await status(2)).reply).toMatchObject({ failedCode: FailedCode.IllegalStatusChange });
    expect((await status(0)).reply).toMatchObject({ failedCode: FailedCode.IllegalStatusChange });

    // A patient with an open exercise keeps their device until it is finished.
    const open = await as(first).call(addClinicAssignedExercise, {
      seqMedicalRelation: proPatient,
      exercise: settings(),
    });
    expect(open.status).toBe(200);
    const switched = await as(first).call(updatePatientInfo, {
      seqMedicalRelation: proPatient,
      patientName: 'Pro Petr',
      patientInfoBirth: '1970-01-01',
      patientInfoGender: 'F',
      heightCm: 165,
      weightKg: 60,
      deviceType: 1,
      imageUrl: null,
    });
    expect(switched.error).toMatchObject({
      fields: [{ path: 'deviceType', code: 'validation.device_has_open_exercises' }],
    });

    const other = await as(first).call(addClinicAssignedExercise, {
      seqMedicalRelation: homePatient,
      exercise: settings({ deviceType: 1, mode: 1, maxRom: 70 }),
    });
    const otherId = other.success.exercise.seqExercise;
    expect((await as(first).call(deleteExerciseGuide, { seqExercise: otherId })).reply).toEqual({ isSuccess: true });
  });
});

describe('lists', () => {
  it('pages, sorts and searches by device type, for all patients and for one', async () => {
    for (const [i, name] of ['Alpha', 'Bravo', 'Charlie'].entries()) {
      await as(first).call(addClinicAssignedExercise, {
        seqMedicalRelation: proPatient,
        exercise: settings({ memo: `${name} session`, dueDate: `2027-0${i + 1}-01` }),
      });
    }
    const paging = { page: 1, size: 2, sortingParam: 'dueDate', isDesc: 1 } as const;
    const pro = (await as(first).call(listMyPatientsProExercises, paging)).success;
    expect(pro.exerciseList.map((item) => item.dueDate)).toEqual(['2027-03-01', '2027-02-01']);
    expect(pro.exerciseList.every((item) => item.deviceType === 2)).toBe(true);
    const ascending = (
      await as(first).call(listPatientProExercises, {
        ...paging,
        seqMedicalRelation: proPatient,
        isDesc: 0,
        searchWord: 'bravo',
      })
    ).success;
    expect(ascending).toMatchObject({ totalCount: 1, exerciseList: [{ memo: 'Bravo session' }] });
    const home = (await as(first).call(listMyPatientsHomeExercises, { ...paging, size: 50 })).success;
    expect(home.exerciseList.every((item) => item.deviceType === 1)).toBe(true);
    const secondPage = (await as(first).call(listMyPatientsProExercises, { ...paging, page: 2 })).success;
    expect(secondPage.exerciseList.length).toBeGreaterThan(0);
  });

  it('gives another clinician none of them: not by id, not in a list, not in a search', async () => {
    const add = await as(first).call(addClinicAssignedExercise, {
      seqMedicalRelation: proPatient,
      exercise: settings({ memo: 'Secret plan' }),
    });
    const { seqExercise } = add.success.exercise;
    expect((await as(second).call(updateExerciseStatus, { seqExercise, exerciseStatus: 1 })).status).toBe(404);
    expect((await as(second).call(deleteExerciseGuide, { seqExercise })).status).toBe(404);
    expect((await as(second).call(updateClinicAssignedExercise, { seqExercise, exercise: settings() })).status).toBe(
      404,
    );
    expect(
      (
        await as(second).call(addClinicAssignedExercise, {
          seqMedicalRelation: proPatient,
          exercise: settings(),
        })
      ).status,
    ).toBe(404);
    const search = await as(second).call(listMyPatientsProExercises, {
      page: 1,
      size: 50,
      sortingParam: 'createdAt',
      isDesc: true,
      searchWord: 'Secret',
    });
    expect(search.reply).toMatchObject({ totalCount: 0, exerciseList: [] });
    const theirs = await as(second).call(listPatientProExercises, {
      page: 1,
      size: 5,
      sortingParam: 'createdAt',
      isDesc: true,
      seqMedicalRelation: proPatient,
    });
    expect(theirs.status).toBe(404);
  });
});
