export { registerFileDownload, storageRoutes, tooLarge, uploadLimits } from './storage.routes.ts';
export { storageService, type StorageService } from './storage.service.ts';
