export { managerNoteRoutes } from './manager-note.routes.ts';
export { type ManagerNoteService, managerNoteService, noteRecordItems } from './manager-note.service.ts';
export { keepPrivateNote } from './private-note.ts';
