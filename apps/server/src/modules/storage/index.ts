export { registerFileDownload, sendStoredFile, storageRoutes, tooLarge, uploadLimits } from './storage.routes.ts';
export { keepUpload, storageService, type StorageService } from './storage.service.ts';
