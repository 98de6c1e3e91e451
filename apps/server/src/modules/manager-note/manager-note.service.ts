import {
  type BodyOf,
  type ManagerNote,
  type MedicalRecordItem,
  type addManagerNote,
  type listManagerNotes,
  type modifyManagerNote,
} from '@clinic/contract';
import type { Database } from '../../db/client.ts';
import type { Answer } from '../../http/route.ts';
import { notFound } from '../../domain-error.ts';
import type { Clock, Principal, RequestContext } from '../../context.ts';
import { recordAudit, relationEntry } from '../audit/index.ts';
import { ownedRelationOr404 } from '../shared/index.ts';
import { managerNoteRepository, type ManagerNoteRepository, type NoteRow } from './manager-note.repository.ts';

function toManagerNote(row: NoteRow): ManagerNote {
  return {
    seqManagerNote: row.seqManagerNote,
    seqMedicalRelation: row.seqMedicalRelation,
    noteTitle: row.noteTitle,
    noteContent: row.noteContent,
    isImportant: row.isImportant,
    isPublic: row.isPublic,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The clinician's notes on a relation as entries of its medical record (docs/decisions/0002-patients.md). */
export async function noteRecordItems(
  database: Database,
  seqMedicalRelation: number,
  seqManager: number,
): Promise<MedicalRecordItem[]> {
  const rows = await managerNoteRepository(database).listAll(seqMedicalRelation, seqManager);
  return rows.map((row): MedicalRecordItem => ({
    kind: 'note',
    at: row.createdAt.toISOString(),
    note: toManagerNote(row),
  }));
}

export interface ManagerNoteService {
  list(
    principal: Principal,
    body: BodyOf<typeof listManagerNotes>,
    context: RequestContext,
  ): Promise<Answer<typeof listManagerNotes>>;
  add(principal: Principal, body: BodyOf<typeof addManagerNote>, context: RequestContext): Promise<ManagerNote>;
  modify(principal: Principal, body: BodyOf<typeof modifyManagerNote>, context: RequestContext): Promise<ManagerNote>;
  markImportant(
    principal: Principal,
    seqManagerNote: number,
    isImportant: boolean,
    context: RequestContext,
  ): Promise<void>;
  remove(principal: Principal, seqManagerNote: number, context: RequestContext): Promise<void>;
}

export function managerNoteService({ db, now }: { db: Database; now: Clock }): ManagerNoteService {
  async function ownedNote(database: Database, seqManagerNote: number, principal: Principal) {
    const note = await managerNoteRepository(database).findOwned(seqManagerNote, principal.seqManager);
    if (!note) throw notFound();
    return note;
  }

  /** Changes a note of the clinician's and records it, in one transaction. */
  function change(
    principal: Principal,
    seqManagerNote: number,
    context: RequestContext,
    action: 'update' | 'delete',
    changes: Parameters<ManagerNoteRepository['update']>[1],
  ) {
    return db.transaction(async (tx) => {
      const note = await ownedNote(tx, seqManagerNote, principal);
      const updated = await managerNoteRepository(tx).update(seqManagerNote, { ...changes, updatedAt: now() });
      await recordAudit(tx, principal, context, now(), [relationEntry(action, 'manager_note', note, seqManagerNote)]);
      return updated;
    });
  }

  return {
    async list(principal, body, context) {
      const relation = await ownedRelationOr404(db, principal.seqManager, body.seqMedicalRelation);
      const page = await managerNoteRepository(db).listPage(body.seqMedicalRelation, principal.seqManager, body);
      await recordAudit(db, principal, context, now(), [relationEntry('read', 'manager_note', relation)]);
      return { noteList: page.rows.map(toManagerNote), totalCount: page.totalCount };
    },

    async add(principal, body, context) {
      return db.transaction(async (tx) => {
        const relation = await ownedRelationOr404(tx, principal.seqManager, body.seqMedicalRelation);
        const row = await managerNoteRepository(tx).insert({
          seqMedicalRelation: body.seqMedicalRelation,
          seqManager: principal.seqManager,
          noteTitle: body.noteTitle,
          noteContent: body.noteContent,
          isImportant: body.isImportant,
          isPublic: body.isPublic,
          createdAt: now(),
          updatedAt: now(),
        });
        await recordAudit(tx, principal, context, now(), [
          relationEntry('create', 'manager_note', relation, row.seqManagerNote),
        ]);
        return toManagerNote(row);
      });
    },

    async modify(principal, body, context) {
      const { seqManagerNote, ...changes } = body;
      return toManagerNote(await change(principal, seqManagerNote, context, 'update', changes));
    },

    async markImportant(principal, seqManagerNote, isImportant, context) {
      await change(principal, seqManagerNote, context, 'update', { isImportant });
    },

    async remove(principal, seqManagerNote, context) {
      await change(principal, seqManagerNote, context, 'delete', { removedAt: now() });
    },
  };
}
