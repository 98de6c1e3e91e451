export { managerNoteRoutes } from './manager-note.routes.ts';
export { type ManagerNoteService, managerNoteService, noteRecordItems } from './manager-note.service.ts';
export { managerNoteRepository } from './manager-note.repository.ts';
