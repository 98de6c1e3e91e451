import { z } from 'zod';
import { defineEndpoint, reply, success } from './endpoint.ts';
import { FailedCode } from './errors.ts';
import { rules } from './rules.ts';
import {
  birthDateField,
  dateField,
  deviceTypeField,
  genderField,
  heightField,
  idField,
  nameField,
  optionalEmailField,
  uploadPathField,
  weightField,
} from './validation.ts';

const tag = 'patient';

/** A patient as one clinician knows them: the person and the medical relation to this clinician. */
export const patientSummary = z.object({
  seqPatient: z.number().int(),
  seqMedicalRelation: z.number().int(),
  patientName: z.string(),
  patientEmail: z.string().nullable(),
  patientInfoBirth: z.string(),
  patientInfoGender: z.enum(['M', 'F']).nullable(),
  patientAge: z.number().int(),
  deviceType: z.union([z.literal(1), z.literal(2)]),
  isEnabled: z.boolean(),
  isAppMember: z.boolean(),
  heightCm: z.number(),
  weightKg: z.number(),
  imageUrl: z.string().nullable(),
  categoryIds: z.array(z.number().int()),
  primaryDiagnosis: z.string().nullable(),
  createdAt: z.string(),
  /** Visits booked for today in the clinician's time zone (schedules arrive with appointments). */
  reservedSchedules: z.array(z.object({ seqSchedule: z.number().int(), scheduleExpectStartDatetime: z.string() })),
});
export type PatientSummary = z.infer<typeof patientSummary>;

/** A row of the patient list: what the list shows, searches, filters and sorts by, nothing more. */
export const patientListItem = z.lazy(() =>
  patientSummary.pick({
    seqMedicalRelation: true,
    patientName: true,
    patientEmail: true,
    patientAge: true,
    deviceType: true,
    isEnabled: true,
    isAppMember: true,
    categoryIds: true,
    primaryDiagnosis: true,
    createdAt: true,
    reservedSchedules: true,
  }),
);
export type PatientListItem = z.infer<typeof patientListItem>;

export const getMyPatients = defineEndpoint({
  method: 'POST',
  path: '/patient/getMyPatientsAndReservedSchedulesForToday',
  access: 'manager',
  audit: { action: 'read', entity: 'patient_list' },
  tag,
  summary: "Every patient of the clinician, active and inactive, with today's booked visits",
  get request() {
    return z.object({}).strict();
  },
  get reply() {
    return success({ patientList: z.array(patientListItem), activeLimit: z.number().int() });
  },
});

const profileFields = {
  patientName: nameField,
  patientEmail: optionalEmailField,
  patientInfoBirth: birthDateField,
  patientInfoGender: genderField,
  heightCm: heightField,
  weightKg: weightField,
  deviceType: deviceTypeField,
};

const addReply = z.lazy(() =>
  reply({ seqMedicalRelation: z.number().int(), seqPatient: z.number().int() }, [
    FailedCode.PlanLimitReached,
    FailedCode.InvalidSyncCode,
    FailedCode.AlreadyLinked,
  ]),
);

export const syncAuthCodeField = z.lazy(() =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .regex(/^\d{6}$/, { error: 'validation.sync_code_format' }),
);

export const addPatient = defineEndpoint({
  method: 'POST',
  path: '/patient/addPatient',
  access: 'manager',
  audit: { action: 'create', entity: 'medical_relation' },
  tag,
  summary: 'Registers an app member with the sync auth code their app shows',
  get request() {
    return z.object({
      patientSyncAuthCode: syncAuthCodeField,
      heightCm: heightField,
      weightKg: weightField,
      deviceType: deviceTypeField,
    });
  },
  reply: addReply,
});

export const addPatientNoAuth = defineEndpoint({
  method: 'POST',
  path: '/patient/addPatient/noAuth',
  access: 'manager',
  audit: { action: 'create', entity: 'medical_relation' },
  tag,
  summary: 'Registers a patient who is not an app member yet',
  get request() {
    return z.object(profileFields);
  },
  reply: addReply,
});

export const isPatientSyncAuthCodeValid = defineEndpoint({
  method: 'POST',
  path: '/patient/isPatientSyncAuthCodeValid',
  access: 'manager',
  audit: { action: 'read', entity: 'sync_code' },
  tag,
  summary: 'Checks a sync auth code and shows whose it is',
  get request() {
    return z.object({ patientSyncAuthCode: syncAuthCodeField });
  },
  get reply() {
    return reply(
      {
        patient: z.object({
          patientName: z.string(),
          patientInfoBirth: z.string(),
          patientInfoGender: z.enum(['M', 'F']).nullable(),
        }),
      },
      [FailedCode.InvalidSyncCode, FailedCode.AlreadyLinked],
    );
  },
});

export const updatePatientInfo = defineEndpoint({
  method: 'PUT',
  path: '/patient/updatePatientInfo',
  access: 'manager',
  audit: { action: 'update', entity: 'medical_relation' },
  tag,
  summary: "Updates the clinician's record of a patient (profile, body, device, image)",
  get request() {
    return z.object({
      seqMedicalRelation: idField,
      ...profileFields,
      /** A path answered by /storage/upload/single, or null to remove the image. */
      imageUrl: uploadPathField.nullable(),
    });
  },
  get reply() {
    return success({ patient: patientSummary });
  },
});

export const changeActivationStatus = defineEndpoint({
  method: 'PUT',
  path: '/patient/changeActivationStatus',
  access: 'manager',
  audit: { action: 'update', entity: 'activation' },
  tag,
  summary: 'Activates or deactivates a patient; activation counts against the plan limit',
  get request() {
    return z.object({ seqMedicalRelation: idField, isEnabled: z.boolean() });
  },
  get reply() {
    return reply({}, [FailedCode.PlanLimitReached]);
  },
});

export const onsetKinds = ['stroke', 'orthopedic_surgery'] as const;
export const onsetPeriods = ['acute', 'subacute', 'chronic'] as const;
export const paralysisParts = ['upper_extremity', 'lower_extremity', 'upper_and_lower'] as const;
export const paralysisPositions = ['left', 'right', 'both'] as const;
export const joints = [1, 2, 3, 4] as const;
export const mmtGrades = ['N/A', '0', '1', '2-', '2', '2+', '3-', '3', '3+', '4-', '4', '4+', '5'] as const;
export const mrsGrades = ['N/A', '0', '1', '2', '3', '4', '5', '6'] as const;

const optionalText = (max: number) =>
  z.string().trim().max(max, { error: 'validation.too_long' }).nullable().optional();

/** One dated condition entry (SPEC 3 "Patient condition"); entries form a history, never overwritten. */
export const conditionFields = z.lazy(() =>
  z
    .object({
      primaryDiagnosis: optionalText(rules.diagnosisMax),
      secondaryDiagnosis: optionalText(rules.diagnosisMax),
      onsetDate: dateField.nullable().optional(),
      onsetKind: z.enum(onsetKinds, { error: 'validation.invalid' }).nullable().optional(),
      onsetPeriod: z.enum(onsetPeriods, { error: 'validation.invalid' }).nullable().optional(),
      durationMonths: z.number().int().min(0).max(1200, { error: 'validation.too_large' }).nullable().optional(),
      /** 0 unset, 1-6 grades, 7 severe, 8 mild (SPEC 3). */
      brainLesion: z.number().int().min(0).max(8, { error: 'validation.invalid' }).nullable().optional(),
      paralysisPart: z.enum(paralysisParts, { error: 'validation.invalid' }).nullable().optional(),
      paralysisPosition: z.enum(paralysisPositions, { error: 'validation.invalid' }).nullable().optional(),
      /** 1 elbow, 2 wrist, 3 knee, 4 ankle. */
      joint: z
        .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: 'validation.invalid' })
        .nullable()
        .optional(),
      /** 1 yes, 0 no. */
      infection: z
        .union([z.literal(0), z.literal(1)], { error: 'validation.invalid' })
        .nullable()
        .optional(),
      medication: optionalText(rules.conditionTextMax),
      dose: optionalText(rules.diagnosisMax),
      mmt: z.enum(mmtGrades, { error: 'validation.invalid' }).nullable().optional(),
      mrs: z.enum(mrsGrades, { error: 'validation.invalid' }).nullable().optional(),
      chiefComplaint: optionalText(rules.conditionTextMax),
    })
    .refine((entry) => Object.values(entry).some((value) => value !== null && value !== undefined && value !== ''), {
      error: 'validation.condition_empty',
    }),
);

export const conditionEntry = z.lazy(() =>
  z.object({
    seqPatientStatus: z.number().int(),
    seqMedicalRelation: z.number().int(),
    recordedAt: z.string(),
    primaryDiagnosis: z.string().nullable(),
    secondaryDiagnosis: z.string().nullable(),
    onsetDate: z.string().nullable(),
    onsetKind: z.enum(onsetKinds).nullable(),
    onsetPeriod: z.enum(onsetPeriods).nullable(),
    durationMonths: z.number().int().nullable(),
    brainLesion: z.number().int().nullable(),
    paralysisPart: z.enum(paralysisParts).nullable(),
    paralysisPosition: z.enum(paralysisPositions).nullable(),
    joint: z.number().int().nullable(),
    infection: z.number().int().nullable(),
    medication: z.string().nullable(),
    dose: z.string().nullable(),
    mmt: z.enum(mmtGrades).nullable(),
    mrs: z.enum(mrsGrades).nullable(),
    chiefComplaint: z.string().nullable(),
  }),
);
export type ConditionEntry = z.infer<typeof conditionEntry>;

export const appendPatientStatus = defineEndpoint({
  method: 'POST',
  path: '/patient/appendPatientStatus',
  access: 'manager',
  audit: { action: 'create', entity: 'patient_status' },
  tag,
  summary: 'Adds a dated condition entry to the history of a patient',
  get request() {
    return z.object({ seqMedicalRelation: idField, status: conditionFields });
  },
  get reply() {
    return success({ status: conditionEntry });
  },
});

export const removePatientStatus = defineEndpoint({
  method: 'PUT',
  path: '/patient/removePatientStatus',
  access: 'manager',
  audit: { action: 'delete', entity: 'patient_status' },
  tag,
  summary: 'Removes a condition entry from the history (kept in the audit trail)',
  get request() {
    return z.object({ seqPatientStatus: idField });
  },
  get reply() {
    return success({});
  },
});

export const getPatientStatusList = defineEndpoint({
  method: 'POST',
  path: '/patient/getPatientStatusListFromServerBySeqMedicalRelation',
  access: 'manager',
  audit: { action: 'read', entity: 'patient_status' },
  tag,
  summary: 'The condition history of a patient, newest first',
  get request() {
    return z.object({ seqMedicalRelation: idField });
  },
  get reply() {
    return success({ statusList: z.array(conditionEntry) });
  },
});

export const getPatientDetail = defineEndpoint({
  method: 'POST',
  path: '/patient/getPatientDetail',
  access: 'manager',
  audit: { action: 'read', entity: 'patient_detail' },
  tag,
  summary: 'One patient with the first and latest condition entries',
  get request() {
    return z.object({ seqMedicalRelation: idField });
  },
  get reply() {
    return success({
      patient: patientSummary,
      firstStatus: conditionEntry.nullable(),
      latestStatus: conditionEntry.nullable(),
    });
  },
});
