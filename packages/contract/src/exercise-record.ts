import { z } from 'zod';
import { defineEndpoint, success } from './endpoint.ts';
import { dateField, idField, pageField } from './validation.ts';

const angle = z.lazy(() =>
  z
    .number({ error: 'validation.required' })
    .min(-180, { error: 'validation.out_of_range' })
    .max(360, { error: 'validation.out_of_range' }),
);
const nonNegative = z.number({ error: 'validation.required' }).min(0, { error: 'validation.out_of_range' });
const small = (low: number, high: number) =>
  z.number().int().min(low, { error: 'validation.out_of_range' }).max(high, { error: 'validation.out_of_range' });
const clock = z.lazy(() => z.string().regex(/^\d{2}:[0-5]\d:[0-5]\d$/, { error: 'validation.invalid' }));
/** An instant with its offset, in the years a device can have recorded anything. */
const instant = z.lazy(() =>
  z.iso
    .datetime({ offset: true, error: 'validation.date_format' })
    .refine((value) => /^2\d{3}-/.test(value), { error: 'validation.date_format' }),
);

/** The fields a device records (SPEC 3 "Exercise record entries"), as the patient's app sends them. */
const recordFields = {
  iuppiterUsageMode: small(0, 4),
  iuppiterUsageCount: small(0, 100_000),
  iuppiterUsageMinAngle: angle,
  iuppiterUsageMaxAngle: angle,
  iuppiterUsageMinSpeed: nonNegative.max(10_000),
  iuppiterUsageMaxSpeed: nonNegative.max(10_000),
  minTorque: z.number().min(-10_000).max(10_000).nullable().optional(),
  maxTorque: z.number().min(-10_000).max(10_000).nullable().optional(),
  /** Seconds the device ran. */
  deviceUsageDuration: small(0, 24 * 3600),
  exerciseGuideMode: small(0, 3),
  exerciseGuideMinRom: small(-90, 180),
  exerciseGuideMaxRom: small(-90, 180),
  exerciseGuideExtension: small(-90, 180).nullable().optional(),
  exerciseGuideFlexion: small(-90, 180).nullable().optional(),
  exerciseGuideSpeed: small(0, 10).nullable().optional(),
  exerciseGuideCount: small(0, 10_000).nullable().optional(),
  exerciseGuideTime: clock.nullable().optional(),
  exerciseGuideDirection: small(1, 2),
  exerciseGuidePosition: small(1, 5),
  usageStartDatetime: instant,
  createDatetime: instant,
  patientReview: z.string().trim().max(1000, { error: 'validation.too_long' }).nullable().optional(),
  /** The pain the patient reported with the review, 0 (none) to 10 (worst). */
  painLevel: small(0, 10).nullable().optional(),
};

export const exerciseRecordUpload = z.lazy(() =>
  z
    .object({
      /** The device's own id for this record: an upload retried with the same key is stored once. */
      recordKey: z.string().regex(/^[\w-]{8,100}$/, { error: 'validation.invalid' }),
      seqExercise: idField,
      /** The device finished the whole prescribed program with this session. */
      exerciseCompleted: z.boolean().default(false),
      ...recordFields,
    })
    .refine((record) => record.iuppiterUsageMaxAngle >= record.iuppiterUsageMinAngle, {
      error: 'validation.rom_max_above_min',
      path: ['iuppiterUsageMaxAngle'],
    }),
);

export const uploadExerciseRecords = defineEndpoint({
  method: 'POST',
  path: '/patientApp/uploadExerciseRecord',
  access: 'patient',
  audit: { action: 'create', entity: 'exercise_record' },
  tag: 'patientApp',
  summary: 'Stores the sessions and measurements a device recorded; retries are idempotent',
  get request() {
    return z.object({ records: z.array(exerciseRecordUpload).min(1).max(500) });
  },
  get reply() {
    return success({ accepted: z.number().int(), duplicates: z.number().int() });
  },
});

export const exerciseRecord = z.lazy(() =>
  z.object({
    seqExerciseRecord: z.number().int(),
    seqExercise: z.number().int(),
    seqMedicalRelation: z.number().int(),
    iuppiterUsageMode: z.number().int(),
    iuppiterUsageCount: z.number().int(),
    iuppiterUsageMinAngle: z.number(),
    iuppiterUsageMaxAngle: z.number(),
    iuppiterUsageMinSpeed: z.number(),
    iuppiterUsageMaxSpeed: z.number(),
    minTorque: z.number().nullable(),
    maxTorque: z.number().nullable(),
    deviceUsageDuration: z.number().int(),
    exerciseGuideMode: z.number().int(),
    exerciseGuideMinRom: z.number().int(),
    exerciseGuideMaxRom: z.number().int(),
    exerciseGuideExtension: z.number().int().nullable(),
    exerciseGuideFlexion: z.number().int().nullable(),
    exerciseGuideSpeed: z.number().int().nullable(),
    exerciseGuideCount: z.number().int().nullable(),
    exerciseGuideTime: z.string().nullable(),
    exerciseGuideDirection: z.number().int(),
    exerciseGuidePosition: z.number().int(),
    usageStartDatetime: z.string(),
    createDatetime: z.string(),
    patientReview: z.string().nullable(),
    /** The pain the patient reported with the session, 0 (none) to 10 (worst); null when none was. */
    painLevel: z.number().int().nullable(),
  }),
);
export type ExerciseRecord = z.infer<typeof exerciseRecord>;

const tag = 'exercise';
const range = { startDate: dateField, endDate: dateField };
const checkRange = (value: { startDate: string; endDate: string }) => value.startDate <= value.endDate;
const rangeError = { error: 'validation.range_order', path: ['endDate'] };

export const getSelectedExerciseRecords = defineEndpoint({
  method: 'POST',
  path: '/exercise/getAllSelectedExerciseHistoryRecord/v2',
  access: 'manager',
  audit: { action: 'read', entity: 'exercise_record' },
  tag,
  summary: 'Every record the device made for one exercise, newest first',
  get request() {
    return z.object({ seqExercise: idField });
  },
  get reply() {
    return success({ recordList: z.array(exerciseRecord) });
  },
});

export const recordSortings = ['usageStartDatetime', 'iuppiterUsageMaxAngle', 'deviceUsageDuration'] as const;

export const getPatientRecordsPaged = defineEndpoint({
  method: 'POST',
  path: '/exercise/getAllExerciseHistoryBySeqMedicalRelationByLimit/v2',
  access: 'manager',
  audit: { action: 'read', entity: 'exercise_record' },
  tag,
  summary:
    "A patient's device records, sorted and paged; only those of the days between two dates (in the caller's time zone) when given",
  get request() {
    return z
      .object({
        seqMedicalRelation: idField,
        page: pageField,
        size: z.number().int().min(1).max(100),
        sortingParam: z.enum(recordSortings, { error: 'validation.invalid' }).default('usageStartDatetime'),
        isDesc: z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((value) => value === true || value === 1),
        startDate: dateField.optional(),
        endDate: dateField.optional(),
      })
      .refine((value) => value.startDate !== undefined || value.endDate === undefined, {
        error: 'validation.required',
        path: ['startDate'],
      })
      .refine((value) => value.endDate !== undefined || value.startDate === undefined, {
        error: 'validation.required',
        path: ['endDate'],
      })
      .refine((value) => !value.startDate || !value.endDate || value.startDate <= value.endDate, rangeError);
  },
  get reply() {
    return success({ recordList: z.array(exerciseRecord), totalCount: z.number().int() });
  },
});

/** The most records one page of a patient's records between two dates holds. */
export const recordRangePageMax = 500;

/** A page of the records between two dates, counted from 0; the reply says how many there are in all. */
const rangePage = {
  page: pageField,
  size: z.number().int().min(1).max(recordRangePageMax).default(recordRangePageMax),
};

export const getPatientRecordsByRange = defineEndpoint({
  method: 'POST',
  path: '/exercise/getDetailExerciseListBySeqMedicalRelationBySingleRange/v2',
  access: 'manager',
  audit: { action: 'read', entity: 'exercise_record' },
  tag,
  summary:
    "A patient's device records between two dates (in the caller's time zone), oldest first, a page at a time, with how many there are",
  get request() {
    return z
      .object({
        seqMedicalRelation: idField,
        ...range,
        ...rangePage,
      })
      .refine(checkRange, rangeError);
  },
  get reply() {
    return success({ recordList: z.array(exerciseRecord), totalCount: z.number().int() });
  },
});

export const getUserMeasureDataByRange = defineEndpoint({
  method: 'POST',
  path: '/userMeasureRecord/getUserMeasureDataByRange',
  access: 'manager',
  audit: { action: 'read', entity: 'measure' },
  tag: 'measure',
  summary:
    'The measurements (passive and active measure modes) of a patient app member between two dates, oldest first, a page at a time, with how many there are',
  get request() {
    return z.object({ seqUser: idField, ...range, ...rangePage }).refine(checkRange, rangeError);
  },
  get reply() {
    return success({ recordList: z.array(exerciseRecord), totalCount: z.number().int() });
  },
});

export const romDay = z.lazy(() =>
  z.object({
    date: z.string(),
    minAngle: z.number(),
    maxAngle: z.number(),
    exerciseSeconds: z.number().int(),
    sessions: z.number().int(),
    /** The highest pain level reported with the day's sessions; null when none was, absent in reports kept before it. */
    painLevel: z.number().int().nullable().optional(),
  }),
);

export const getRomStatistics = defineEndpoint({
  method: 'POST',
  path: '/statistic/getDataForFilteredRomAndExerciseTimeByRange',
  access: 'manager',
  audit: { action: 'read', entity: 'rom_statistics' },
  tag: 'statistic',
  summary: 'Per day: the smallest and largest angle reached, exercise time and sessions, with the prescribed ranges',
  get request() {
    return z
      .object({
        seqMedicalRelation: idField,
        ...range,
        position: small(1, 5).nullable().optional(),
        mode: small(0, 3).nullable().optional(),
      })
      .refine(checkRange, rangeError);
  },
  get reply() {
    return success({
      days: z.array(romDay),
      prescriptions: z.array(
        z.object({
          seqExercise: z.number().int(),
          position: z.number().int(),
          mode: z.number().int(),
          minRom: z.number().int(),
          maxRom: z.number().int(),
          createdAt: z.string(),
          dueDate: z.string(),
        }),
      ),
    });
  },
});
