import { z } from 'zod';
import { defineEndpoint, success } from './endpoint.ts';
import { conditionEntry } from './patient.ts';
import { managerNote } from './manager-note.ts';
import { schedule } from './schedule.ts';
import { idField } from './validation.ts';

/** One day of the message thread, in the reader's time zone (docs/decisions/0016-messages.md). */
export const messageDay = z.object({
  /** `YYYY-MM-DD` in the caller's time zone. */
  day: z.string(),
  count: z.number().int(),
  firstAt: z.string(),
  lastAt: z.string(),
});
export type MessageDay = z.infer<typeof messageDay>;

/**
 * The patient's condition entries, notes, visits and days of messages as one chronological record;
 * a visit is placed at its start, a day of messages at its last message.
 */
export const medicalRecordItem = z.lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('condition'), at: z.string(), condition: conditionEntry }),
    z.object({ kind: z.literal('note'), at: z.string(), note: managerNote }),
    z.object({ kind: z.literal('visit'), at: z.string(), visit: schedule }),
    z.object({ kind: z.literal('messages'), at: z.string(), messages: messageDay }),
  ]),
);
export type MedicalRecordItem = z.infer<typeof medicalRecordItem>;

export const getMedicalRecord = defineEndpoint({
  method: 'POST',
  path: '/patient/getMedicalRecord',
  access: 'manager',
  audit: { action: 'read', entity: 'medical_record' },
  tag: 'patient',
  summary: 'The medical record of a patient: condition entries, notes, visits and days of messages, newest first',
  get request() {
    return z.object({ seqMedicalRelation: idField });
  },
  get reply() {
    return success({ record: z.array(medicalRecordItem) });
  },
});
