export { registerFileDownload, storageRoutes, tooLarge, uploadLimits } from './storage.routes.ts';
export { storageService } from './storage.service.ts';
export { uploadRepository } from './upload.repository.ts';
