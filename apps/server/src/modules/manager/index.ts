export { managerRoutes } from './manager.routes.ts';
export { type ManagerService, managerService } from './manager.service.ts';
