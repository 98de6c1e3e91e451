import {
  addManagerNote,
  listManagerNotes,
  markManagerNoteImportant,
  modifyManagerNote,
  removeManagerNote,
} from '@clinic/contract';
import { ok, principalOf, route, type Route } from '../../http/route.ts';
import type { ManagerNoteService } from './manager-note.service.ts';

export function managerNoteRoutes(notes: ManagerNoteService): Route[] {
  return [
    route(listManagerNotes, async (body, context) => ({
      ...ok,
      ...(await notes.list(principalOf(context), body, context)),
    })),
    route(addManagerNote, async (body, context) => ({
      ...ok,
      note: await notes.add(principalOf(context), body, context),
    })),
    route(modifyManagerNote, async (body, context) => ({
      ...ok,
      note: await notes.modify(principalOf(context), body, context),
    })),
    route(markManagerNoteImportant, async (body, context) => {
      await notes.markImportant(principalOf(context), body.seqManagerNote, body.isImportant, context);
      return ok;
    }),
    route(removeManagerNote, async (body, context) => {
      await notes.remove(principalOf(context), body.seqManagerNote, context);
      return ok;
    }),
  ];
}
