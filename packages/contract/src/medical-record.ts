import { z } from 'zod';
import { defineEndpoint, success } from './endpoint.ts';
import { conditionEntry } from './patient.ts';
import { managerNote } from './manager-note.ts';
import { idField } from './validation.ts';

/** The patient's condition entries and notes (and later visits) as one chronological record. */
export const medicalRecordItem = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('condition'), at: z.string(), condition: conditionEntry }),
  z.object({ kind: z.literal('note'), at: z.string(), note: managerNote }),
]);
export type MedicalRecordItem = z.infer<typeof medicalRecordItem>;

export const getMedicalRecord = defineEndpoint({
  method: 'POST',
  path: '/patient/getMedicalRecord',
  access: 'manager',
  audit: { action: 'read', entity: 'medical_record' },
  tag: 'patient',
  summary: 'The medical record of a patient: condition entries and notes, newest first',
  request: z.object({ seqMedicalRelation: idField }),
  reply: success({ record: z.array(medicalRecordItem) }),
});
