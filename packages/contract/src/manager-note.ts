import { z } from 'zod';
import { defineEndpoint, success } from './endpoint.ts';
import { rules } from './rules.ts';
import { idField } from './validation.ts';

const tag = 'managerNote';

export const managerNote = z.lazy(() =>
  z.object({
    seqManagerNote: z.number().int(),
    seqMedicalRelation: z.number().int(),
    noteTitle: z.string(),
    noteContent: z.string(),
    isImportant: z.boolean(),
    isPublic: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type ManagerNote = z.infer<typeof managerNote>;

const noteTitleField = z.lazy(() =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(rules.noteTitleMax, { error: 'validation.too_long' }),
);
const noteContentField = z.lazy(() =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(rules.noteMax, { error: 'validation.note_too_long' }),
);

/** A note the clinician keeps on a patient. A private note is seen only by its author. */
export const noteFields = z.object({
  noteTitle: noteTitleField,
  noteContent: noteContentField,
  isImportant: z.boolean(),
  isPublic: z.boolean(),
});

export const listManagerNotes = defineEndpoint({
  method: 'POST',
  path: '/managerNote/list',
  access: 'manager',
  audit: { action: 'read', entity: 'manager_note' },
  tag,
  summary: 'Notes on a patient, important first then newest, paged from startIndex',
  get request() {
    return z.object({
      seqMedicalRelation: idField,
      startIndex: z.number().int().min(0).max(1_000_000),
      size: z.number().int().min(1).max(rules.notePageMax),
      /** Only public (true) or only private (false) notes; all when absent. */
      isPublic: z.boolean().nullable().optional(),
    });
  },
  get reply() {
    return success({ noteList: z.array(managerNote), totalCount: z.number().int() });
  },
});

export const addManagerNote = defineEndpoint({
  method: 'POST',
  path: '/managerNote/add',
  access: 'manager',
  audit: { action: 'create', entity: 'manager_note' },
  tag,
  summary: 'Writes a note on a patient',
  get request() {
    return noteFields.extend({ seqMedicalRelation: idField });
  },
  get reply() {
    return success({ note: managerNote });
  },
});

export const modifyManagerNote = defineEndpoint({
  method: 'PUT',
  path: '/managerNote/modify',
  access: 'manager',
  audit: { action: 'update', entity: 'manager_note' },
  tag,
  summary: 'Changes a note',
  get request() {
    return noteFields.extend({ seqManagerNote: idField });
  },
  get reply() {
    return success({ note: managerNote });
  },
});

export const markManagerNoteImportant = defineEndpoint({
  method: 'PUT',
  path: '/managerNote/important',
  access: 'manager',
  audit: { action: 'update', entity: 'manager_note' },
  tag,
  summary: 'Stars or unstars a note',
  get request() {
    return z.object({ seqManagerNote: idField, isImportant: z.boolean() });
  },
  get reply() {
    return success({});
  },
});

export const removeManagerNote = defineEndpoint({
  method: 'PUT',
  path: '/managerNote/remove',
  access: 'manager',
  audit: { action: 'delete', entity: 'manager_note' },
  tag,
  summary: 'Removes a note',
  get request() {
    return z.object({ seqManagerNote: idField });
  },
  get reply() {
    return success({});
  },
});
