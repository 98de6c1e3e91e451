export { reportRoutes } from './report.routes.ts';
export { reportService } from './report.service.ts';
