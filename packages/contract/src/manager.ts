import { z } from 'zod';
import { defineEndpoint, emptyRequest, reply, success } from './endpoint.ts';
import { FailedCode } from './errors.ts';
import { clinicianTitles } from './validation.ts';

const tag = 'manager';

export const managerProfile = z.object({
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
});
export type ManagerProfile = z.infer<typeof managerProfile>;

export const getManagerInfo = defineEndpoint({
  method: 'POST',
  path: '/manager/getManagerInfo',
  access: 'manager',
  tag,
  summary: "The logged-in clinician's profile",
  request: emptyRequest,
  reply: success({ manager: managerProfile }),
});

export const deleteManagerAccount = defineEndpoint({
  method: 'PUT',
  path: '/manager/deleteManagerAccount',
  access: 'manager',
  tag,
  summary: 'Deletes the account after a password confirmation of the last minutes and ends every session',
  request: emptyRequest,
  reply: reply({}, [FailedCode.PasswordConfirmationRequired]),
});
