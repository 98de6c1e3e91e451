import type { Database } from '../../db/client.ts';
import { managerNoteRepository } from './manager-note.repository.ts';

/**
 * Keeps a clinician's private note in a patient's medical record, in the caller's transaction;
 * answers the note's id for the caller's audit entry.
 */
export async function keepPrivateNote(
  database: Database,
  note: { seqMedicalRelation: number; seqManager: number; title: string; content: string; at: Date },
): Promise<number> {
  const row = await managerNoteRepository(database).insert({
    seqMedicalRelation: note.seqMedicalRelation,
    seqManager: note.seqManager,
    noteTitle: note.title,
    noteContent: note.content,
    isImportant: false,
    isPublic: false,
    createdAt: note.at,
    updatedAt: note.at,
  });
  return row.seqManagerNote;
}
