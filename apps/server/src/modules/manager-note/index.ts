export { managerNoteRepository } from './manager-note.repository.ts';
export { managerNoteRoutes } from './manager-note.routes.ts';
export { type ManagerNoteService, managerNoteService, toManagerNote } from './manager-note.service.ts';
