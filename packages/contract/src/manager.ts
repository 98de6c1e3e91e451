import { z } from 'zod';
import { defineEndpoint, emptyRequest, reply, success } from './endpoint.ts';
import { FailedCode } from './errors.ts';
import { clinicianTitles, nameField, uploadPathField } from './validation.ts';

const tag = 'manager';

export const managerProfile = z.lazy(() =>
  z.object({
    seqManager: z.number().int(),
    userId: z.string(),
    userEmail: z.string(),
    managerName: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    title: z.enum(clinicianTitles),
    npiNumber: z.string(),
    managerImageUrl: z.string().nullable(),
    managerESignatureImageUrl: z.string().nullable(),
    managerSpecialty: z.string().nullable(),
    managerBackground: z.string().nullable(),
    managerLanguageList: z.array(z.string()),
    managerProfessionalEducation: z.string().nullable(),
    managerYearsOfExperience: z.number().int().nullable(),
    /** The clinic the clinician works at, printed at the head of reports. */
    managerClinicName: z.string().nullable(),
    managerClinicAddress: z.string().nullable(),
  }),
);
export type ManagerProfile = z.infer<typeof managerProfile>;

export const getManagerInfo = defineEndpoint({
  method: 'POST',
  path: '/manager/getManagerInfo',
  access: 'manager',
  audit: false,
  tag,
  summary: "The logged-in clinician's profile",
  request: emptyRequest,
  get reply() {
    return success({ manager: managerProfile });
  },
});

export const deleteManagerAccount = defineEndpoint({
  method: 'PUT',
  path: '/manager/deleteManagerAccount',
  access: 'manager',
  audit: false,
  tag,
  summary: 'Deletes the account after a password confirmation of the last minutes and ends every session',
  request: emptyRequest,
  get reply() {
    return reply({}, [FailedCode.PasswordConfirmationRequired]);
  },
});

const optionalText = (max: number) =>
  z.string().trim().max(max, { error: 'validation.too_long' }).nullable().optional();

export const profileRules = {
  specialtyMax: 100,
  textMax: 2000,
  languagesMax: 20,
  languageMax: 40,
  yearsMax: 70,
  clinicNameMax: 100,
  clinicAddressMax: 300,
} as const;

export const updateManagerInfo = defineEndpoint({
  method: 'PUT',
  path: '/manager/updateManagerInfo',
  access: 'manager',
  audit: false,
  tag,
  summary: "Changes the clinician's profile; an image left out is kept, null removes it",
  get request() {
    return z.object({
      firstName: nameField,
      lastName: nameField,
      managerImageUrl: uploadPathField.nullable().optional(),
      managerESignatureImageUrl: uploadPathField.nullable().optional(),
      managerSpecialty: optionalText(profileRules.specialtyMax),
      managerBackground: optionalText(profileRules.textMax),
      managerLanguageList: z
        .array(z.string().trim().min(1).max(profileRules.languageMax, { error: 'validation.too_long' }))
        .max(profileRules.languagesMax, { error: 'validation.too_long' })
        .default([]),
      managerProfessionalEducation: optionalText(profileRules.textMax),
      managerYearsOfExperience: z
        .number({ error: 'validation.integer' })
        .int({ error: 'validation.integer' })
        .min(0, { error: 'validation.out_of_range' })
        .max(profileRules.yearsMax, { error: 'validation.out_of_range' })
        .nullable()
        .optional(),
      managerClinicName: optionalText(profileRules.clinicNameMax),
      managerClinicAddress: optionalText(profileRules.clinicAddressMax),
    });
  },
  get reply() {
    return success({ manager: managerProfile });
  },
});

/** What a clinician over their plan's patient limit chose in the pay pop-up. */
export const penaltyChoices = ['pay', 'deactivate', 'later'] as const;

export const penaltyRecord = z.lazy(() =>
  z.object({
    choice: z.enum(penaltyChoices),
    activePatients: z.number().int(),
    patientLimit: z.number().int(),
    recordedAt: z.string(),
  }),
);

export const updatePenaltyInfo = defineEndpoint({
  method: 'PUT',
  path: '/manager/updatePenaltyInfo',
  access: 'manager',
  audit: false,
  tag,
  summary:
    'Records what a clinician over the patient limit chose (pay, deactivate patients, or later), with the count and the limit at that moment',
  get request() {
    return z.object({ choice: z.enum(penaltyChoices, { error: 'validation.invalid' }) });
  },
  get reply() {
    return success({ penalty: penaltyRecord });
  },
});
