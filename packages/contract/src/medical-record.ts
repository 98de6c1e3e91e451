import { z } from 'zod';
import { defineEndpoint, success } from './endpoint.ts';
import { conditionEntry } from './patient.ts';
import { managerNote } from './manager-note.ts';
import { schedule } from './schedule.ts';
import { idField } from './validation.ts';

/** The patient's condition entries, notes and visits as one chronological record; a visit is placed at its start. */
export const medicalRecordItem = z.lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('condition'), at: z.string(), condition: conditionEntry }),
    z.object({ kind: z.literal('note'), at: z.string(), note: managerNote }),
    z.object({ kind: z.literal('visit'), at: z.string(), visit: schedule }),
  ]),
);
export type MedicalRecordItem = z.infer<typeof medicalRecordItem>;

export const getMedicalRecord = defineEndpoint({
  method: 'POST',
  path: '/patient/getMedicalRecord',
  access: 'manager',
  audit: { action: 'read', entity: 'medical_record' },
  tag: 'patient',
  summary: 'The medical record of a patient: condition entries, notes and visits, newest first',
  get request() {
    return z.object({ seqMedicalRelation: idField });
  },
  get reply() {
    return success({ record: z.array(medicalRecordItem) });
  },
});
