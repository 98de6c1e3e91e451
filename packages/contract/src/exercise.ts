import { z } from 'zod';
import { defineEndpoint, reply, success } from './endpoint.ts';
import { FailedCode } from './errors.ts';
import {
  applicableFields,
  exerciseLimits as limits,
  methodRange,
  romRanges,
  type ExerciseField,
} from './exercise-rules.ts';
import { dateField, idField, pageField } from './validation.ts';

const tag = 'exercise';
const int = (range: readonly [number, number]) =>
  z
    .number({ error: 'validation.required' })
    .int({ error: 'validation.integer' })
    .min(range[0], { error: 'validation.out_of_range' })
    .max(range[1], { error: 'validation.out_of_range' });
const optionalInt = (range: readonly [number, number]) => int(range).nullable().optional();
const literals = <const T extends readonly [number, ...number[]]>(values: T) =>
  z.union(values.map((value) => z.literal(value)) as unknown as [z.ZodLiteral<T[number]>, z.ZodLiteral<T[number]>], {
    error: 'validation.invalid',
  });

export const exerciseGuide = z.lazy(() =>
  z.object({
    /** The session length as HH:MM:SS, converted from seconds. */
    exerciseGuideTime: z.string().regex(/^\d{2}:[0-5]\d:[0-5]\d$/, { error: 'validation.invalid' }),
    exerciseGuideEvent: z.literal('RomExercise', { error: 'validation.invalid' }),
  }),
);

/** A knee program on the pro device, twice a day: a valid prescription, the API's example of one. */
export const kneeProgramExample = {
  deviceType: 2,
  mode: 0,
  position: 3,
  direction: 2,
  method: 5,
  strength: 4,
  frequency: 2,
  countPerSet: 30,
  sets: 1,
  dueDate: '2027-01-31',
  minRom: 10,
  maxRom: 100,
  assistance: 2,
  resistanceSensitivity: 5,
  deviceHeight: 3,
  upDelay: 2,
  downDelay: 2,
  upLimit: 60,
  downLimit: 60,
  exerciseGuide: { exerciseGuideTime: '00:20:00', exerciseGuideEvent: 'RomExercise' },
};

/** A prescription for the home or pro device (SPEC 3 "Exercise", rules of SPEC 5). */
export const exerciseSettings = z.lazy(() =>
  z
    .object({
      deviceType: literals([1, 2]),
      mode: literals([0, 1, 2, 3]),
      position: literals([1, 2, 3, 4, 5]),
      direction: literals([1, 2]),
      method: optionalInt([0, 9]),
      strength: int(limits.strength),
      frequency: int(limits.frequency),
      countPerSet: optionalInt(limits.count),
      timePerSetMinutes: optionalInt(limits.timeMinutes),
      sets: int(limits.sets),
      dueDate: dateField,
      minRom: z.number({ error: 'validation.required' }).int({ error: 'validation.integer' }),
      maxRom: z.number({ error: 'validation.required' }).int({ error: 'validation.integer' }),
      speed: optionalInt(limits.speed),
      assistance: optionalInt(limits.assistance),
      resistanceSensitivity: optionalInt(limits.resistanceSensitivity),
      deviceHeight: optionalInt(limits.deviceHeight),
      upDelay: optionalInt(limits.delaySeconds),
      downDelay: optionalInt(limits.delaySeconds),
      upLimit: optionalInt(limits.limitSeconds),
      downLimit: optionalInt(limits.limitSeconds),
      memo: z.string().trim().max(limits.memoMax, { error: 'validation.too_long' }).nullable().optional(),
      exerciseGuide,
    })
    .superRefine((value, context) => {
      const issue = (path: string, message: string): void => {
        context.addIssue({ code: 'custom', path: [path], message });
      };
      const range = romRanges[value.deviceType][value.position];
      if (!range) {
        issue('position', 'validation.position_not_on_device');
      } else {
        if (value.maxRom < range.max[0] || value.maxRom > range.max[1]) issue('maxRom', 'validation.rom_out_of_range');
        if (value.minRom < range.min[0] || value.minRom > range.min[1]) issue('minRom', 'validation.rom_out_of_range');
        if (value.maxRom <= value.minRom) issue('maxRom', 'validation.rom_max_above_min');
        else if (value.maxRom - value.minRom < limits.romGap) issue('maxRom', 'validation.rom_gap');
      }
      const hasCount = value.countPerSet !== null && value.countPerSet !== undefined;
      const hasTime = value.timePerSetMinutes !== null && value.timePerSetMinutes !== undefined;
      if (hasCount === hasTime) issue(hasCount ? 'timePerSetMinutes' : 'countPerSet', 'validation.count_or_time');
      for (const field of applicableFields(value.deviceType, value.mode, value.position)) {
        if (value[field] === null || value[field] === undefined) issue(field, 'validation.required');
      }
      const [low, high] = methodRange(value.position);
      if (typeof value.method === 'number' && (value.method < low || value.method > high)) {
        issue('method', 'validation.out_of_range');
      }
    })
    // Its rules depend on the device and the joint, so the API's readers (and tests) get a valid one.
    .meta({ examples: [kneeProgramExample] }),
);
export type ExerciseSettings = z.infer<typeof exerciseSettings>;

export const exercise = z.lazy(() =>
  z.object({
    seqExercise: z.number().int(),
    seqMedicalRelation: z.number().int(),
    patientName: z.string(),
    deviceType: z.union([z.literal(1), z.literal(2)]),
    mode: z.number().int(),
    position: z.number().int(),
    direction: z.number().int(),
    method: z.number().int().nullable(),
    strength: z.number().int(),
    frequency: z.number().int(),
    countPerSet: z.number().int().nullable(),
    timePerSetMinutes: z.number().int().nullable(),
    sets: z.number().int(),
    dueDate: z.string(),
    minRom: z.number().int(),
    maxRom: z.number().int(),
    speed: z.number().int().nullable(),
    assistance: z.number().int().nullable(),
    resistanceSensitivity: z.number().int().nullable(),
    deviceHeight: z.number().int().nullable(),
    upDelay: z.number().int().nullable(),
    downDelay: z.number().int().nullable(),
    upLimit: z.number().int().nullable(),
    downLimit: z.number().int().nullable(),
    memo: z.string().nullable(),
    exerciseGuide,
    exerciseStatus: z.number().int(),
    /** Past its due date without being finished: shown as past due. */
    isPastDue: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type Exercise = z.infer<typeof exercise>;
export type { ExerciseField };

const exerciseFailures = [FailedCode.ExerciseNotWaiting, FailedCode.IllegalStatusChange] as const;

export const addClinicAssignedExercise = defineEndpoint({
  method: 'POST',
  path: '/exercise/addClinicAssignedExercise',
  access: 'manager',
  audit: { action: 'create', entity: 'exercise' },
  tag,
  summary: 'Prescribes an exercise for the device of one of the clinician’s patients',
  get request() {
    return z.object({ seqMedicalRelation: idField, exercise: exerciseSettings });
  },
  get reply() {
    return success({ exercise });
  },
});

export const updateClinicAssignedExercise = defineEndpoint({
  method: 'PUT',
  path: '/exercise/updateClinicAssignedExercise',
  access: 'manager',
  audit: { action: 'update', entity: 'exercise' },
  tag,
  summary: 'Changes a prescription that has not started yet',
  get request() {
    return z.object({ seqExercise: idField, exercise: exerciseSettings });
  },
  get reply() {
    return reply({ exercise }, exerciseFailures);
  },
});

export const updateExerciseStatus = defineEndpoint({
  method: 'PUT',
  path: '/exercise/updateExerciseStatusBySeqExercise',
  access: 'manager',
  audit: { action: 'update', entity: 'exercise' },
  tag,
  summary: 'Moves an exercise to another status, if the transition is allowed',
  get request() {
    return z.object({ seqExercise: idField, exerciseStatus: literals([0, 1, 2, 3, 4, 5]) });
  },
  get reply() {
    return reply({ exercise }, exerciseFailures);
  },
});

export const deleteExerciseGuide = defineEndpoint({
  method: 'PUT',
  path: '/exercise/deleteExerciseGuideBySeqExercise',
  access: 'manager',
  audit: { action: 'delete', entity: 'exercise' },
  tag,
  summary: 'Deletes a prescription that has not started yet',
  get request() {
    return z.object({ seqExercise: idField });
  },
  get reply() {
    return reply({}, exerciseFailures);
  },
});

export const exerciseSortings = ['createdAt', 'dueDate', 'patientName', 'mode', 'position', 'exerciseStatus'] as const;
const paging = {
  page: pageField,
  size: z.number().int().min(1).max(100),
  sortingParam: z.enum(exerciseSortings, { error: 'validation.invalid' }).default('createdAt'),
  /** 1 or true: descending (SPEC 3 "Sort direction flag 0 or 1"). */
  isDesc: z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((value) => value === true || value === 1),
  searchWord: z.string().trim().max(100).optional(),
};
const page = z.lazy(() => success({ exerciseList: z.array(exercise), totalCount: z.number().int() }));

export const listMyPatientsHomeExercises = defineEndpoint({
  method: 'POST',
  path: '/exercise/getAllMyPatientExerciseHistoryByLimit/v2',
  access: 'manager',
  audit: { action: 'read', entity: 'exercise_list' },
  tag,
  summary: "Every home-device exercise of the clinician's patients, searched, sorted and paged",
  get request() {
    return z.object(paging);
  },
  reply: page,
});

export const listMyPatientsProExercises = defineEndpoint({
  method: 'POST',
  path: '/exercise/getAllMyPatientExerciseHistoryByLimitForPro/v2',
  access: 'manager',
  audit: { action: 'read', entity: 'exercise_list' },
  tag,
  summary: "Every pro-device exercise of the clinician's patients, searched, sorted and paged",
  get request() {
    return z.object(paging);
  },
  reply: page,
});

export const listPatientHomeExercises = defineEndpoint({
  method: 'POST',
  path: '/exercise/rehabilitationMode/getAllBySearchWordAndSeqMedicalRelation',
  access: 'manager',
  audit: { action: 'read', entity: 'exercise_list' },
  tag,
  summary: 'The home-device exercises of one patient, searched, sorted and paged',
  get request() {
    return z.object({ ...paging, seqMedicalRelation: idField });
  },
  reply: page,
});

export const listPatientProExercises = defineEndpoint({
  method: 'POST',
  path: '/exercise/rehabilitationMode/getBySearchWordAndSeqMrForIuppiterPro',
  access: 'manager',
  audit: { action: 'read', entity: 'exercise_list' },
  tag,
  summary: 'The pro-device exercises of one patient, searched, sorted and paged',
  get request() {
    return z.object({ ...paging, seqMedicalRelation: idField });
  },
  reply: page,
});

/** What the patient's app shows and sends to the device: the patient's open prescriptions. */
export const listMyPrescriptions = defineEndpoint({
  method: 'POST',
  path: '/patientApp/listExercises',
  access: 'patient',
  audit: { action: 'read', entity: 'exercise' },
  tag: 'patientApp',
  summary: 'The waiting and on-progress exercises prescribed to the patient, for the device',
  get request() {
    return z.object({}).strict();
  },
  get reply() {
    return success({ exerciseList: z.array(exercise) });
  },
});
